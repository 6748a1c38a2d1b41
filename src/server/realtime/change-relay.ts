// The relay of row-change events (decision 029, docs/architecture.md, Realtime). A change writes its
// event into change_events in its own transaction (nexapay_notify_change); this sends the waiting
// events as NOTIFYs, which every server process's event hub hears, and deletes them, in one
// statement of its own (nexapay_relay_change_events, migration 0018).
//
// Why not NOTIFY inside the change: PostgreSQL lets notifying transactions commit only one at a
// time, each waiting for its own flush to disk, and every money action notified. The relay's
// transaction notifies for many changes at once and does not wait for the disk.
//
// It is woken after each successful write request (kick), a few milliseconds later, so that the
// changes of a busy moment go out in one statement rather than one each (a statement per request
// cost more than the NOTIFYs it replaced, bench/api). It also polls every second for the rest: the
// chain watcher's credits, other processes' changes whose own relay stopped, the command-line tools.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";
import { oneRunAtATime } from "../db/one-run-at-a-time.ts";

type Log = { error: (obj: object, msg: string) => void };

export type ChangeRelay = {
  /** Relays in a few milliseconds: a write request has just succeeded. */
  kick: () => void;
  /** Relays every waiting event, one batch after another; answers how many it sent. */
  relayDue: () => Promise<number>;
  /** Stops polling and waits for the batch being sent. */
  stop: () => Promise<void>;
};

/** Events a statement sends at most: a busy second's events, and a NOTIFY queue that stays small. */
const batchSize = 500;

/** How long a kick waits, gathering the events of the requests that end meanwhile. */
const gatherMs = 20;

export function createChangeRelay(options: { db: Db; log: Log; pollMs?: number }): ChangeRelay {
  const { db, log } = options;
  const pollMs = options.pollMs ?? 1000;
  let stopped = false;
  let gathering: NodeJS.Timeout | undefined;

  const relayBatch = async () => {
    const [row] = await queryRows<{ relayed: number }>(db, sql`select nexapay_relay_change_events(${batchSize}) as relayed`);
    return row?.relayed ?? 0;
  };

  /** Batch after batch until fewer than a full one were waiting (or the relay stops). */
  const relayWaiting = async () => {
    let relayed = 0;
    for (;;) {
      const sent = await relayBatch();
      relayed += sent;
      if (sent < batchSize || stopped) return relayed;
    }
  };

  /** One run at a time; a kick during a run asks for one more right after it, for what committed meanwhile. */
  const { run: relayDue, finished } = oneRunAtATime(relayWaiting, () => stopped);

  const relayLogged = () => {
    if (stopped) return;
    relayDue().catch((error: unknown) => log.error({ err: error }, "change relay: could not send the waiting events"));
  };

  const timer = setInterval(relayLogged, pollMs);
  timer.unref();
  relayLogged();

  return {
    kick() {
      if (gathering || stopped) return;
      gathering = setTimeout(() => {
        gathering = undefined;
        relayLogged();
      }, gatherMs);
    },
    relayDue,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(gathering);
      await finished();
    },
  };
}
