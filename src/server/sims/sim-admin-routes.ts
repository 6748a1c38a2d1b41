// The back office's SIM endpoints (docs/architecture.md, HTTP API › Admin): the list, a decision,
// a deletion. Every route requires an admin. Routes parse, authorise, call one service, shape.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminSimSchema, adminSimsQuerySchema, simDecisionSchema, simStatusChangeSchema } from "#shared/admin-schemas.ts";
import { noContentSchema, pageSchema } from "#shared/wallet-schemas.ts";
import { actingAdmin, type Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { idParams } from "../http/id-params.ts";
import { deleteSimAsAdmin, setSimStatus } from "./sim-decisions.ts";
import { listAdminSims } from "./sim-queries.ts";
import { pageOf } from "../http/page-of.ts";

export function registerSimAdminRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const tags = ["admin"];

  r.get(
    "/api/admin/sims",
    { schema: { tags, querystring: adminSimsQuerySchema, response: { 200: pageSchema(adminSimSchema) } }, ...admin },
    async (request) => pageOf(request.query, listAdminSims(db, request.query)),
  );

  r.patch(
    "/api/admin/sims/:id",
    { schema: { tags, params: idParams, body: simStatusChangeSchema, response: { 200: simDecisionSchema } }, ...admin },
    async (request) => {
      await setSimStatus(db, { ...actingAdmin(request), simId: request.params.id, status: request.body.status });
      return { id: request.params.id, status: request.body.status };
    },
  );

  r.delete(
    "/api/admin/sims/:id",
    { schema: { tags, params: idParams, response: { 204: noContentSchema } }, ...admin },
    async (request, reply) => {
      await deleteSimAsAdmin(db, { ...actingAdmin(request), simId: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
