// Reads GET /api/events over a real socket (Server-Sent Events need a live connection, which
// app.inject cannot hold open): fetch with the browser's cookies, parsed event by event.
import type { Browser } from "../test-app.ts";

export type ServerSentEvent = { event: string; data: string };

export type EventStream = {
  status: number;
  contentType: string | null;
  cacheControl: string | null;
  /** Every event received so far, in order. */
  events: ServerSentEvent[];
  /** Resolves with the first event (already received or still to come) that matches, or rejects after timeoutMs. */
  waitFor: (matches: (event: ServerSentEvent) => boolean, timeoutMs?: number) => Promise<ServerSentEvent>;
  /** Resolves when the server ends the stream; rejects after timeoutMs if it is still open. */
  waitForEnd: (timeoutMs?: number) => Promise<void>;
  close: () => void;
};

export async function openEventStream(baseUrl: string, browser: Browser): Promise<EventStream> {
  const controller = new AbortController();
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: cookie ? { cookie, accept: "text/event-stream" } : { accept: "text/event-stream" },
    signal: controller.signal,
  });
  const events: ServerSentEvent[] = [];
  const waiters = new Set<() => void>();
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            markEnded();
            return;
          }
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = "message";
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line.startsWith("event:")) event = line.slice(6).trim();
              else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
            }
            if (data.length > 0) events.push({ event, data: data.join("\n") });
          }
          for (const wake of waiters) wake();
        }
      } catch {
        // Aborted by close(), or the server went away: the stream simply ends.
        markEnded();
      }
    })();
  } else {
    await response.body?.cancel();
  }

  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    cacheControl: response.headers.get("cache-control"),
    events,
    waitFor(matches, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(matches);
          if (!found) return false;
          cleanUp();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`no matching event within ${timeoutMs} ms; received: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const wake = () => void check();
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
        check();
      });
    },
    waitForEnd(timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the stream was still open after ${timeoutMs} ms`)), timeoutMs);
        void ended.then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    close: () => controller.abort(),
  };
}
