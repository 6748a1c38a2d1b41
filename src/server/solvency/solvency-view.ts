// The solvency screen's answer (GET /api/admin/solvency, decision 053): liabilities beside
// reserves now, the daily history, and what the dashboard's red banner says.
import { sql } from "drizzle-orm";
import { formatBdt, formatUsdt } from "#shared/money.ts";
import type { SolvencyDto } from "#shared/solvency-schemas.ts";
import { queryRows, type Db } from "../db/db-handle.ts";
import { coverageHundredths, coveragePercent, droppedMoreThanTwoPercent } from "./coverage.ts";
import { readLiabilities, readReserves, type FloatStatus, type Reserves, type ReserveSettings } from "./reserves.ts";

/** Days of history the screen shows. */
export const historyDays = 90;

type HistoryRow = { day: string; liabilities: string; reserves: string };

async function readHistory(db: Db): Promise<HistoryRow[]> {
  const rows = await queryRows<{ day: string | Date; liabilities: string; reserves: string }>(
    db,
    sql`select day::text as day, liabilities_minor::text as liabilities, reserves_minor::text as reserves
        from solvency_snapshots order by day desc limit ${historyDays}`,
  );
  return rows.reverse().map((row) => ({ ...row, day: String(row.day) }));
}

function floatDto(f: FloatStatus): SolvencyDto["floats"][number] {
  return {
    walletType: f.walletType,
    amountBdt: f.amountMinor === null ? null : formatBdt(f.amountMinor),
    asOf: f.recordedAt?.toISOString() ?? null,
    expectedBdt: f.expectedMinor === null ? null : formatBdt(f.expectedMinor),
    note: f.note,
    recordedBy: f.recordedByEmail,
  };
}

function alertsOf(reserves: Reserves, coverage: string | null, history: HistoryRow[]): SolvencyDto["alerts"] {
  const alerts: SolvencyDto["alerts"] = [];
  if (coverage !== null && coverageHundredths(coverage) < 10_000n) alerts.push({ kind: "coverage_below_100" });
  const today = history.at(-1);
  const dayStart = today ? coveragePercent(BigInt(today.reserves), BigInt(today.liabilities)) : null;
  if (droppedMoreThanTwoPercent(dayStart, coverage)) alerts.push({ kind: "coverage_dropped" });
  for (const reading of reserves.readings) if (reading.blacklisted) alerts.push({ kind: "reserve_blacklisted", address: reading.address });
  return alerts;
}

export async function readSolvency(db: Db, settings: ReserveSettings): Promise<SolvencyDto> {
  const liabilities = await readLiabilities(db);
  const reserves = await readReserves(db, settings);
  const history = await readHistory(db);
  const coverage = coveragePercent(reserves.totalMinor, liabilities);
  return {
    liabilitiesBdt: formatBdt(liabilities),
    reservesBdt: formatBdt(reserves.totalMinor),
    coverage,
    usdtReserve: {
      addresses: reserves.usdtAddresses,
      amount: formatUsdt(reserves.usdtMicro),
      asOf: reserves.usdtAsOf?.toISOString() ?? null,
      rate: settings.rateBdtPerUsdt,
      amountBdt: formatBdt(reserves.usdtMinor),
      readings: reserves.readings.map((r) => ({
        address: r.address,
        amount: r.amountMicro === null ? null : formatUsdt(r.amountMicro),
        asOf: r.readAt?.toISOString() ?? null,
        blacklisted: r.blacklisted,
        lastError: r.lastError,
      })),
    },
    floats: reserves.floats.map(floatDto),
    history: history.map((row) => ({
      date: row.day,
      liabilitiesBdt: formatBdt(BigInt(row.liabilities)),
      reservesBdt: formatBdt(BigInt(row.reserves)),
    })),
    alerts: alertsOf(reserves, coverage, history),
  };
}

/** Today's row (Asia/Dhaka), once: a second process or a second start the same day writes nothing. */
export async function takeDailySolvencySnapshot(db: Db, settings: ReserveSettings): Promise<void> {
  const liabilities = await readLiabilities(db);
  const reserves = await readReserves(db, settings);
  await db.execute(sql`insert into solvency_snapshots (day, liabilities_minor, reserves_minor, usdt_micro, floats_minor)
    values ((now() at time zone 'Asia/Dhaka')::date, ${liabilities.toString()}::bigint, ${reserves.totalMinor.toString()}::bigint,
      ${reserves.usdtMicro.toString()}::bigint, ${reserves.floatsMinor.toString()}::bigint)
    on conflict (day) do nothing`);
}
