// The back office's money endpoints (docs/architecture.md, HTTP API › Admin): balance adjustments,
// the transactions list and one transaction whole, approve (with a payout reference) and reject
// (approvals and adjustments at or above FOUR_EYES_MIN_BDT become second-approval requests; decision
// 020), and the chain's unclaimed transfers. Every route requires an admin. Routes parse, authorise,
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
import { listUnclaimedTransfers } from "../chain/chain-evidence.ts";
import { assignTransferByHand } from "../chain/chain-matching.ts";
import { readChainStatus } from "../chain/chain-watcher.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { idParams } from "../http/id-params.ts";
import { adjustOrRequest } from "./adjust-balance.ts";
import { approveOrRequest } from "./approve-transaction.ts";
import { fourEyesMinPoishaOf } from "./limits.ts";
import { actAsAdminFor } from "./money-actor.ts";
import { rejectTransaction } from "./reject-transaction.ts";
import { toSecondApprovalDto } from "./second-approval-dto.ts";
import { getAdminTransaction, listAdminTransactions } from "./transaction-queries.ts";
import { toTransactionDto } from "./transaction-dto.ts";
import { pageOf } from "../http/page-of.ts";

type WalletAdminRouteDeps = { db: Db; config: Config; guards: Guards };

const tags = ["admin"];

export function registerWalletAdminRoutes(app: FastifyInstance, deps: WalletAdminRouteDeps): void {
  // Registered in this order so that the API's description lists them as it always has.
  registerAdjustmentRoutes(app, deps);
  registerTransactionReadRoutes(app, deps);
  registerDecisionRoutes(app, deps);
  registerChainAdminRoutes(app, deps);
}

/** Everyone's transactions, a capped page at a time, and one transaction whole. */
function registerTransactionReadRoutes(app: FastifyInstance, deps: WalletAdminRouteDeps): void {
  const { db } = deps;
  // Whether the chain watcher runs: it decides the "off" state and whether approval needs evidence.
  const watcherOn = deps.config.chain !== null;
  const fourEyesMinPoisha = fourEyesMinPoishaOf(deps.config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.guards.requireAdmin };

  r.get(
    "/api/admin/transactions",
    { schema: { tags, querystring: adminTransactionsQuerySchema, response: { 200: cappedPageSchema(adminTransactionSchema) } }, ...admin },
    async (request) =>
      pageOf(request.query, listAdminTransactions(db, { ...request.query, watcherOn, adminId: request.user!.id, fourEyesMinPoisha })),
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
}

// Below the threshold an adjustment is made at once (201); at or above it, it waits for a second
// admin (202 with the request; decision 020).
function registerAdjustmentRoutes(app: FastifyInstance, deps: WalletAdminRouteDeps): void {
  const fourEyesMinPoisha = fourEyesMinPoishaOf(deps.config);
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/admin/users/:id/balance-adjustments",
    {
      schema: { tags, params: idParams, body: balanceAdjustmentSchema, response: { 201: transactionSchema, 202: secondApprovalSchema } },
      onRequest: deps.guards.requireAdmin,
    },
    async (request, reply) => {
      const outcome = await adjustOrRequest(deps.db, {
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
}

/** Approve and reject a pending transaction. */
function registerDecisionRoutes(app: FastifyInstance, deps: WalletAdminRouteDeps): void {
  const { db, guards } = deps;
  // Whether the chain watcher runs: it decides whether approval needs evidence.
  const watcherOn = deps.config.chain !== null;
  const fourEyesMinPoisha = fourEyesMinPoishaOf(deps.config);
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      const outcome = await actAsAdminFor(guards, request, (actor) => approveOrRequest(db, actor, input));
      if (outcome.secondApproval) return reply.status(202).send(toSecondApprovalDto(outcome.secondApproval));
      return reply.status(200).send(toTransactionDto(outcome.transaction));
    },
  );

  r.post(
    "/api/admin/transactions/:id/reject",
    {
      schema: { tags, params: idParams, body: rejectTransactionSchema.nullish(), response: { 200: transactionSchema } },
      onRequest: guards.requireAdmin,
    },
    async (request) => {
      const reason = request.body?.reason ? request.body.reason : null;
      return toTransactionDto(await rejectTransaction(db, { ...actingAdmin(request), id: request.params.id, reason }));
    },
  );
}

/**
 * The back office's view of the chain (decision 038): the transfers no deposit request claimed, the
 * watcher's state, and giving a transfer to a request by hand.
 */
function registerChainAdminRoutes(app: FastifyInstance, deps: WalletAdminRouteDeps): void {
  const { db } = deps;
  // Whether the chain watcher runs: it decides the "off" state.
  const watcherOn = deps.config.chain !== null;
  const fourEyesMinPoisha = fourEyesMinPoishaOf(deps.config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.guards.requireAdmin };

  r.get(
    "/api/admin/chain/unclaimed-transfers",
    { schema: { tags, querystring: unclaimedTransfersQuerySchema, response: { 200: unclaimedTransfersPageSchema } }, ...admin },
    async (request) => ({
      ...(await pageOf(request.query, listUnclaimedTransfers(db, request.query))),
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
