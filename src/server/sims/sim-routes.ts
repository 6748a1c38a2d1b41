// The customer's SIM endpoints: GET and POST /api/sims, DELETE /api/sims/:id.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { simCreateSchema, simSchema } from "#shared/sim-schemas.ts";
import type { Guards } from "../auth/guards.ts";
import { noContentSchema } from "#shared/wallet-schemas.ts";
import type { Db } from "../db/client.ts";
import { idParams } from "../http/id-params.ts";
import { addSim, listOwnSims, removeOwnSim, toSimDto } from "./sims.ts";

export function registerSimRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/sims",
    { schema: { tags: ["customer"], response: { 200: z.object({ items: z.array(simSchema) }) } }, onRequest: guards.requireUser },
    async (request) => ({
      items: (await listOwnSims(db, request.user!.id)).map(toSimDto),
    }),
  );

  r.post(
    "/api/sims",
    { schema: { tags: ["customer"], body: simCreateSchema, response: { 201: simSchema } }, onRequest: guards.requireUser },
    async (request, reply) => {
      const sim = await addSim(db, { userId: request.user!.id, ...request.body });
      return reply.status(201).send(toSimDto(sim));
    },
  );

  r.delete(
    "/api/sims/:id",
    { schema: { tags: ["customer"], params: idParams, response: { 204: noContentSchema } }, onRequest: guards.requireUser },
    async (request, reply) => {
      await removeOwnSim(db, { userId: request.user!.id, simId: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
