import { describe, expect, it } from "vitest";
import { coveragePercent, droppedMoreThanTwoPercent, usdtReserveInPoisha } from "./coverage.ts";

describe("solvency arithmetic", () => {
  it("values USDT at the rate, rounded down to the poisha", () => {
    expect(usdtReserveInPoisha(1_000_000n, "125")).toBe(12_500n);
    // 0.000079 USDT is 0.98750 poisha: rounded down, never up.
    expect(usdtReserveInPoisha(79n, "125")).toBe(0n);
    expect(usdtReserveInPoisha(1_500_250_000n, "125.50")).toBe(18_828_137n);
  });

  it("gives coverage in percent with two decimals, rounded down", () => {
    expect(coveragePercent(100n, 100n)).toBe("100.00");
    expect(coveragePercent(9_999n, 10_000n)).toBe("99.99");
    expect(coveragePercent(99_999n, 100_000n)).toBe("99.99");
    expect(coveragePercent(3n, 1n)).toBe("300.00");
    expect(coveragePercent(0n, 5n)).toBe("0.00");
    expect(coveragePercent(5n, 0n)).toBeNull();
  });

  it("calls a fall of more than 2 % of the day's first coverage a drop", () => {
    expect(droppedMoreThanTwoPercent("120.00", "117.00")).toBe(true);
    expect(droppedMoreThanTwoPercent("100.00", "98.00")).toBe(false);
    expect(droppedMoreThanTwoPercent("100.00", "97.99")).toBe(true);
    expect(droppedMoreThanTwoPercent(null, "50.00")).toBe(false);
    expect(droppedMoreThanTwoPercent("120.00", "150.00")).toBe(false);
  });
});
