import { Trans, useLingui } from "@lingui/react/macro";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { bengaliDigits } from "#shared/money.ts";
import { dateFormatter, formatCount, numberFormatter, shownLocale } from "@/lib/locale-format.ts";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";
import { Th } from "@/features/admin/components/admin-table.tsx";

type Day = { day: string; deposits: string; withdrawals: string };

const depositColour = "#047857"; // emerald-700
const withdrawalColour = "#b45309"; // amber-700

const dayLabel = dateFormatter({ month: "short", day: "numeric", timeZone: "UTC" });
function shortDay(day: string): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO date for the parser, not words
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayLabel(date);
}

/** 12500 → "12.5K": short axis labels. */
const compact = numberFormatter({ notation: "compact", maximumFractionDigits: 1 });

/**
 * 30 days of approved volume as bars (loaded on demand: recharts is the largest library here).
 * The bars are drawn from numbers, so the amounts become floats for plotting only; every figure a
 * person reads (tooltip, table) comes from the exact decimal strings.
 */
export default function AdminVolumeChart({ daily }: { daily: readonly Day[] }) {
  const { t } = useLingui();
  const depositsName = t`Deposits`;
  const withdrawalsName = t`Withdrawals`;
  const dayCount = formatCount(daily.length);
  const chartDays = formatCount(30);
  const points = daily.map((d) => ({
    ...d,
    label: shortDay(d.day),
    depositsValue: Number(d.deposits),
    withdrawalsValue: Number(d.withdrawals),
  }));
  const byLabel = new Map(points.map((p) => [p.label, p]));
  const hasVolume = points.some((p) => p.depositsValue > 0 || p.withdrawalsValue > 0);

  return (
    <figure className="grid gap-3">
      <div
        className="h-72 w-full"
        role="img"
        aria-label={t`Bar chart of approved deposits and withdrawals per day for the last ${dayCount} days. The same figures are in the table below.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#475569" }} interval="preserveStartEnd" minTickGap={16} />
            <YAxis tickFormatter={compact} tick={{ fontSize: 12, fill: "#475569" }} width={48} allowDecimals={false} />
            <Tooltip
              cursor={{ fill: "#f1f5f9" }}
              formatter={(_value, name, item) => {
                const point = byLabel.get(String((item.payload as { label?: unknown } | undefined)?.label));
                const exact = name === depositsName ? point?.deposits : point?.withdrawals;
                return [exact === undefined ? "" : formatBdtAmount(exact), name];
              }}
            />
            <Legend wrapperStyle={{ fontSize: 13 }} />
            <Bar dataKey="depositsValue" name={depositsName} fill={depositColour} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar
              dataKey="withdrawalsValue"
              name={withdrawalsName}
              fill={withdrawalColour}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        {hasVolume ? (
          <Trans>Only approved (completed) transactions count.</Trans>
        ) : (
          <Trans>No approved deposits or withdrawals in the last {chartDays} days.</Trans>
        )}
      </figcaption>
      <VolumeTable daily={daily} />
    </figure>
  );
}

/** The same figures as a table, newest day first: for screen readers, and for exact amounts. */
function VolumeTable({ daily }: { daily: readonly Day[] }) {
  const { t } = useLingui();
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary">
        <Trans>Show the figures as a table</Trans>
      </summary>
      <div className="mt-3 max-h-80 overflow-auto rounded-lg border" role="region" aria-label={t`Daily volume figures`} tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            <Trans>Approved deposits and withdrawals per day</Trans>
          </caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <Th className="py-2">{t`Day`}</Th>
              <Th className="py-2 text-right">{t`Deposits`}</Th>
              <Th className="py-2 text-right">{t`Withdrawals`}</Th>
            </tr>
          </thead>
          <tbody>
            {[...daily].reverse().map((d) => (
              <tr key={d.day} className="border-t">
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                  {shownLocale() === "bn" ? bengaliDigits(d.day) : d.day}
                </th>
                <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatBdtAmount(d.deposits)}</td>
                <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatBdtAmount(d.withdrawals)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
