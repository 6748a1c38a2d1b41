// The back office's verification endpoints (docs/architecture.md, HTTP API › Admin): the list, a
// decision, a user's documents. Every route requires an admin. Routes parse, authorise, call one
// service, shape.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminVerificationSchema,
  adminVerificationsQuerySchema,
  verificationDecisionSchema,
  verificationRejectSchema,
} from "#shared/admin-schemas.ts";
import { errorCodes } from "#shared/api-error.ts";
import { verificationSchema } from "#shared/verification-schemas.ts";
import { pageSchema } from "#shared/wallet-schemas.ts";
import { getAdminProfile } from "../accounts/account-queries.ts";
import { actingAdmin, type Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { idParams, userIdParams } from "../http/id-params.ts";
import { decideVerification } from "./verification-decisions.ts";
import { listAdminVerifications } from "./verification-queries.ts";
import { getVerification } from "./verification.ts";
import { pageOf } from "../http/page-of.ts";

export function registerVerificationAdminRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const tags = ["admin"];

  r.get(
    "/api/admin/verifications",
    { schema: { tags, querystring: adminVerificationsQuerySchema, response: { 200: pageSchema(adminVerificationSchema) } }, ...admin },
    async (request) => pageOf(request.query, listAdminVerifications(db, request.query)),
  );

  r.post(
    "/api/admin/verifications/:id/approve",
    { schema: { tags, params: idParams, response: { 200: verificationDecisionSchema } }, ...admin },
    async (request) => {
      await decideVerification(db, { ...actingAdmin(request), verificationId: request.params.id, status: "approved" });
      return { id: request.params.id, status: "approved" as const };
    },
  );

  // A rejection names its reason, which the customer sees (decision 020).
  r.post(
    "/api/admin/verifications/:id/reject",
    { schema: { tags, params: idParams, body: verificationRejectSchema, response: { 200: verificationDecisionSchema } }, ...admin },
    async (request) => {
      await decideVerification(db, {
        ...actingAdmin(request),
        verificationId: request.params.id,
        status: "rejected",
        reason: request.body.reason,
      });
      return { id: request.params.id, status: "rejected" as const };
    },
  );

  r.get(
    "/api/admin/verifications/:userId/documents",
    { schema: { tags, params: userIdParams, response: { 200: verificationSchema } }, ...admin },
    async (request) => {
      if (!(await getAdminProfile(db, request.params.userId))) throw new AppError(404, errorCodes.notFound, "User not found");
      return getVerification(db, request.params.userId);
    },
  );
}
