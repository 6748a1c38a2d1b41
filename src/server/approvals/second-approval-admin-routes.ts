// The back office's four-eyes endpoints (docs/architecture.md, HTTP API › Admin): the queue of
// requests, and a second admin's confirmation or anyone's decline (decision 020). The requests are
// made by the adjustment and approval routes (wallet/wallet-admin-routes.ts). Every route requires
// an admin. Routes parse, authorise, call one service, shape.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  declineSecondApprovalSchema,
  secondApprovalConfirmedSchema,
  secondApprovalDeclinedSchema,
  secondApprovalsPageSchema,
  secondApprovalsQuerySchema,
} from "#shared/second-approval-schemas.ts";
import { actingAdmin, type Guards } from "../auth/guards.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { idParams } from "../http/id-params.ts";
import { toSecondApprovalDto } from "../wallet/second-approval-dto.ts";
import { toTransactionDto } from "../wallet/transaction-dto.ts";
import { confirmSecondApproval } from "./confirm-second-approval.ts";
import { declineSecondApproval } from "./decline-second-approval.ts";
import { listSecondApprovals } from "./second-approval-queries.ts";
import { pageOf } from "../http/page-of.ts";

export function registerSecondApprovalAdminRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards; config: Config }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const tags = ["admin"];

  r.get(
    "/api/admin/second-approvals",
    { schema: { tags, querystring: secondApprovalsQuerySchema, response: { 200: secondApprovalsPageSchema } }, ...admin },
    async (request) => pageOf(request.query, listSecondApprovals(db, request.query)),
  );

  r.post(
    "/api/admin/second-approvals/:id/confirm",
    { schema: { tags, params: idParams, response: { 200: secondApprovalConfirmedSchema } }, ...admin },
    async (request) => {
      const confirmed = await confirmSecondApproval(db, {
        ...actingAdmin(request),
        id: request.params.id,
        newAdminCooldownHours: deps.config.newAdminCooldownHours,
      });
      return { secondApproval: toSecondApprovalDto(confirmed.secondApproval), transaction: toTransactionDto(confirmed.transaction) };
    },
  );

  r.post(
    "/api/admin/second-approvals/:id/decline",
    {
      schema: { tags, params: idParams, body: declineSecondApprovalSchema.nullish(), response: { 200: secondApprovalDeclinedSchema } },
      ...admin,
    },
    async (request) => {
      const reason = request.body?.reason ? request.body.reason : null;
      const declined = await declineSecondApproval(db, { ...actingAdmin(request), id: request.params.id, reason });
      return { secondApproval: toSecondApprovalDto(declined) };
    },
  );
}
