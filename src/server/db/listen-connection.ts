// The LISTEN connection to PostgreSQL, kept alive across the database's restarts (decision 047).
// LISTEN belongs to one session: when the connection ends (a restart, a failover, a terminated
// backend, a network cut), the server hears nothing more until it listens again on a new one. So a
// lost connection is reconnected, again and again with a growing pause, and the owner is told both
// when it was lost and when it is back: notifications sent in between reached nobody here, and
// whoever depends on them must catch up (the event hub tells the browsers to refetch).
import pg from "pg";

export type ConnectionLog = {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

export type ListenEvents = {
  /** The connection ended: notifications are missed until onRestored. */
  onLost?: () => void;
  /** Listening again on a new connection. */
  onRestored?: () => void;
};

/** Pauses between reconnection attempts, in milliseconds; the last one repeats. */
const reconnectPausesMs = [100, 250, 500, 1000, 2000, 5000];

export async function listenWithReconnect(options: {
  url: string;
  channel: string;
  onPayload: (payload: string) => void;
  events: ListenEvents;
  log: () => ConnectionLog;
}): Promise<() => Promise<void>> {
  const { url, channel, onPayload, events, log } = options;
  let current: pg.Client | null = null;
  let stopped = false;
  let failedAttempts = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 });
    // Without a listener an 'error' event would stop the whole process (Node's rule for emitters).
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client, undefined));
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };

  /** Each client is lost once, whether it says so with 'error', 'end' or both. */
  const lost = (client: pg.Client, error: unknown) => {
    if (client !== current || stopped) return;
    current = null;
    client.end().catch(() => undefined);
    log().warn({ err: error }, "change events: the LISTEN connection ended; reconnecting");
    events.onLost?.();
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    const pause = reconnectPausesMs[Math.min(failedAttempts, reconnectPausesMs.length - 1)]!;
    retry = setTimeout(() => void reconnect(), pause);
    retry.unref();
  };

  const reconnect = async () => {
    if (stopped) return;
    try {
      const client = await connect();
      if (stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
      log().info({ attempts: failedAttempts + 1 }, "change events: listening again");
      failedAttempts = 0;
      events.onRestored?.();
    } catch {
      failedAttempts += 1;
      scheduleReconnect();
    }
  };

  current = await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
