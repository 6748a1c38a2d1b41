// The owner's sessions (decision 039): GET /api/me/sessions lists where they are signed in,
// DELETE /api/me/sessions/:id ends one, DELETE /api/me/sessions ends every one but this browser's.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ownSessionListSchema } from "#shared/session-schemas.ts";
import { noContentSchema } from "#shared/wallet-schemas.ts";
import type { Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { idParams } from "../http/id-params.ts";
import { endOtherOwnSessions, endOwnSession } from "./session-actions.ts";
import { listOwnSessions } from "./session-queries.ts";

export function registerSessionRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = (user: { id: string; sessionToken: string }, ip: string) => ({ userId: user.id, currentToken: user.sessionToken, ip });

  r.get(
    "/api/me/sessions",
    { schema: { tags: ["customer"], response: { 200: ownSessionListSchema } }, onRequest: guards.requireUser },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const user = request.user!;
      return { items: await listOwnSessions(db, { userId: user.id, currentToken: user.sessionToken, now: new Date() }) };
    },
  );

  r.delete(
    "/api/me/sessions/:id",
    { schema: { tags: ["customer"], params: idParams, response: { 204: noContentSchema } }, onRequest: guards.requireUser },
    async (request, reply) => {
      await endOwnSession(db, { ...owner(request.user!, request.ip), sessionId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  r.delete(
    "/api/me/sessions",
    { schema: { tags: ["customer"], response: { 204: noContentSchema } }, onRequest: guards.requireUser },
    async (request, reply) => {
      await endOtherOwnSessions(db, owner(request.user!, request.ip));
      return reply.status(204).send(null);
    },
  );
}
