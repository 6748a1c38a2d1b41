// How the solvency screen and the dashboard's banner put the figures into words: whether coverage
// is enough, how old a reserve's last good read is, and one sentence per alert. Plain functions with
// relative imports only, so the unit test runs them without the web build's aliases.
import { msg } from "@lingui/core/macro";
import type { SolvencyDto } from "#shared/solvency-schemas.ts";
import { bengaliDigits } from "#shared/money.ts";
import { shownLocale } from "../../../lib/locale-format.ts";
import { translated } from "../shell/admin-i18n.ts";

/**
 * "healthy" from 100 % up, "short" below it, "none" when nothing is owed (coverage null). Only the
 * whole percent is compared: "99.99" is short and "100.00" is not, without a float on the way.
 */
export function coverageTone(coverage: string | null): "healthy" | "short" | "none" {
  if (coverage === null) return "none";
  const whole = /^(\d+)(\.\d+)?$/.exec(coverage)?.[1];
  if (whole === undefined) return "none";
  return BigInt(whole) >= 100n ? "healthy" : "short";
}

/** "101.25" → "101.25 %" (Bengali digits in Bangla); null → "—". */
export function coverageText(coverage: string | null): string {
  if (coverage === null) return "—";
  return `${shownLocale() === "bn" ? bengaliDigits(coverage) : coverage} %`;
}

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** How long ago `asOf` was, in the largest whole unit: two hours and a half → [-2, "hour"]. Under a minute → [0, "minute"]. */
export function ageOf(asOf: string, nowMs: number): [number, Intl.RelativeTimeFormatUnit] {
  const elapsedMs = Math.max(0, nowMs - new Date(asOf).getTime());
  for (const [unit, sizeMs] of units) {
    const count = Math.floor(elapsedMs / sizeMs);
    if (count >= 1) return [-count, unit];
  }
  return [0, "minute"];
}

/** "2 hours ago" / "২ ঘণ্টা আগে". */
export function ageText(asOf: string, nowMs: number = Date.now()): string {
  const [value, unit] = ageOf(asOf, nowMs);
  const format = new Intl.RelativeTimeFormat(shownLocale() === "bn" ? "bn-BD" : "en-US", { numeric: "auto" });
  return format.format(value, unit);
}

type Alert = SolvencyDto["alerts"][number];

/** One plain sentence per alert, for the dashboard's red banner. */
export function alertSentence(alert: Alert): string {
  switch (alert.kind) {
    case "coverage_below_100":
      return translated(msg`Reserves are below what customers are owed: coverage is under 100 %.`);
    case "coverage_dropped":
      return translated(msg`Coverage dropped by more than 2 % since yesterday.`);
    case "reserve_blacklisted": {
      const address = alert.address ?? "";
      return translated(msg`Tether has frozen the reserve address ${address}: its USDT cannot be moved.`);
    }
  }
}
