import { describe, expect, it } from "vitest";
import { trxIdLabel, walletNumberOf, withdrawalMethodOf } from "./payout.ts";

describe("withdrawalMethodOf", () => {
  it("reads the method before the colon", () => {
    expect(withdrawalMethodOf("bKash:01712345678")).toBe("bKash");
    expect(withdrawalMethodOf("Nagad:01812345678")).toBe("Nagad");
    expect(withdrawalMethodOf("Upay:01912345678")).toBe("Upay");
  });
  it("is null for no reference, no colon, or another word", () => {
    expect(withdrawalMethodOf(null)).toBeNull();
    expect(withdrawalMethodOf("12.5 USDT from TXyz")).toBeNull();
    expect(withdrawalMethodOf("Rocket:01712345678")).toBeNull();
    expect(withdrawalMethodOf("bkash:01712345678")).toBeNull();
  });
});

describe("walletNumberOf", () => {
  it("reads the number after the colon", () => expect(walletNumberOf("bKash:01712345678")).toBe("01712345678"));
  it("is null without one", () => {
    expect(walletNumberOf(null)).toBeNull();
    expect(walletNumberOf("bKash:")).toBeNull();
    expect(walletNumberOf("no colon")).toBeNull();
  });
});

describe("trxIdLabel", () => {
  it("names the provider's transaction ID", () => {
    expect(trxIdLabel("bKash")).toBe("bKash TrxID");
    expect(trxIdLabel("Upay")).toBe("Upay TrxID");
    expect(trxIdLabel(null)).toBe("TrxID");
  });
});
