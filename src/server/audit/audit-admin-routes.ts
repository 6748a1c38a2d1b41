// GET /api/admin/audit-log (docs/architecture.md, HTTP API › Admin): requires an admin. Routes
// parse, authorise, call one service, shape.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditEntrySchema, auditLogQuerySchema } from "#shared/admin-schemas.ts";
import { pageSchema } from "#shared/wallet-schemas.ts";
import type { Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { listAuditLog } from "./audit-queries.ts";
import { pageOf } from "../http/page-of.ts";

export function registerAuditAdminRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/audit-log",
    {
      schema: { tags: ["admin"], querystring: auditLogQuerySchema, response: { 200: pageSchema(auditEntrySchema) } },
      onRequest: guards.requireAdmin,
    },
    async (request) => pageOf(request.query, listAuditLog(db, request.query)),
  );
}
