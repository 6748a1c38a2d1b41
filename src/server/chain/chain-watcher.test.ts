import { describe, expect, test } from "vitest";
import { backoffDelayMs, maxBackoffMs } from "./chain-watcher.ts";

describe("backoffDelayMs", () => {
  test("the poll interval while polls succeed, doubling with each failure in a row, capped at five minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 100].map((failures) => backoffDelayMs(30_000, failures))).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      maxBackoffMs,
      maxBackoffMs,
      maxBackoffMs,
    ]);
  });

  test("an interval longer than the cap is never shortened", () => {
    expect(backoffDelayMs(3_600_000, 3)).toBe(3_600_000);
  });
});
