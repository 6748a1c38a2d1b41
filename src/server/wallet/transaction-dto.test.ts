import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { limitsFrom } from "./limits.ts";
import { isExpiredDeposit, toTransactionDto, type TransactionRow } from "./transaction-dto.ts";

const row: TransactionRow = {
  id: "5f0c9a52-8f7e-4d1e-9b8a-0d6c2f1e3a47",
  userId: "0b7e4a1c-2d3f-4e5a-8b9c-1d2e3f4a5b6c",
  type: "deposit",
  amountMinor: 154_321n,
  usdtMicro: 12_345_678n,
  rate: "125",
  status: "pending",
  reference: "12.345678 USDT from TKBTfBqELELT4JwJepyXTD18pcAVTpGe74",
  origin: "customer",
  idempotencyKey: "retry-1",
  createdAt: new Date("2025-03-10T05:00:00.123Z"),
  processedAt: null,
  processedBy: null,
  rejectReason: null,
  searchText: "",
  fromAddress: "TKBTfBqELELT4JwJepyXTD18pcAVTpGe74",
  txid: null,
  chainTransferId: null,
  payoutReference: null,
  payMicro: 12_350_078n,
  expiresAt: new Date("2025-03-10T06:00:00.123Z"),
};

describe("toTransactionDto", () => {
  it("answers amounts as exact decimal strings and dates as ISO 8601", () => {
    expect(toTransactionDto(row)).toEqual({
      id: row.id,
      userId: row.userId,
      type: "deposit",
      amount: "1543.21",
      usdtAmount: "12.345678",
      rate: "125",
      status: "pending",
      reference: row.reference,
      txid: null,
      receivedOnChain: false,
      payAmount: "12.350078",
      expiresAt: "2025-03-10T06:00:00.123Z",
      // Its window ended long ago with nothing received.
      expired: true,
      payoutReference: null,
      rejectReason: null,
      createdAt: "2025-03-10T05:00:00.123Z",
      processedAt: null,
      // Read with the row by the customer's queries (decision 040); a row alone carries none.
      beingPaid: false,
      receivedUsdt: null,
      chainIssue: null,
    });
  });

  it("the customer's facts beyond the row: being paid, what arrived, the chain's trouble", () => {
    const dto = toTransactionDto(row, { beingPaid: false, receivedMicro: "45000000", chainIssue: "amount_differs" });
    expect(dto).toMatchObject({ beingPaid: false, receivedUsdt: "45", chainIssue: "amount_differs" });
    expect(toTransactionDto({ ...row, type: "withdraw" }, { beingPaid: true })).toMatchObject({ beingPaid: true, receivedUsdt: null });
  });

  it("a withdrawal has no USDT amount; a processed row has its time", () => {
    const dto = toTransactionDto({
      ...row,
      type: "withdraw",
      amountMinor: 5_000_000_000_000_01n,
      usdtMicro: null,
      rate: null,
      status: "completed",
      processedAt: new Date("2025-03-10T06:30:00Z"),
    });
    expect(dto).toMatchObject({ amount: "5000000000000.01", usdtAmount: null, rate: null, processedAt: "2025-03-10T06:30:00.000Z" });
  });

  it("never leaks the internal columns (origin, idempotency key, who processed it); the reject reason is the customer's to see", () => {
    const dto = toTransactionDto({ ...row, processedBy: row.userId, rejectReason: "no" });
    expect(Object.keys(dto).sort()).toEqual([
      "amount",
      "beingPaid",
      "chainIssue",
      "createdAt",
      "expired",
      "expiresAt",
      "id",
      "payAmount",
      "payoutReference",
      "processedAt",
      "rate",
      "receivedOnChain",
      "receivedUsdt",
      "reference",
      "rejectReason",
      "status",
      "txid",
      "type",
      "usdtAmount",
      "userId",
    ]);
    expect(dto.rejectReason).toBe("no");
  });
});

describe("limitsFrom", () => {
  const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: "/tmp/nexapay-unit", AUTH_SECRET: "x".repeat(32), ...env });

  it("turns the configured limits into minor units: 10 USDT, 500 BDT, 50,000 BDT by default", () => {
    expect(limitsFrom(config())).toEqual({
      depositMinMicro: 10_000_000n,
      withdrawalMinPoisha: 50_000n,
      withdrawalDailyMaxPoisha: 5_000_000n,
    });
  });

  it("0 disables a limit", () => {
    expect(limitsFrom(config({ DEPOSIT_MIN_USDT: "0", WITHDRAWAL_MIN_BDT: "0", WITHDRAWAL_DAILY_MAX_BDT: "0" }))).toEqual({
      depositMinMicro: 0n,
      withdrawalMinPoisha: 0n,
      withdrawalDailyMaxPoisha: 0n,
    });
  });
});

describe("isExpiredDeposit (decision 038)", () => {
  const now = new Date("2025-03-10T06:00:00.123Z");
  it("a pending deposit with nothing received is expired from the end of its window on", () => {
    expect(isExpiredDeposit(row, now)).toBe(true);
    expect(isExpiredDeposit(row, new Date(now.getTime() - 1))).toBe(false);
  });
  it("a settled, decided or windowless row never is", () => {
    expect(isExpiredDeposit({ ...row, chainTransferId: "0b7e4a1c-2d3f-4e5a-8b9c-1d2e3f4a5b6d" }, now)).toBe(false);
    expect(isExpiredDeposit({ ...row, status: "completed" }, now)).toBe(false);
    expect(isExpiredDeposit({ ...row, status: "rejected" }, now)).toBe(false);
    expect(isExpiredDeposit({ ...row, expiresAt: null }, now)).toBe(false);
    expect(isExpiredDeposit({ ...row, type: "withdraw" }, now)).toBe(false);
  });
});
