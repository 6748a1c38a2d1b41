// The back office's money endpoints (docs/architecture.md, HTTP API › Admin): the transactions list
// and one transaction whole, approve (with a payout reference), reject, balance adjustments (approvals and
// adjustments at or above FOUR_EYES_MIN_BDT become second-approval requests), and the chain's unclaimed transfers. Every route requires an admin. Routes parse, authorise,
// call one service, shape.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminTransactionDetailSchema,
  adminTransactionSchema,
  adminTransactionsQuerySchema,
  approveTransactionSchema,
  assignTransferSchema,
  balanceAdjustmentSchema,
  cappedPageSchema,
  chainWatcherStatusSchema,
  rejectTransactionSchema,
  unclaimedTransfersPageSchema,
  unclaimedTransfersQuerySchema,
} from "#shared/admin-schemas.ts";
import { errorCodes, messages } from "#shared/api-error.ts";
import { parseBdt } from "#shared/money.ts";
import { secondApprovalSchema } from "#shared/second-approval-schemas.ts";
import { transactionSchema } from "#shared/wallet-schemas.ts";
import { actingAdmin, type Guards } from "../auth/guards.ts";
import { toSecondApprovalDto } from "../approvals/second-approval-queries.ts";
import { listUnclaimedTransfers } from "../chain/chain-evidence.ts";
import { readChainStatus } from "../chain/chain-watcher.ts";
import { assignTransferByHand } from "../chain/chain-matching.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { idParams } from "../http/id-params.ts";
import { adjustOrRequest, approveOrRequest, approveOrRequestIfAdmitted, rejectTransaction, toTransactionDto } from "./ledger.ts";
import { getAdminTransaction, listAdminTransactions } from "./transaction-queries.ts";

export function registerWalletAdminRoutes(app: FastifyInstance, deps: { db: Db; config: Config; guards: Guards }): void {
  const { db, guards } = deps;
  // Whether the chain watcher runs: it decides the "off" state and whether approval needs evidence.
  const watcherOn = deps.config.chain !== null;
  // Four eyes (decision 020): adjustments and withdrawal approvals of this much or more wait for a second admin; 0 = off.
  const fourEyesMinPoisha = BigInt(deps.config.fourEyesMinBdt) * 100n;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const tags = ["admin"];

  // Below the threshold an adjustment is made at once (201); at or above it, it waits for a second
  // admin (202 with the request; decision 020).
  r.post(
    "/api/admin/users/:id/balance-adjustments",
    {
      schema: { tags, params: idParams, body: balanceAdjustmentSchema, response: { 201: transactionSchema, 202: secondApprovalSchema } },
      ...admin,
    },
    async (request, reply) => {
      const outcome = await adjustOrRequest(db, {
        ...actingAdmin(request),
        userId: request.params.id,
        direction: request.body.direction,
        amountPoisha: parseBdt(request.body.amount),
        note: request.body.note ?? null,
        fourEyesMinPoisha,
      });
      if (outcome.secondApproval) return reply.status(202).send(toSecondApprovalDto(outcome.secondApproval));
      return reply.status(201).send(toTransactionDto(outcome.transaction));
    },
  );

  r.get(
    "/api/admin/transactions",
    { schema: { tags, querystring: adminTransactionsQuerySchema, response: { 200: cappedPageSchema(adminTransactionSchema) } }, ...admin },
    async (request) => ({
      ...(await listAdminTransactions(db, { ...request.query, watcherOn, adminId: request.user!.id, fourEyesMinPoisha })),
      page: request.query.page,
      pageSize: request.query.pageSize,
    }),
  );

  r.get(
    "/api/admin/transactions/:id",
    { schema: { tags, params: idParams, response: { 200: adminTransactionDetailSchema } }, ...admin },
    async (request) => {
      const transaction = await getAdminTransaction(db, request.params.id, { watcherOn, adminId: request.user!.id, fourEyesMinPoisha });
      if (!transaction) throw new AppError(404, errorCodes.notFound, messages.transactionNotFound);
      return transaction;
    },
  );

  // A withdrawal at or above the four-eyes threshold is not paid yet: 202 with the request.
  // The busiest back-office write checks the admin's session in its own statement (guards.actAsAdmin):
  // one round trip instead of two. Validation waits for the guard, as on every admin route.
  r.post(
    "/api/admin/transactions/:id/approve",
    {
      schema: {
        tags,
        params: idParams,
        body: approveTransactionSchema.nullish(),
        response: { 200: transactionSchema, 202: secondApprovalSchema },
      },
      attachValidation: true,
      onRequest: guards.requireSessionCookie,
    },
    async (request, reply) => {
      const input = {
        id: request.params.id,
        ip: request.ip,
        watcherOn,
        acknowledgeNoChainEvidence: request.body?.acknowledgeNoChainEvidence === true,
        payoutReference: request.body?.payoutReference ?? null,
        fourEyesMinPoisha,
        credit: request.body?.credit ?? "claimed",
        reason: request.body?.reason ?? null,
      };
      const outcome = await guards.actAsAdmin(
        request,
        async (admission) => {
          const done = await approveOrRequestIfAdmitted(db, admission, input);
          return done && { admin: done.admin, result: done.outcome };
        },
        () => approveOrRequest(db, { ...input, ...actingAdmin(request) }),
      );
      if (outcome.secondApproval) return reply.status(202).send(toSecondApprovalDto(outcome.secondApproval));
      return reply.status(200).send(toTransactionDto(outcome.transaction));
    },
  );

  r.post(
    "/api/admin/transactions/:id/reject",
    { schema: { tags, params: idParams, body: rejectTransactionSchema.nullish(), response: { 200: transactionSchema } }, ...admin },
    async (request) => {
      const reason = request.body?.reason ? request.body.reason : null;
      return toTransactionDto(await rejectTransaction(db, { ...actingAdmin(request), id: request.params.id, reason }));
    },
  );

  r.get(
    "/api/admin/chain/unclaimed-transfers",
    { schema: { tags, querystring: unclaimedTransfersQuerySchema, response: { 200: unclaimedTransfersPageSchema } }, ...admin },
    async (request) => ({
      ...(await listUnclaimedTransfers(db, request.query)),
      page: request.query.page,
      pageSize: request.query.pageSize,
      watcher: watcherOn ? ("on" as const) : ("off" as const),
    }),
  );

  // The chain watcher's state and why, in plain words (decision 038): /api/health says only
  // ok or failing, publicly; this says what failed, stalled or was refused, for admins.
  r.get("/api/admin/chain/status", { schema: { tags, response: { 200: chainWatcherStatusSchema } }, ...admin }, async () =>
    readChainStatus(db, deps.config.chain),
  );

  // An admin gives an unclaimed transfer to a deposit request by hand, with a reason (decision 038):
  // linked and audited, no money moved; the answer is the request as the detail panel shows it.
  r.post(
    "/api/admin/chain/transfers/:id/assign",
    { schema: { tags, params: idParams, body: assignTransferSchema, response: { 200: adminTransactionDetailSchema } }, ...admin },
    async (request) => {
      const { transactionId, reason } = request.body;
      await assignTransferByHand(db, { ...actingAdmin(request), transferId: request.params.id, transactionId, reason });
      const transaction = await getAdminTransaction(db, transactionId, { watcherOn, adminId: request.user!.id, fourEyesMinPoisha });
      if (!transaction) throw new AppError(404, errorCodes.notFound, messages.transactionNotFound);
      return transaction;
    },
  );
}
