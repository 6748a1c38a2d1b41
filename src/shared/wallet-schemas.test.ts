import { describe, expect, it } from "vitest";
import { customerTransactionsQuerySchema, searchTextSchema } from "./wallet-schemas.ts";

describe("searchTextSchema", () => {
  it.each([
    ["1,500", "1500"],
    ["1,500.00", "1500.00"],
    ["  2500 ", "2500"],
    ["bKash:0171", "bKash:0171"],
    ["a,b", "a,b"],
  ])("%j → %j", (input, output) => {
    expect(searchTextSchema.parse(input)).toBe(output);
  });

  it("defaults to no search and refuses over 100 characters", () => {
    expect(searchTextSchema.parse(undefined)).toBe("");
    expect(searchTextSchema.safeParse("x".repeat(101)).success).toBe(false);
  });
});

describe("customerTransactionsQuerySchema", () => {
  it("caps the page size at 100 and defaults to 5", () => {
    expect(customerTransactionsQuerySchema.parse({ pageSize: "500" }).pageSize).toBe(100);
    expect(customerTransactionsQuerySchema.parse({}).pageSize).toBe(5);
    expect(customerTransactionsQuerySchema.safeParse({ pageSize: "0" }).success).toBe(false);
    expect(customerTransactionsQuerySchema.safeParse({ page: "1.5" }).success).toBe(false);
  });
});
