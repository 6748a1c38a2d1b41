// What the company owes and holds, now (decision 053): liabilities are every balance (held money
// included: a pending withdrawal is still the customer's); reserves are the USDT on the reserve
// addresses at their last good read, valued at the rate, plus each mobile wallet's expected float.
import { sql } from "drizzle-orm";
import { floatWalletTypes, type FloatWalletType } from "#shared/solvency-schemas.ts";
import { queryRows, type Db } from "../db/db-handle.ts";
import { usdtReserveInPoisha } from "./coverage.ts";

export type ReserveReading = {
  address: string;
  amountMicro: bigint | null;
  readAt: Date | null;
  blacklisted: boolean | null;
  lastError: string | null;
};

export type FloatStatus = {
  walletType: FloatWalletType;
  /** The last reading; null before the first. */
  amountMinor: bigint | null;
  recordedAt: Date | null;
  note: string | null;
  recordedByEmail: string | null;
  /** The last reading minus the payouts approved through this provider since it was taken. */
  expectedMinor: bigint | null;
};

export type Reserves = {
  usdtAddresses: string[];
  readings: ReserveReading[];
  usdtMicro: bigint;
  /** The oldest last good read of the addresses (null if one was never read): the figure is at least this fresh. */
  usdtAsOf: Date | null;
  usdtMinor: bigint;
  floats: FloatStatus[];
  /** The expected floats, a negative one counted as none. */
  floatsMinor: bigint;
  totalMinor: bigint;
};

export type ReserveSettings = { reserveAddresses: readonly string[]; rateBdtPerUsdt: string };

const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));
const bigintOf = (value: bigint | string | number | null): bigint | null => (value === null ? null : BigInt(value));

export async function readLiabilities(db: Db): Promise<bigint> {
  const [row] = await queryRows<{ total: string | bigint }>(db, sql`select coalesce(sum(balance_minor), 0)::text as total from profiles`);
  return BigInt(row!.total);
}

async function readReserveReadings(db: Db, addresses: readonly string[]): Promise<ReserveReading[]> {
  const rows = await queryRows<{
    address: string;
    amount_micro: string | null;
    read_at: Date | string | null;
    blacklisted: boolean | null;
    last_error: string | null;
  }>(db, sql`select address, amount_micro::text, read_at, blacklisted, last_error from reserve_readings`);
  const byAddress = new Map(rows.map((row) => [row.address, row]));
  return addresses.map((address) => {
    const row = byAddress.get(address);
    return {
      address,
      amountMicro: bigintOf(row?.amount_micro ?? null),
      readAt: dateOf(row?.read_at ?? null),
      blacklisted: row?.blacklisted ?? null,
      lastError: row?.last_error ?? null,
    };
  });
}

/**
 * Each wallet's newest reading and the customer withdrawals paid through that provider since (a
 * withdrawal's reference is "<provider>:<number>"). One statement for the three wallets.
 */
export async function readFloats(db: Db): Promise<FloatStatus[]> {
  const rows = await queryRows<{
    wallet_type: FloatWalletType;
    amount_minor: string | null;
    recorded_at: Date | string | null;
    note: string | null;
    email: string | null;
    paid_since: string | null;
  }>(
    db,
    sql`select w.wallet_type, f.amount_minor::text, f.recorded_at, f.note, u.email,
          (select coalesce(sum(t.amount_minor), 0)::text from transactions t
            where f.id is not null and t.type = 'withdraw' and t.origin = 'customer' and t.status = 'completed'
              and t.reference like w.wallet_type || ':%' and t.processed_at > f.recorded_at) as paid_since
        from unnest(array['bKash', 'Nagad', 'Upay']) as w(wallet_type)
        left join lateral (select * from float_readings r where r.wallet_type = w.wallet_type
                           order by r.recorded_at desc, r.id desc limit 1) f on true
        left join "user" u on u.id = f.recorded_by`,
  );
  const byType = new Map(rows.map((row) => [row.wallet_type, row]));
  return floatWalletTypes.map((walletType) => {
    const row = byType.get(walletType);
    const amountMinor = bigintOf(row?.amount_minor ?? null);
    return {
      walletType,
      amountMinor,
      recordedAt: dateOf(row?.recorded_at ?? null),
      note: row?.note ?? null,
      recordedByEmail: row?.email ?? null,
      expectedMinor: amountMinor === null ? null : amountMinor - BigInt(row?.paid_since ?? "0"),
    };
  });
}

export async function readReserves(db: Db, settings: ReserveSettings): Promise<Reserves> {
  const [readings, floats] = [await readReserveReadings(db, settings.reserveAddresses), await readFloats(db)];
  const usdtMicro = readings.reduce((total, reading) => total + (reading.amountMicro ?? 0n), 0n);
  const neverRead = readings.some((reading) => reading.readAt === null);
  const oldest = readings.reduce<Date | null>((min, r) => (r.readAt && (!min || r.readAt < min) ? r.readAt : min), null);
  const usdtMinor = usdtReserveInPoisha(usdtMicro, settings.rateBdtPerUsdt);
  const floatsMinor = floats.reduce((total, f) => total + (f.expectedMinor !== null && f.expectedMinor > 0n ? f.expectedMinor : 0n), 0n);
  return {
    usdtAddresses: [...settings.reserveAddresses],
    readings,
    usdtMicro,
    usdtAsOf: neverRead ? null : oldest,
    usdtMinor,
    floats,
    floatsMinor,
    totalMinor: usdtMinor + floatsMinor,
  };
}
