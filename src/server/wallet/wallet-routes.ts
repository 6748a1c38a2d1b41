// The customer's wallet endpoints (docs/architecture.md, HTTP API › Customer): balance, deposit and withdrawal requests, history.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorCodes } from "#shared/api-error.ts";
import { bdtForUsdt, formatBdt, formatUsdt, parseBdt, parseRate, parseUsdt } from "#shared/money.ts";
import {
  customerTransactionsQuerySchema,
  depositInfoSchema,
  depositRequestSchema,
  idempotencyKeySchema,
  pageSchema,
  transactionSchema,
  walletSchema,
  withdrawalRequestSchema,
} from "#shared/wallet-schemas.ts";
import type { Guards } from "../auth/guards.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import {
  createDeposit,
  createDepositIfAdmitted,
  createWithdrawal,
  createWithdrawalIfAdmitted,
  depositRefusal,
  limitsFrom,
  toTransactionDto,
  withdrawalRefusal,
} from "./ledger.ts";
import { idParams } from "../http/id-params.ts";
import { findCustomerTransaction, findSessionWithWallet, listCustomerTransactions } from "./transaction-queries.ts";

const idempotencyHeaders = z.object({ "idempotency-key": idempotencyKeySchema.optional() }).loose();

export function registerWalletRoutes(app: FastifyInstance, deps: { db: Db; config: Config; guards: Guards }): void {
  const { db, config, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = limitsFrom(config);
  const ratePoisha = parseRate(config.rateBdtPerUsdt);
  // What Withdraw shows and checks before its review; the withdrawal request itself enforces them.
  const withdrawalLimits = {
    minimum: formatBdt(limits.withdrawalMinPoisha),
    dailyMaximum: formatBdt(limits.withdrawalDailyMaxPoisha),
  };

  r.get("/api/wallet", { schema: { tags: ["customer"], response: { 200: walletSchema } } }, async (request) => {
    // The guard's session lookup reads the wallet too: one round trip (transaction-queries.ts).
    const { wallet } = await guards.requireUserReading(request, (token) => findSessionWithWallet(db, token));
    if (!wallet) throw new AppError(404, errorCodes.notFound, "Profile not found");
    return {
      balance: formatBdt(wallet.balance),
      availableBalance: formatBdt(wallet.balance - wallet.held),
      heldBalance: formatBdt(wallet.held),
      recentTransactions: wallet.recent.map(toTransactionDto),
      withdrawalLimits,
    };
  });

  r.get(
    "/api/deposit-info",
    { schema: { tags: ["customer"], response: { 200: depositInfoSchema } }, onRequest: guards.requireUser },
    () => ({
      network: "TRC-20",
      address: config.depositAddress,
      rate: config.rateBdtPerUsdt,
      minUsdt: formatUsdt(limits.depositMinMicro),
    }),
  );

  // The deposit and withdrawal requests check the customer's session in their own statement
  // (guards.actAsUser): one round trip instead of two (decision 034). Validation, and the minimums,
  // wait for the guard, as on every customer route: a stranger is refused first.
  const checkedInHandler = { attachValidation: true, onRequest: guards.requireSessionCookie } as const;

  r.post(
    "/api/deposits",
    {
      schema: { tags: ["customer"], body: depositRequestSchema, headers: idempotencyHeaders, response: { 201: transactionSchema } },
      ...checkedInHandler,
    },
    async (request, reply) => {
      const depositRequest = () => {
        const usdtMicro = parseUsdt(request.body.usdtAmount);
        return {
          fromAddress: request.body.fromAddress ? request.body.fromAddress : null,
          txid: request.body.txid ? request.body.txid : null,
          usdtMicro,
          amountPoisha: bdtForUsdt(usdtMicro, ratePoisha),
          rate: config.rateBdtPerUsdt,
          ratePoisha,
          idempotencyKey: request.headers["idempotency-key"] ?? null,
          limits,
          windowMinutes: config.depositWindowMinutes,
          openMax: config.depositOpenMax,
        };
      };
      // No matching here: a transfer settles only a request made before its block time (decision
      // 038), so whatever can settle this one comes with a later poll of the chain.
      const { transaction, replayed } = await guards.actAsUser(request, {
        refusal: () => depositRefusal(depositRequest()),
        actIfAdmitted: async (admission) => {
          const done = await createDepositIfAdmitted(db, admission, depositRequest());
          return done && { user: done.user, result: done.created };
        },
        actAlone: () => createDeposit(db, { ...depositRequest(), userId: request.user!.id }),
      });
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.status(201).send(toTransactionDto(transaction));
    },
  );

  r.post(
    "/api/withdrawals",
    {
      schema: { tags: ["customer"], body: withdrawalRequestSchema, headers: idempotencyHeaders, response: { 201: transactionSchema } },
      ...checkedInHandler,
    },
    async (request, reply) => {
      const withdrawalRequest = () => ({
        walletType: request.body.walletType,
        walletNumber: request.body.walletNumber,
        amountPoisha: parseBdt(request.body.amount),
        idempotencyKey: request.headers["idempotency-key"] ?? null,
        limits,
      });
      const { transaction, replayed } = await guards.actAsUser(request, {
        refusal: () => withdrawalRefusal(withdrawalRequest()),
        actIfAdmitted: async (admission) => {
          const done = await createWithdrawalIfAdmitted(db, admission, withdrawalRequest());
          return done && { user: done.user, result: done.created };
        },
        actAlone: () => createWithdrawal(db, { ...withdrawalRequest(), userId: request.user!.id }),
      });
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.status(201).send(toTransactionDto(transaction));
    },
  );

  r.get(
    "/api/transactions",
    {
      schema: { tags: ["customer"], querystring: customerTransactionsQuerySchema, response: { 200: pageSchema(transactionSchema) } },
      onRequest: guards.requireUser,
    },
    async (request) => {
      const { page, pageSize, type, q } = request.query;
      const { items, total } = await listCustomerTransactions(db, { userId: request.user!.id, type, q, page, pageSize });
      return { items: items.map(toTransactionDto), total, page, pageSize };
    },
  );

  r.get(
    "/api/transactions/:id",
    { schema: { tags: ["customer"], params: idParams, response: { 200: transactionSchema } }, onRequest: guards.requireUser },
    async (request) => {
      const transaction = await findCustomerTransaction(db, { userId: request.user!.id, id: request.params.id });
      if (!transaction) throw new AppError(404, errorCodes.notFound, "Transaction not found");
      return toTransactionDto(transaction);
    },
  );
}
