import { Trans, useLingui } from "@lingui/react/macro";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "@/lib/locale-format.ts";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";
import { ChartFiguresTable } from "@/features/admin/components/chart-figures-table.tsx";
import { compactAmount, shortDay } from "@/features/admin/components/chart-format.ts";

type Day = { day: string; deposits: string; withdrawals: string };

const depositColour = "#047857"; // emerald-700
const withdrawalColour = "#b45309"; // amber-700

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
            <YAxis tickFormatter={compactAmount} tick={{ fontSize: 12, fill: "#475569" }} width={48} allowDecimals={false} />
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

function VolumeTable({ daily }: { daily: readonly Day[] }) {
  const { t } = useLingui();
  return (
    <ChartFiguresTable
      label={t`Daily volume figures`}
      caption={t`Approved deposits and withdrawals per day`}
      dayHeader={t`Day`}
      headers={[t`Deposits`, t`Withdrawals`]}
      rows={daily.map((d) => ({ day: d.day, amounts: [d.deposits, d.withdrawals] as const }))}
    />
  );
}
