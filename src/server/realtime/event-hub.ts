// One LISTEN per server process, fanned out to every open event stream. Each subscriber says which
// events it may see: a customer only their own rows, an admin everything.
import type { Database } from "../db/client.ts";
import { changesChannel, type ChangeEvent } from "./notify.ts";

type Subscriber = (event: ChangeEvent) => void;

export type EventHub = {
  subscribe: (subscriber: Subscriber) => () => void;
  close: () => Promise<void>;
};

export async function createEventHub(database: Database, log: { warn: (obj: object, msg: string) => void }): Promise<EventHub> {
  const subscribers = new Set<Subscriber>();
  const stopListening = await database.listen(changesChannel, (payload) => {
    let event: ChangeEvent;
    try {
      event = JSON.parse(payload) as ChangeEvent;
    } catch (error) {
      log.warn({ err: error, payload }, "unreadable change notification");
      return;
    }
    for (const subscriber of subscribers) subscriber(event);
  });
  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    close: stopListening,
  };
}
