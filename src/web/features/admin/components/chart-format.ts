// What the back office's charts (daily volume, solvency history) write on their axes: short day
// labels in the shown language and compact amounts.
import { dateFormatter, numberFormatter } from "@/lib/locale-format.ts";

const dayLabel = dateFormatter({ month: "short", day: "numeric", timeZone: "UTC" });

/** "2026-11-27" → "Nov 27" (or its Bangla); anything unparseable as it came. */
export function shortDay(isoDate: string): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO date for the parser, not words
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? isoDate : dayLabel(parsed);
}

/** 12500 → "12.5K": short axis labels. */
export const compactAmount = numberFormatter({ notation: "compact", maximumFractionDigits: 1 });
