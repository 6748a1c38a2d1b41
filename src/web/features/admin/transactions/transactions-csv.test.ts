import { describe, expect, it } from "vitest";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { csvField, csvFileName, transactionsCsv } from "./transactions-csv.ts";

const row: AdminTransactionDto = {
  id: "t1",
  userId: "u1",
  username: "rahim",
  email: "rahim@example.test",
  type: "deposit",
  amount: "12500.00",
  usdtAmount: "100",
  status: "pending",
  reference: "100 USDT from TXyz",
  origin: "customer",
  rejectReason: null,
  payoutReference: null,
  createdAt: "2025-01-05T10:00:00.000Z",
  processedAt: null,
  fromAddress: "TXyz",
  txid: null,
  payAmount: null,
  expiresAt: null,
  expired: false,
  chain: { state: "off", transfer: null },
  risk: null,
  fourEyes: false,
  secondApproval: null,
  receivedCredit: null,
};

describe("csvField", () => {
  it("leaves plain text alone", () => expect(csvField("bKash:01712345678")).toBe("bKash:01712345678"));
  it("quotes commas, quotes and line breaks", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });
  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("-1+1")).toBe("'-1+1");
    expect(csvField("=1,2")).toBe(`"'=1,2"`);
  });
});

describe("transactionsCsv", () => {
  it("writes a header and one CRLF line per row, amounts as exact decimal strings", () => {
    const csv = transactionsCsv([row, { ...row, id: "t2", reference: null, status: "rejected", rejectReason: "Wrong, address" }]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "Id,Type,Username,Email,Amount (BDT),Amount (USDT),Method,Payout reference,Status,Origin,Reject reason,Created at,Processed at," +
        "From address,Claimed TXID,Chain state,Chain TXID,Chain amount (USDT),Block time,Pay amount (USDT),Expires at,Expired",
    );
    expect(lines[1]).toBe(
      "t1,deposit,rahim,rahim@example.test,12500.00,100,100 USDT from TXyz,,pending,customer,,2025-01-05T10:00:00.000Z,," +
        "TXyz,,Chain check off,,,,,,",
    );
    expect(lines[2]).toContain(',rejected,customer,"Wrong, address",');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("");
  });
  it("writes the chain evidence: the state's label, the transfer's TXID, amount and block time", () => {
    const txid = "ab".repeat(32);
    const confirmed: AdminTransactionDto = {
      ...row,
      txid,
      chain: {
        state: "confirmed",
        transfer: {
          id: "c1",
          txid,
          fromAddress: "TXyz",
          amount: "100",
          blockTime: "2025-01-05T09:58:00.000Z",
          firstSeenAt: "2025-01-05T09:58:03.000Z",
          senderBlacklisted: false,
        },
      },
    };
    const withdrawal: AdminTransactionDto = { ...row, id: "t3", type: "withdraw", usdtAmount: null, fromAddress: null, chain: null };
    const lines = transactionsCsv([confirmed, withdrawal]).split("\r\n");
    expect(lines[1]).toMatch(new RegExp(`,TXyz,${txid},Confirmed on chain,${txid},100,2025-01-05T09:58:00.000Z,`));
    expect(lines[2]).toMatch(/,,,,,,,,,$/);
  });
  it("writes a deposit's pay amount, window end and whether it expired; nothing for a withdrawal", () => {
    const open: AdminTransactionDto = { ...row, payAmount: "100.013700", expiresAt: "2025-01-05T11:00:00.000Z" };
    const expired: AdminTransactionDto = { ...open, id: "t4", expired: true };
    const withdrawal: AdminTransactionDto = { ...row, id: "t5", type: "withdraw", usdtAmount: null, fromAddress: null, chain: null };
    const lines = transactionsCsv([open, expired, withdrawal]).split("\r\n");
    expect(lines[1]).toMatch(/,100\.013700,2025-01-05T11:00:00\.000Z,no$/);
    expect(lines[2]).toMatch(/,100\.013700,2025-01-05T11:00:00\.000Z,yes$/);
    expect(lines[3]).toMatch(/,,,$/);
  });
  it("writes a paid withdrawal's payout reference after its method", () => {
    const paid: AdminTransactionDto = {
      ...row,
      type: "withdraw",
      usdtAmount: null,
      status: "completed",
      reference: "bKash:01712345678",
      payoutReference: "9K3LQ2PA7X",
      fromAddress: null,
      chain: null,
    };
    expect(transactionsCsv([paid]).split("\r\n")[1]).toContain(",bKash:01712345678,9K3LQ2PA7X,completed,");
  });
  it("has only the header for no rows", () => expect(transactionsCsv([]).split("\r\n")).toHaveLength(2));
});

describe("csvFileName", () => {
  it("names the filter and the day", () => {
    const now = new Date("2025-01-05T12:00:00Z");
    expect(csvFileName({ type: "all", status: "all", q: "" }, now)).toBe("transactions-2025-01-05.csv");
    expect(csvFileName({ type: "deposit", status: "pending", q: "x" }, now)).toBe("transactions-pending-deposit-search-2025-01-05.csv");
    expect(csvFileName({ type: "all", status: "pending", chain: "not_seen", q: "" }, now)).toBe(
      "transactions-pending-not-seen-2025-01-05.csv",
    );
  });
});
