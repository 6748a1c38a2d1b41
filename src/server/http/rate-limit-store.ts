// The throttles' counters, kept in PostgreSQL (table rate_limit_counters) so that every server
// process on one database enforces one limit: with counters in each process's memory, N processes
// would let N times as many attempts through. A store for @fastify/rate-limit (its `store` option).
//
// Fixed windows: a key's window starts with its first request and lasts the route's timeWindow;
// the first request after it ends starts a new one at 1. Each request costs one statement, an
// upsert that PostgreSQL runs atomically per key, so parallel requests on any number of processes
// are all counted. Times come from the database's clock (now()), so processes whose clocks differ
// still agree on when a window ends.
import type { FastifyBaseLogger } from "fastify";
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";
import { AppError } from "./errors.ts";

/** Rows whose window started this long ago are deleted; no route may have a longer window. */
export const counterRetentionMs = 24 * 60 * 60 * 1000;
/** How often one process deletes old rows (and the first time: at its first limited request). */
const cleanupIntervalMs = 10 * 60 * 1000;

export const databaseDownMessage = "We cannot check this request right now. Please try again in a minute.";

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The store class to give @fastify/rate-limit. The plugin makes one with `new` and then one child
 * per limited route; all of them share this database handle and clean-up clock.
 */
export function createRateLimitStore(deps: { db: Db; log: FastifyBaseLogger }): FastifyRateLimitStoreCtor {
  const { db, log } = deps;
  let lastCleanup = -Infinity;

  function cleanUpNowAndThen(): void {
    const now = Date.now();
    if (now - lastCleanup < cleanupIntervalMs) return;
    lastCleanup = now;
    // Not awaited: a request should not wait for housekeeping. Any process may do it; two doing
    // it at once delete the same rows, which is harmless.
    deleteOldCounters(db).catch((error: unknown) => log.warn({ err: error }, "rate limits: could not delete old counters"));
  }

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    /** Keys of different routes must not meet: many routes key on the IP alone. */
    private readonly prefix: string;

    constructor(_options?: FastifyRateLimitOptions, prefix = "") {
      this.prefix = prefix;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      cleanUpNowAndThen();
      increment(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => {
          // Fail closed: a limiter that let everything through whenever the database did not answer
          // would hand an attacker unlimited guesses by loading the database. A database outage is
          // not the client's fault either, so 503 (try again later), not 429 or 400.
          // The route only: keys hold addresses and e-mails, which the log has no need of.
          log.error({ err: error, route: this.prefix.trim() }, "rate limits: the database did not answer; request refused");
          callback(new AppError(503, "UNAVAILABLE", databaseDownMessage));
        },
      );
    }

    // The plugin calls child() once per route that has its own rateLimit settings, with those
    // settings merged into its defaults; `routeInfo` holds the route (the published types say
    // otherwise, the code at @fastify/rate-limit/index.js says this).
    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const merged = routeOptions as unknown as RouteLimitSettings;
      if (merged.continueExceeding === true || merged.exponentialBackoff === true) {
        // Both stretch a window past timeWindow; this store keeps plain fixed windows only.
        throw new Error("The rate-limit store keeps fixed windows only: continueExceeding and exponentialBackoff are not supported");
      }
      if (typeof merged.timeWindow === "number" && merged.timeWindow > counterRetentionMs) {
        throw new Error(`A rate-limit window longer than ${counterRetentionMs} ms would lose its counters to the clean-up`);
      }
      const method = [merged.routeInfo?.method ?? "ANY"].flat().join(",");
      const url = merged.routeInfo?.url ?? merged.routeInfo?.path ?? "";
      return new PostgresRateLimitStore(undefined, `${method} ${url} `);
    }
  };
}

type RouteLimitSettings = {
  timeWindow?: unknown;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string; path?: string };
};

/** Counts one request for `key`; answers the count in the current window and the ms left of it. */
async function increment(db: Db, key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> {
  const window = sql`(${timeWindowMs}::double precision * interval '1 millisecond')`;
  // In "do update", the bare column names are the row as it was, so both CASEs test the old
  // window; returning gives the row as written.
  const [row] = await queryRows<{ count: number; ttl_ms: number | string }>(
    db,
    sql`insert into rate_limit_counters as c (key, window_start, count)
        values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when c.window_start + ${window} <= now() then 1 else c.count + 1 end,
          window_start = case when c.window_start + ${window} <= now() then now() else c.window_start end
        returning c.count,
          greatest(0, extract(epoch from (c.window_start + ${window} - now())) * 1000)::double precision as ttl_ms`,
  );
  if (!row) throw new Error("rate limits: the counter upsert answered no row");
  return { current: Number(row.count), ttl: Math.ceil(Number(row.ttl_ms)) };
}

/** Deletes counters whose window started more than a day ago (every window has ended by then). */
export async function deleteOldCounters(db: Db): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_counters where window_start < now() - (${counterRetentionMs}::double precision * interval '1 millisecond')`,
  );
}
