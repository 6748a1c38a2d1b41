import { Trans, useLingui } from "@lingui/react/macro";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { SolvencyDto } from "#shared/solvency-schemas.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";
import { ChartFiguresTable } from "@/features/admin/components/chart-figures-table.tsx";
import { compactAmount, shortDay } from "@/features/admin/components/chart-format.ts";

type Day = SolvencyDto["history"][number];

const liabilitiesColour = "#b91c1c"; // red-700
const reservesColour = "#047857"; // emerald-700

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
            <YAxis tickFormatter={compactAmount} tick={{ fontSize: 12, fill: "#475569" }} width={48} />
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

function HistoryTable({ history }: { history: readonly Day[] }) {
  const { t } = useLingui();
  return (
    <ChartFiguresTable
      label={t`Daily solvency figures`}
      caption={t`Liabilities and reserves per day`}
      dayHeader={t`Day`}
      headers={[t`Liabilities`, t`Reserves`]}
      rows={history.map((d) => ({ day: d.date, amounts: [d.liabilitiesBdt, d.reservesBdt] as const }))}
    />
  );
}
