// GET /api/admin/contact-messages (docs/architecture.md, HTTP API › Admin): requires an admin.
// Routes parse, authorise, call one service, shape.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { storedContactMessageSchema } from "#shared/contact-schemas.ts";
import { pageQuerySchema, pageSchema } from "#shared/wallet-schemas.ts";
import type { Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { listContactMessages } from "./contact-queries.ts";

export function registerContactAdminRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/contact-messages",
    {
      schema: { tags: ["admin"], querystring: pageQuerySchema(20), response: { 200: pageSchema(storedContactMessageSchema) } },
      onRequest: guards.requireAdmin,
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await listContactMessages(db, { page, pageSize })), page, pageSize };
    },
  );
}
