// The back office's money endpoints (docs/architecture.md, HTTP API › Admin): the transactions list,
// approve, reject, and balance adjustments. Every route requires an admin. Routes parse, authorise,
// call one service, shape.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminTransactionSchema,
  adminTransactionsQuerySchema,
  balanceAdjustmentSchema,
  cappedPageSchema,
  rejectTransactionSchema,
} from "#shared/admin-schemas.ts";
import { parseBdt } from "#shared/money.ts";
import { transactionSchema } from "#shared/wallet-schemas.ts";
import { actingAdmin, type Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { idParams } from "../http/id-params.ts";
import { adjustBalance, approveTransaction, rejectTransaction, toTransactionDto } from "./ledger.ts";
import { listAdminTransactions } from "./transaction-queries.ts";

export function registerWalletAdminRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const tags = ["admin"];

  r.post(
    "/api/admin/users/:id/balance-adjustments",
    { schema: { tags, params: idParams, body: balanceAdjustmentSchema, response: { 201: transactionSchema } }, ...admin },
    async (request, reply) => {
      const created = await adjustBalance(db, {
        ...actingAdmin(request),
        userId: request.params.id,
        direction: request.body.direction,
        amountPoisha: parseBdt(request.body.amount),
        note: request.body.note ?? null,
      });
      return reply.status(201).send(toTransactionDto(created));
    },
  );

  r.get(
    "/api/admin/transactions",
    { schema: { tags, querystring: adminTransactionsQuerySchema, response: { 200: cappedPageSchema(adminTransactionSchema) } }, ...admin },
    async (request) => ({
      ...(await listAdminTransactions(db, request.query)),
      page: request.query.page,
      pageSize: request.query.pageSize,
    }),
  );

  r.post(
    "/api/admin/transactions/:id/approve",
    { schema: { tags, params: idParams, response: { 200: transactionSchema } }, ...admin },
    async (request) => toTransactionDto(await approveTransaction(db, { ...actingAdmin(request), id: request.params.id })),
  );

  r.post(
    "/api/admin/transactions/:id/reject",
    { schema: { tags, params: idParams, body: rejectTransactionSchema.nullish(), response: { 200: transactionSchema } }, ...admin },
    async (request) => {
      const reason = request.body?.reason ? request.body.reason : null;
      return toTransactionDto(await rejectTransaction(db, { ...actingAdmin(request), id: request.params.id, reason }));
    },
  );
}
