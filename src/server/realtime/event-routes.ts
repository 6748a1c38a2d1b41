// GET /api/events: Server-Sent Events telling the browser which rows changed (table and id only;
// the browser refetches through the normal, authorised endpoints). Replaces the spec's row-change
// subscriptions (spec §7 "Realtime").
import type { FastifyInstance } from "fastify";
import { adminRoleOf, hasTwoFactor } from "../auth/accounts.ts";
import type { Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import type { EventHub } from "./event-hub.ts";

const heartbeatMs = 25_000;

export function registerEventRoutes(app: FastifyInstance, deps: { db: Db; hub: EventHub; guards: Guards }): void {
  app.get("/api/events", { schema: { tags: ["customer"] }, onRequest: deps.guards.requireUser }, async (request, reply) => {
    const userId = request.user!.id;
    // The back office's view needs the back office's sign-in: role and second factor.
    const seesEverything = (await adminRoleOf(deps.db, userId)) !== null && (await hasTwoFactor(deps.db, userId));
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write("retry: 5000\n\n");
    const unsubscribe = deps.hub.subscribe((event) => {
      if (!seesEverything && event.userId !== userId) return;
      res.write(`event: change\ndata: ${JSON.stringify({ table: event.table, id: event.id })}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), heartbeatMs);
    request.raw.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
