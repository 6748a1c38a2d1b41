import { describe, expect, it } from "vitest";
import { matchesQuery } from "./text-search.ts";

describe("matchesQuery", () => {
  const fields = ["Withdraw to bKash in minutes", "Guides"];

  it("matches everything when the query is empty or blank", () => {
    expect(matchesQuery("", fields)).toBe(true);
    expect(matchesQuery("   ", fields)).toBe(true);
  });

  it("ignores case and word order, across fields", () => {
    expect(matchesQuery("BKASH withdraw", fields)).toBe(true);
    expect(matchesQuery("guides minutes", fields)).toBe(true);
  });

  it("needs every word to occur", () => {
    expect(matchesQuery("bkash nagad", fields)).toBe(false);
  });

  it("ignores accents", () => {
    expect(matchesQuery("cafe", ["Café payments"])).toBe(true);
  });
});
