// The table behind a back-office chart ("Show the figures as a table"): the same figures for screen
// readers and for anyone who wants the numbers, newest day first, amounts as exact decimal strings.
import { Trans } from "@lingui/react/macro";
import { bengaliDigits } from "#shared/money.ts";
import { shownLocale } from "@/lib/locale-format.ts";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";
import { Th } from "@/features/admin/components/admin-table.tsx";

export type FiguresRow = { day: string; amounts: readonly [string, string] };

export function ChartFiguresTable(props: {
  /** The scrolling region's name. */
  label: string;
  caption: string;
  /** The two amount columns' headers; the first column is the day. */
  headers: readonly [string, string];
  dayHeader: string;
  /** Oldest first, as the chart draws them. */
  rows: readonly FiguresRow[];
}) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary">
        <Trans>Show the figures as a table</Trans>
      </summary>
      <div className="mt-3 max-h-80 overflow-auto rounded-lg border" role="region" aria-label={props.label} tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{props.caption}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <Th className="py-2">{props.dayHeader}</Th>
              <Th className="py-2 text-right">{props.headers[0]}</Th>
              <Th className="py-2 text-right">{props.headers[1]}</Th>
            </tr>
          </thead>
          <tbody>
            {[...props.rows].reverse().map((row) => (
              <tr key={row.day} className="border-t">
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                  {shownLocale() === "bn" ? bengaliDigits(row.day) : row.day}
                </th>
                {row.amounts.map((amount, i) => (
                  <td key={i} className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
                    {formatBdtAmount(amount)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
