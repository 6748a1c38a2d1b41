// The back office's verification endpoints (docs/architecture.md, HTTP API › Admin): the list, a
// decision, a user's documents. Every route requires an admin. Routes parse, authorise, call one
// service, shape.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminVerificationSchema, adminVerificationsQuerySchema, verificationDecisionSchema } from "#shared/admin-schemas.ts";
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

export function registerVerificationAdminRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const tags = ["admin"];

  r.get(
    "/api/admin/verifications",
    { schema: { tags, querystring: adminVerificationsQuerySchema, response: { 200: pageSchema(adminVerificationSchema) } }, ...admin },
    async (request) => {
      const { items, total } = await listAdminVerifications(db, request.query);
      // rejectReason: a placeholder until the server side of issue 13 stores it.
      return { items: items.map((v) => ({ ...v, rejectReason: null })), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  for (const decision of ["approve", "reject"] as const) {
    r.post(
      `/api/admin/verifications/:id/${decision}`,
      { schema: { tags, params: idParams, response: { 200: verificationDecisionSchema } }, ...admin },
      async (request) => {
        const status = decision === "approve" ? ("approved" as const) : ("rejected" as const);
        await decideVerification(db, { ...actingAdmin(request), verificationId: request.params.id, status });
        return { id: request.params.id, status };
      },
    );
  }

  r.get(
    "/api/admin/verifications/:userId/documents",
    { schema: { tags, params: userIdParams, response: { 200: verificationSchema } }, ...admin },
    async (request) => {
      if (!(await getAdminProfile(db, request.params.userId))) throw new AppError(404, errorCodes.notFound, "User not found");
      return getVerification(db, request.params.userId);
    },
  );
}
