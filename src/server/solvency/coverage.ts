// The arithmetic of solvency (decision 053), exact and on the cautious side: a reserve figure is
// rounded down, never up, so the screen can only understate what the company holds.
import { parseRate } from "#shared/money.ts";

/** USDT held, in poisha at the configured rate, rounded down to the poisha. */
export function usdtReserveInPoisha(micro: bigint, rate: string): bigint {
  return (micro * parseRate(rate)) / 1_000_000n;
}

/**
 * Reserves over liabilities in percent, with two decimals, rounded down ("99.99" never shows as
 * "100.00"); null when nothing is owed (any reserve covers nothing infinitely well).
 */
export function coveragePercent(reservesMinor: bigint, liabilitiesMinor: bigint): string | null {
  if (liabilitiesMinor <= 0n) return null;
  const hundredths = (reservesMinor * 10_000n) / liabilitiesMinor;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`;
}

/** A coverage figure in hundredths of a percent, for comparing two days exactly. */
export function coverageHundredths(coverage: string): bigint {
  const [whole = "0", fraction = "00"] = coverage.split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
}

/**
 * The dashboard's "dropped" alert: coverage fell by more than 2 % of itself since the day's first
 * figure (120 % → 117 % is a drop of 2.5 %). Relative, so a fall matters as much at 300 % as at 101 %.
 */
export function droppedMoreThanTwoPercent(previous: string | null, current: string | null): boolean {
  if (previous === null || current === null) return false;
  return coverageHundredths(current) * 100n < coverageHundredths(previous) * 98n;
}
