import { describe, expect, it } from "vitest";
import { chainStates } from "#shared/admin-schemas.ts";
import {
  chainFilterOptions,
  chainStateLabels,
  depositWindowOf,
  needsChainAcknowledgement,
  payAmountText,
  sameUsdtAmount,
  sentFromAnotherAddress,
  shortTxid,
  usdtText,
} from "./chain-evidence.ts";

describe("chainStateLabels", () => {
  it("names every state with the product's words", () => {
    expect(chainStates.map((state) => chainStateLabels[state])).toEqual([
      "Confirmed on chain",
      "Amount differs",
      "Not seen on chain yet",
      "Chain check off",
    ]);
  });
  it("gives the filter All and then every state", () => {
    expect(chainFilterOptions.map((option) => option.value)).toEqual(["all", ...chainStates]);
    expect(chainFilterOptions[0].label).toBe("All");
  });
});

describe("shortTxid", () => {
  it("keeps the first 8 and last 6 characters of a TXID", () => {
    expect(shortTxid("a".repeat(8) + "0".repeat(50) + "b".repeat(6))).toBe("aaaaaaaa…bbbbbb");
  });
  it("leaves a short text alone", () => expect(shortTxid("abc")).toBe("abc"));
});

describe("usdtText", () => {
  it("adds the unit without changing the digits", () => expect(usdtText("20.500000")).toBe("20.500000 USDT"));
});

describe("needsChainAcknowledgement", () => {
  const deposit = { type: "deposit", status: "pending" } as const;
  it("asks for a pending deposit that is not seen or differs", () => {
    expect(needsChainAcknowledgement({ ...deposit, chain: { state: "not_seen", transfer: null } })).toBe(true);
    expect(needsChainAcknowledgement({ ...deposit, chain: { state: "amount_differs", transfer: null } })).toBe(true);
  });
  it("does not ask when confirmed, when the watcher is off, or for withdrawals and adjustments", () => {
    expect(needsChainAcknowledgement({ ...deposit, chain: { state: "confirmed", transfer: null } })).toBe(false);
    expect(needsChainAcknowledgement({ ...deposit, chain: { state: "off", transfer: null } })).toBe(false);
    expect(needsChainAcknowledgement({ ...deposit, chain: null })).toBe(false);
    expect(needsChainAcknowledgement({ type: "withdraw", status: "pending", chain: null })).toBe(false);
  });
  it("does not ask for a decided deposit", () => {
    expect(needsChainAcknowledgement({ type: "deposit", status: "completed", chain: { state: "not_seen", transfer: null } })).toBe(false);
  });
});

describe("payAmountText", () => {
  it("drops the zeros after the last digit, exactly", () => {
    expect(payAmountText("50.013700")).toBe("50.0137 USDT");
    expect(payAmountText("50.000001")).toBe("50.000001 USDT");
    expect(payAmountText("100.010000")).toBe("100.01 USDT");
    expect(payAmountText("5e1")).toBe("5e1 USDT"); // not an amount: as sent
  });
  it("keeps the whole part of a round amount", () => expect(payAmountText("20.000000")).toBe("20 USDT"));
});

describe("sameUsdtAmount", () => {
  it("compares micro-USDT, not text", () => {
    expect(sameUsdtAmount("50.0137", "50.013700")).toBe(true);
    expect(sameUsdtAmount("50", "50.000001")).toBe(false);
  });
  it("is false for a text that is not an amount", () => expect(sameUsdtAmount("abc", "abc")).toBe(false));
});

describe("sentFromAnotherAddress", () => {
  const transfer = {
    id: "c1",
    txid: "ab".repeat(32),
    fromAddress: "TSender",
    amount: "50",
    blockTime: "",
    firstSeenAt: "",
    senderBlacklisted: false,
  };
  it("is true when the transfer's sender is not the address the customer gave", () => {
    expect(sentFromAnotherAddress({ fromAddress: "TCustomer", chain: { state: "confirmed", transfer } })).toBe(true);
  });
  it("is false for the same address, no address given, or no transfer", () => {
    expect(sentFromAnotherAddress({ fromAddress: "TSender", chain: { state: "confirmed", transfer } })).toBe(false);
    expect(sentFromAnotherAddress({ fromAddress: null, chain: { state: "confirmed", transfer } })).toBe(false);
    expect(sentFromAnotherAddress({ fromAddress: "TCustomer", chain: { state: "not_seen", transfer: null } })).toBe(false);
    expect(sentFromAnotherAddress({ fromAddress: "TCustomer", chain: null })).toBe(false);
  });
});

describe("depositWindowOf", () => {
  const now = Date.parse("2026-11-27T10:00:00Z");
  const deposit = { type: "deposit", expiresAt: "2026-11-27T10:30:00Z", expired: false } as const;
  it("is open until its end", () => expect(depositWindowOf(deposit, now)).toEqual({ kind: "open", at: deposit.expiresAt }));
  it("has ended once its end has passed", () => {
    expect(depositWindowOf(deposit, Date.parse("2026-11-27T10:30:00Z"))).toEqual({ kind: "ended", at: deposit.expiresAt });
  });
  it("is expired when the server says so", () => {
    expect(depositWindowOf({ ...deposit, expired: true }, now)).toEqual({ kind: "expired", at: deposit.expiresAt });
  });
  it("is none without a window, and for withdrawals", () => {
    expect(depositWindowOf({ ...deposit, expiresAt: null }, now)).toEqual({ kind: "none" });
    expect(depositWindowOf({ ...deposit, type: "withdraw" }, now)).toEqual({ kind: "none" });
  });
});
