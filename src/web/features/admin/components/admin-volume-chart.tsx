import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatBdtAmount } from "../admin-format.ts";

type Day = { day: string; deposits: string; withdrawals: string };

const depositColour = "#047857"; // emerald-700
const withdrawalColour = "#b45309"; // amber-700

const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayLabel.format(date);
}

/** 12500 → "12.5k": short axis labels. */
function compact(value: number): string {
  return new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(value);
}

/**
 * 30 days of approved volume as bars (loaded on demand: recharts is the largest library here).
 * The bars are drawn from numbers, so the amounts become floats for plotting only; every figure a
 * person reads (tooltip, table) comes from the exact decimal strings.
 */
export default function AdminVolumeChart({ daily }: { daily: readonly Day[] }) {
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
        aria-label={`Bar chart of approved deposits and withdrawals per day for the last ${daily.length} days. The same figures are in the table below.`}
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
                const exact = name === "Deposits" ? point?.deposits : point?.withdrawals;
                return [exact === undefined ? "" : formatBdtAmount(exact), name];
              }}
            />
            <Legend wrapperStyle={{ fontSize: 13 }} />
            <Bar dataKey="depositsValue" name="Deposits" fill={depositColour} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="withdrawalsValue" name="Withdrawals" fill={withdrawalColour} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        {hasVolume ? "Only approved (completed) transactions count." : "No approved deposits or withdrawals in the last 30 days."}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">Show the figures as a table</summary>
        <div className="mt-3 max-h-80 overflow-auto rounded-lg border" role="region" aria-label="Daily volume figures" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Approved deposits and withdrawals per day</caption>
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Deposits
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Withdrawals
                </th>
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((d) => (
                <tr key={d.day} className="border-t">
                  <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                    {d.day}
                  </th>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatBdtAmount(d.deposits)}</td>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatBdtAmount(d.withdrawals)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
