import { describe, expect, it } from "vitest";
import { chainStates } from "#shared/admin-schemas.ts";
import { chainFilterOptions, chainStateLabels, needsChainAcknowledgement, shortTxid, usdtText } from "./chain-evidence.ts";

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
