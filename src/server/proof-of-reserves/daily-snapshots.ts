// The day's figures, once a day at 00:00 Asia/Dhaka (decision 053): the solvency row for the history
// chart and the dashboard's "dropped" alert, then the proof-of-liabilities snapshot. Checked every
// minute, and at start, so a server that was down at midnight catches up when it comes back. Each is
// taken once per day however many processes run: the solvency row by its unique day, the proof by
// its unique day and an advisory lock.
import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/db-handle.ts";
import type { ReserveSettings } from "../solvency/reserves.ts";
import { takeDailySolvencySnapshot } from "../solvency/solvency-view.ts";
import { SnapshotBusyError, takeProofSnapshot } from "./take-snapshot.ts";

export type DailySnapshots = { start: () => void; stop: () => Promise<void>; runOnce: () => Promise<void> };

const checkEveryMs = 60_000;
/**
 * With the chain watcher on, a fresh install has no reserve reading until its first poll: a row
 * taken before it would record the reserves as nothing. The day's figures wait for every reserve
 * address's first read, for at most this long (an API that never answers must not stop the proof).
 */
const firstReadWaitMs = 10 * 60_000;
const dhakaOffsetMs = 6 * 60 * 60 * 1000;

/** The calendar day in Asia/Dhaka (UTC+6 all year: Bangladesh keeps no summer time). */
export function dhakaDate(now: Date): string {
  return new Date(now.getTime() + dhakaOffsetMs).toISOString().slice(0, 10);
}

async function everyReserveRead(db: Db, addresses: readonly string[]): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reserve_readings where read_at is not null
        and address = any(string_to_array(${addresses.join(",")}, ','))`,
  );
  return row!.n >= addresses.length;
}

export function createDailySnapshots(options: {
  db: Db;
  settings: ReserveSettings;
  /** Whether the chain watcher runs (TRON_API_URL is set): only then are reserve reads awaited. */
  chainOn: boolean;
  log: FastifyBaseLogger;
}): DailySnapshots {
  const { db, settings, log } = options;
  const createdAt = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function run(): Promise<void> {
    const waiting = options.chainOn && Date.now() - createdAt < firstReadWaitMs;
    if (waiting && !(await everyReserveRead(db, settings.reserveAddresses))) return;
    const day = dhakaDate(new Date());
    await takeDailySolvencySnapshot(db, settings);
    const taken = await takeProofSnapshot(db, settings, { takenBy: null, ip: null, day }).catch((error: unknown) => {
      if (error instanceof SnapshotBusyError) return null; // another process is taking it
      throw error;
    });
    if (taken) log.info({ snapshotId: taken.id, leafCount: taken.leafCount, rootHash: taken.rootHash }, "proof of liabilities published");
  }

  function runOnce(): Promise<void> {
    running ??= run()
      .catch((error: unknown) => log.error({ err: error }, "daily solvency snapshot failed; retrying in a minute"))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    start() {
      if (timer) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), checkEveryMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    runOnce,
  };
}
