import { expect, test } from "vitest";
import { fieldsWithNul } from "./nul-characters.ts";

test.each([
  [{ q: "abc" }, []],
  [{ q: "a\u0000c" }, ["q"]],
  [{ a: { b: ["x", "y\u0000"] }, c: "\u0000" }, ["a.b.1", "c"]],
  [
    ["\u0000", ["ok", "\u0000"]],
    ["0", "1.1"],
  ],
  [{ "k\u0000": "v" }, ["k\u0000"]],
  [{ n: 1, b: true, nothing: null, missing: undefined }, []],
  ["\u0000", ["body"]],
  [undefined, []],
])("%j → %j", (value, fields) => {
  expect(fieldsWithNul(value)).toEqual(fields);
});

test("a string at the top is named by the root given", () => {
  expect(fieldsWithNul("\u0000", "query")).toEqual(["query"]);
});

test("at most 20 fields are named, however many hold a NUL", () => {
  expect(fieldsWithNul(Array.from({ length: 1000 }, () => "\u0000"))).toHaveLength(20);
});
