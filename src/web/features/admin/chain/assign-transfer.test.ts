import { describe, expect, it } from "vitest";
import { amountRelationOf, assignBlockOf, looksLikeTransactionId, rankedCandidates } from "./assign-transfer.ts";

describe("looksLikeTransactionId", () => {
  it("takes a pasted id, in either case, with spaces around it", () => {
    expect(looksLikeTransactionId("0f9c2a3e-4b5d-4e6f-8a7b-9c0d1e2f3a4b")).toBe(true);
    expect(looksLikeTransactionId("  0F9C2A3E-4B5D-4E6F-8A7B-9C0D1E2F3A4B ")).toBe(true);
  });
  it("leaves names, e-mails and amounts to the search", () => {
    for (const text of ["rahim", "rahim@example.test", "50.0137", "0f9c2a3e", ""]) expect(looksLikeTransactionId(text)).toBe(false);
  });
});

describe("assignBlockOf", () => {
  const deposit = {
    type: "deposit",
    origin: "customer",
    status: "pending",
    userId: "u1",
    chain: { state: "not_seen", transfer: null },
  } as const;
  it("lets a customer's pending or approved deposit with no transfer take one", () => {
    expect(assignBlockOf(deposit, "admin")).toBeNull();
    expect(assignBlockOf({ ...deposit, status: "completed" }, "admin")).toBeNull();
    expect(assignBlockOf({ ...deposit, chain: { state: "amount_differs", transfer: null } }, "admin")).toBeNull();
  });
  it("says why the others cannot", () => {
    expect(assignBlockOf({ ...deposit, type: "withdraw" }, "admin")).toBe("not_customer_deposit");
    expect(assignBlockOf({ ...deposit, origin: "admin_adjustment" }, "admin")).toBe("not_customer_deposit");
    expect(assignBlockOf({ ...deposit, status: "rejected" }, "admin")).toBe("rejected");
    expect(assignBlockOf({ ...deposit, chain: { state: "confirmed", transfer: null } }, "admin")).toBe("has_transfer");
    expect(assignBlockOf(deposit, "u1")).toBe("own");
  });
});

describe("amountRelationOf", () => {
  it("tells the pay amount from the amount asked for", () => {
    expect(amountRelationOf({ payAmount: "50.013700", usdtAmount: "50" }, "50.0137")).toBe("pay");
    expect(amountRelationOf({ payAmount: "50.013700", usdtAmount: "50" }, "50")).toBe("asked");
    expect(amountRelationOf({ payAmount: "50.013700", usdtAmount: "50" }, "49.99")).toBeNull();
    expect(amountRelationOf({ payAmount: null, usdtAmount: null }, "50")).toBeNull();
  });
});

describe("rankedCandidates", () => {
  it("puts the transfer's amount first, keeping the server's order otherwise", () => {
    const items = [
      { id: "a", payAmount: "20.001000", usdtAmount: "20" },
      { id: "b", payAmount: "50.004200", usdtAmount: "50" },
      { id: "c", payAmount: "30.000100", usdtAmount: "30" },
      { id: "d", payAmount: "50.000100", usdtAmount: "50" },
    ];
    expect(rankedCandidates(items, "50").map((t) => t.id)).toEqual(["b", "d", "a", "c"]);
    expect(rankedCandidates(items, "50.0001").map((t) => t.id)).toEqual(["d", "a", "b", "c"]);
  });
});
