// The business gauges of GET /metrics (decision 045): what waits for people (pending deposits and
// withdrawals, second approvals, unsent e-mail) and how long the chain watcher has been silent.
//
// They come from the database, in one query, AT MOST every 15 seconds whatever the scrape rate: a
// scrape older than that refreshes them (concurrent scrapes share one refresh), a newer one reads the
// values kept. A refresh that fails or hangs keeps the previous values, and is counted, so a sick
// database never turns the scrape into a 500 or piles queries onto it.
import { sql } from "drizzle-orm";
import { Counter, Gauge, type Registry } from "prom-client";
import { queryRows, type Db } from "../db/client.ts";

/** The longest the figures may be reused; also the least time between two refreshes. */
export const refreshIntervalMs = 15_000;
/** A refresh still running after this is given up for this scrape (the previous values are served). */
const refreshTimeoutMs = 5_000;

type Figures = {
  pending_deposits: number;
  pending_withdrawals: number;
  oldest_deposit_seconds: number | null;
  oldest_withdrawal_seconds: number | null;
  second_approvals_awaiting: number;
  outbox_backlog: number;
  outbox_oldest_seconds: number | null;
  chain_last_success_seconds: number | null;
};

/**
 * Every figure in one round trip, on the database's clock. Each counts exactly what the back office
 * shows: pending transactions are the rows GET /api/admin/stats and the transaction list's
 * status=pending filter count (status 'pending', whatever their origin, an expired deposit request
 * included until it is rejected); second approvals are the queue's 'awaiting' ones; the outbox's
 * backlog is every row not sent yet, due now or waiting to be retried.
 */
const figuresQuery = sql`
  with pending as (
    select count(*) filter (where type = 'deposit')::int as deposits,
           count(*) filter (where type = 'withdraw')::int as withdrawals,
           extract(epoch from now() - min(created_at) filter (where type = 'deposit'))::float8 as oldest_deposit,
           extract(epoch from now() - min(created_at) filter (where type = 'withdraw'))::float8 as oldest_withdrawal
    from transactions where status = 'pending'
  ), outbox as (
    select count(*)::int as backlog, extract(epoch from now() - min(created_at))::float8 as oldest
    from email_outbox where sent_at is null
  )
  select p.deposits as pending_deposits, p.withdrawals as pending_withdrawals,
         p.oldest_deposit as oldest_deposit_seconds, p.oldest_withdrawal as oldest_withdrawal_seconds,
         (select count(*)::int from second_approvals where status = 'awaiting') as second_approvals_awaiting,
         o.backlog as outbox_backlog, o.oldest as outbox_oldest_seconds,
         (select extract(epoch from now() - last_success_at)::float8 from chain_watcher_state where id = 1) as chain_last_success_seconds
  from pending p, outbox o`;

export type BusinessGauges = {
  /** Brings the gauges up to date if they are older than 15 s; never throws. */
  refreshIfStale: () => Promise<void>;
};

export function createBusinessGauges(options: {
  registry: Registry;
  db: Db;
  /** Whether the chain watcher is configured: without it, its gauge is absent. */
  chainWatched: boolean;
  log: { warn: (obj: object, msg: string) => void };
  now?: () => number;
}): BusinessGauges {
  const { registry, db, log } = options;
  const now = options.now ?? Date.now;
  const registers = [registry];
  const apply = createFigureGauges(registers, options.chainWatched);
  const refreshes = new Counter({
    name: "nexapay_metrics_refreshes_total",
    help: "Reads of the business gauges from the database (at most one per 15 s)",
    registers,
  });
  const failures = new Counter({
    name: "nexapay_metrics_refresh_failures_total",
    help: "Reads of the business gauges that failed or timed out (the previous values were served)",
    registers,
  });
  let lastRefreshAt = 0;
  new Gauge({
    name: "nexapay_metrics_age_seconds",
    help: "Age of the business gauges' values (how long ago they were last read successfully)",
    registers,
    collect() {
      this.set(lastRefreshAt === 0 ? Number.POSITIVE_INFINITY : (now() - lastRefreshAt) / 1000);
    },
  });

  const refresh = async () => {
    refreshes.inc();
    try {
      const [figures] = await withTimeout(queryRows<Figures>(db, figuresQuery), refreshTimeoutMs);
      if (!figures) throw new Error("the business gauges' query answered no row");
      apply(figures);
      lastRefreshAt = now();
    } catch (error) {
      failures.inc();
      log.warn({ err: error }, "metrics: the business gauges could not be read; serving the previous values");
    }
  };

  let attemptedAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | null = null;
  return {
    refreshIfStale() {
      if (inFlight) return inFlight;
      // Measured from the last attempt, failed or not: a database that is down is asked again in 15 s, not at every scrape.
      if (now() - attemptedAt < refreshIntervalMs) return Promise.resolve();
      attemptedAt = now();
      inFlight = refresh().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

/** The gauges of the figures, registered in this order; answers the function that sets them from a row. */
function createFigureGauges(registers: Registry[], chainWatched: boolean): (figures: Figures) => void {
  const pending = new Gauge({
    name: "nexapay_pending_transactions",
    help: "Pending deposits and withdrawals: what GET /api/admin/stats shows",
    labelNames: ["type"] as const,
    registers,
  });
  const oldestPending = new Gauge({
    name: "nexapay_oldest_pending_seconds",
    help: "Age of the oldest pending transaction of each type (0 when none)",
    labelNames: ["type"] as const,
    registers,
  });
  const awaiting = new Gauge({
    name: "nexapay_second_approvals_awaiting",
    help: "Requests waiting for a second admin (four eyes)",
    registers,
  });
  const backlog = new Gauge({
    name: "nexapay_email_outbox_backlog",
    help: "Customer e-mails not sent yet (due or waiting for a retry)",
    registers,
  });
  const outboxOldest = new Gauge({
    name: "nexapay_email_outbox_oldest_seconds",
    help: "Age of the oldest customer e-mail not sent yet (0 when none)",
    registers,
  });
  const chainAge = chainWatched
    ? new Gauge({
        name: "nexapay_chain_last_success_age_seconds",
        help: "Seconds since the chain watcher's last successful poll (+Inf before its first)",
        registers,
      })
    : null;
  return (f: Figures) => {
    pending.set({ type: "deposit" }, f.pending_deposits);
    pending.set({ type: "withdraw" }, f.pending_withdrawals);
    oldestPending.set({ type: "deposit" }, f.oldest_deposit_seconds ?? 0);
    oldestPending.set({ type: "withdraw" }, f.oldest_withdrawal_seconds ?? 0);
    awaiting.set(f.second_approvals_awaiting);
    backlog.set(f.outbox_backlog);
    outboxOldest.set(f.outbox_oldest_seconds ?? 0);
    // Watched but never successful yet: silent since forever, which the "watcher silent" alert should see.
    chainAge?.set(f.chain_last_success_seconds ?? Number.POSITIVE_INFINITY);
  };
}

/** `promise`, or a rejection after `ms` (the promise itself goes on; its result is then ignored). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
