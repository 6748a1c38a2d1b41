// The proof of reserves' endpoints (docs/proof-of-reserves.md, decision 053): the published summary
// for everyone, a customer's own proof, and a super admin's snapshot on demand.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorCodes } from "#shared/api-error.ts";
import { proofOfLiabilitiesSchema, proofOfReservesSchema, snapshotTakenSchema } from "#shared/solvency-schemas.ts";
import type { Guards } from "../auth/guards.ts";
import type { Db } from "../db/db-handle.ts";
import { AppError } from "../http/errors.ts";
import type { ReserveSettings } from "../solvency/reserves.ts";
import { readCustomerProof, readPublishedProof, readSnapshotSummary } from "./proof-queries.ts";
import { SnapshotBusyError, takeProofSnapshot } from "./take-snapshot.ts";

export function registerProofRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards; settings: ReserveSettings }): void {
  const { db, guards, settings } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      await guards.requireAdmin(request, reply);
      if (request.adminRole !== "super_admin") throw new AppError(403, errorCodes.forbidden, "Only a super admin can publish a proof.");
    },
  };

  r.get("/api/proof-of-reserves", { schema: { tags: ["public"], response: { 200: proofOfReservesSchema } } }, async () => {
    const proof = await readPublishedProof(db);
    if (!proof) throw new AppError(404, errorCodes.notFound, "No proof has been published yet.");
    return proof;
  });

  r.get(
    "/api/me/proof-of-liabilities",
    { schema: { tags: ["customer"], response: { 200: proofOfLiabilitiesSchema } }, onRequest: guards.requireUser },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const proof = await readCustomerProof(db, request.user!.id);
      if (!proof)
        throw new AppError(
          404,
          errorCodes.notFound,
          "Your balance is not in a published proof yet. The next one is taken at midnight (Dhaka time).",
        );
      return proof;
    },
  );

  r.post(
    "/api/admin/proof-of-reserves/snapshots",
    { schema: { tags: ["admin"], response: { 201: snapshotTakenSchema } }, ...superAdmin },
    async (request, reply) => {
      const taken = await takeProofSnapshot(db, settings, { takenBy: request.user!.id, ip: request.ip, day: null }).catch(
        (error: unknown) => {
          if (error instanceof SnapshotBusyError) throw new AppError(409, errorCodes.conflict, error.message);
          throw error;
        },
      );
      const snapshot = await readSnapshotSummary(db, taken!.id);
      return reply.status(201).send(snapshot!);
    },
  );
}
