import { Trans, useLingui } from "@lingui/react/macro";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { SolvencyDto } from "#shared/solvency-schemas.ts";
import { bengaliDigits } from "#shared/money.ts";
import { dateFormatter, formatCount, numberFormatter, shownLocale } from "@/lib/locale-format.ts";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";
import { Th } from "@/features/admin/components/admin-table.tsx";

type Day = SolvencyDto["history"][number];

const liabilitiesColour = "#b91c1c"; // red-700
const reservesColour = "#047857"; // emerald-700

const dayLabel = dateFormatter({ month: "short", day: "numeric", timeZone: "UTC" });
function shortDay(date: string): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO date for the parser, not words
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayLabel(parsed);
}

/** 12500 → "12.5K": short axis labels. */
const compact = numberFormatter({ notation: "compact", maximumFractionDigits: 1 });

/**
 * Liabilities against reserves per day, as two lines (loaded on demand: recharts is large). The lines
 * are drawn from numbers, so the amounts become floats for plotting only; every figure a person
 * reads (tooltip, table) comes from the exact decimal strings.
 */
export default function SolvencyHistoryChart({ history }: { history: readonly Day[] }) {
  const { t } = useLingui();
  const liabilitiesName = t`Liabilities`;
  const reservesName = t`Reserves`;
  const dayCount = formatCount(history.length);
  const points = history.map((d) => ({
    ...d,
    label: shortDay(d.date),
    liabilitiesValue: Number(d.liabilitiesBdt),
    reservesValue: Number(d.reservesBdt),
  }));
  const byLabel = new Map(points.map((p) => [p.label, p]));
  if (history.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No daily figures yet: the first is kept at midnight (Asia/Dhaka).</Trans>
      </p>
    );
  return (
    <figure className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <div
        // min-w-0: the chart's drawn width must not hold the grid open when the screen narrows.
        className="h-72 w-full min-w-0"
        role="img"
        aria-label={t`Line chart of liabilities and reserves per day for ${dayCount} days. The same figures are in the table below.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#475569" }} interval="preserveStartEnd" minTickGap={16} />
            <YAxis tickFormatter={compact} tick={{ fontSize: 12, fill: "#475569" }} width={48} />
            <Tooltip
              formatter={(_value, name, item) => {
                const point = byLabel.get(String((item.payload as { label?: unknown } | undefined)?.label));
                const exact = name === liabilitiesName ? point?.liabilitiesBdt : point?.reservesBdt;
                return [exact === undefined ? "" : formatBdtAmount(exact), name];
              }}
            />
            <Legend wrapperStyle={{ fontSize: 13 }} />
            <Line
              dataKey="liabilitiesValue"
              name={liabilitiesName}
              stroke={liabilitiesColour}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="reservesValue"
              name={reservesName}
              stroke={reservesColour}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <HistoryTable history={history} />
    </figure>
  );
}

/** The same figures as a table, newest day first: for screen readers, and for exact amounts. */
function HistoryTable({ history }: { history: readonly Day[] }) {
  const { t } = useLingui();
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary">
        <Trans>Show the figures as a table</Trans>
      </summary>
      <div className="mt-3 max-h-80 overflow-auto rounded-lg border" role="region" aria-label={t`Daily solvency figures`} tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            <Trans>Liabilities and reserves per day</Trans>
          </caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <Th className="py-2">{t`Day`}</Th>
              <Th className="py-2 text-right">{t`Liabilities`}</Th>
              <Th className="py-2 text-right">{t`Reserves`}</Th>
            </tr>
          </thead>
          <tbody>
            {[...history].reverse().map((d) => (
              <tr key={d.date} className="border-t">
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                  {shownLocale() === "bn" ? bengaliDigits(d.date) : d.date}
                </th>
                <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatBdtAmount(d.liabilitiesBdt)}</td>
                <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatBdtAmount(d.reservesBdt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
