// GET /api/events: Server-Sent Events telling the browser which rows changed (table and id only;
// the browser refetches through the normal, authorised endpoints). A customer hears of their own
// rows; an admin whose session passes the back office's rules hears of everyone's.
//
// A stream outlives the request that opened it, so it re-checks its session before each event and
// at least every 30 seconds: it ends as soon as the session is gone (signed out, password changed,
// suspended, idle, role removed). One person may hold at most five streams at once per server
// process (five tabs is plenty; more is a leak or an attack on our connections).
import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { errorCodes, messages } from "#shared/api-error.ts";
import { sessionStanding } from "../auth/session-standing.ts";
import type { Guards } from "../auth/guards.ts";
import { isDatabaseUnavailable } from "../db/availability.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { EventHub } from "./event-hub.ts";

export const streamsPerUserMax = 5;
const defaultRecheckMs = 25_000;

export function registerEventRoutes(
  app: FastifyInstance,
  deps: { db: Db; hub: EventHub; guards: Guards; /** How often an idle stream re-checks its session. */ recheckMs?: number },
): void {
  const recheckMs = deps.recheckMs ?? defaultRecheckMs;
  const openStreams = new Map<string, number>();

  app.get("/api/events", { schema: { tags: ["customer"] }, onRequest: deps.guards.requireUser }, async (request, reply) => {
    const { id: userId, sessionToken } = request.user!;
    // The back office's view needs the back office's session: role, second factor proven on this
    // session, not idle, not older than 12 hours. Otherwise the person sees their own rows only.
    const { backOffice: seesEverything } = await sessionStanding(deps.db, sessionToken, new Date());
    // The browser may have left while its session was being looked up (a reload, a quick
    // navigation). Its 'close' has then already fired, so a stream counted now would never be
    // uncounted, and five such would lock the person out of live updates until a restart.
    if (request.raw.socket.destroyed) {
      reply.hijack();
      return;
    }
    const open = openStreams.get(userId) ?? 0;
    if (open >= streamsPerUserMax) throw new AppError(429, errorCodes.tooManyStreams, messages.tooManyStreams);
    openStreams.set(userId, open + 1);
    const uncount = () => {
      const left = (openStreams.get(userId) ?? 1) - 1;
      if (left > 0) openStreams.set(userId, left);
      else openStreams.delete(userId);
    };

    reply.hijack();
    startEventStreamAnswer(reply.raw);
    streamEvents({ db: deps.db, hub: deps.hub, request, res: reply.raw, userId, sessionToken, seesEverything, recheckMs, uncount });
  });
}

type EventStream = {
  db: Db;
  hub: EventHub;
  request: FastifyRequest;
  /** The hijacked answer, its head already written. */
  res: ServerResponse;
  userId: string;
  sessionToken: string;
  seesEverything: boolean;
  recheckMs: number;
  /** Called once when the stream ends: it no longer counts against the person's streams. */
  uncount: () => void;
};

/** Writes the stream's events to the hijacked answer until the session is gone or the browser leaves. */
function streamEvents(stream: EventStream): void {
  const { db, hub, request, res, userId, sessionToken, seesEverything } = stream;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(recheck);
    unsubscribe();
    stream.uncount();
    res.end();
  };
  const stillEntitled = async () => {
    const standing = await sessionStanding(db, sessionToken, new Date());
    return seesEverything ? standing.backOffice : standing.signedIn;
  };
  // Set when the session could not be checked because the database was not answering (a restart,
  // decision 047): an event may have gone unwritten, so the browser is told to refetch once a check
  // passes again. The stream itself stays open: the outage is ours, not the session's.
  let missedSome = false;
  const writeIfEntitled = async (text: string) => {
    if (ended) return;
    if (!(await stillEntitled())) return end();
    if (missedSome) res.write("event: resync\ndata: {}\n\n");
    missedSome = false;
    res.write(text);
  };
  // One step at a time, in order: each event waits for the check before it, so nothing is
  // written after the session is found gone.
  let queue = Promise.resolve();
  const enqueue = (step: () => Promise<void>) => {
    queue = queue.then(step).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) {
        missedSome = true;
        return;
      }
      request.log.warn({ err: error }, "event stream: could not re-check the session; ending the stream");
      end();
    });
  };
  const unsubscribe = hub.subscribe({
    onChange(event) {
      if (!seesEverything && event.userId !== userId) return;
      enqueue(() => writeIfEntitled(`event: change\ndata: ${JSON.stringify({ table: event.table, id: event.id })}\n\n`));
    },
    // The server may have missed changes (its LISTEN connection was lost, decision 047): the
    // browser refetches everything it shows. It says nothing about any row, so anyone entitled hears it.
    onResync() {
      missedSome = true;
      enqueue(() => writeIfEntitled(""));
    },
  });
  const recheck = setInterval(() => enqueue(() => writeIfEntitled(": keep-alive\n\n")), stream.recheckMs);
  request.raw.on("close", end);
}

/** The event stream's head and its first line (how long the browser waits before reconnecting). */
function startEventStreamAnswer(res: ServerResponse): void {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  res.write("retry: 5000\n\n");
}
