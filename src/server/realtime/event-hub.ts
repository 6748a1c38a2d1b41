// One LISTEN per server process, fanned out to every open event stream. Each subscriber says which
// events it may see: a customer only their own rows, an admin everything.
//
// On PostgreSQL the LISTEN connection can be lost (a restart, a failover) and is reconnected
// (db/listen-connection.ts). Notifications sent meanwhile reached nobody here, so when it is back
// every subscriber is told to catch up (`onResync`): the browsers refetch what they show
// (decision 047). A stream opened while the connection is down is told too.
import type { Database } from "../db/client.ts";
import { changesChannel, type ChangeEvent } from "./notify.ts";

export type Subscriber = {
  onChange: (event: ChangeEvent) => void;
  /** Some events may have been missed: refetch everything shown. */
  onResync: () => void;
};

export type EventHub = {
  subscribe: (subscriber: Subscriber) => () => void;
  close: () => Promise<void>;
};

type Log = { warn: (obj: object, msg: string) => void };

export async function createEventHub(database: Database, log: Log): Promise<EventHub> {
  const subscribers = new Set<Subscriber>();
  const onPayload = (payload: string) => {
    let event: ChangeEvent;
    try {
      event = JSON.parse(payload) as ChangeEvent;
    } catch (error) {
      log.warn({ err: error, payload }, "unreadable change notification");
      return;
    }
    for (const subscriber of subscribers) subscriber.onChange(event);
  };
  const onRestored = () => {
    for (const subscriber of subscribers) subscriber.onResync();
  };
  const stopListening = await database.listen(changesChannel, onPayload, { onRestored });
  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    close: stopListening,
  };
}
