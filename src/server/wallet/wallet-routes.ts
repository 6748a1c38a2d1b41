// The customer's wallet endpoints (docs/architecture.md, HTTP API › Customer): balance, deposit and withdrawal requests, history.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorCodes, messages } from "#shared/api-error.ts";
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
  type WithdrawalLimits,
} from "#shared/wallet-schemas.ts";
import type { Guards } from "../auth/guards.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { newFreezeToken } from "../account-security/security-alerts.ts";
import {
  hashConfirmationCode,
  matchTotpStep,
  newConfirmationCode,
  sendConfirmationCode,
} from "../account-security/withdrawal-confirmation.ts";
import {
  createDeposit,
  createDepositIfAdmitted,
  createWithdrawal,
  createWithdrawalIfAdmitted,
  depositRefusal,
  limitsFrom,
  toTransactionDto,
  withdrawalRefusal,
  type WithdrawalOutcome,
} from "./ledger.ts";
import { idParams } from "../http/id-params.ts";
import {
  findCustomerTransaction,
  findSessionWithWallet,
  listCustomerTransactions,
  type CustomerTransaction,
} from "./transaction-queries.ts";

const idempotencyHeaders = z.object({ "idempotency-key": idempotencyKeySchema.optional() }).loose();

export function registerWalletRoutes(app: FastifyInstance, deps: { db: Db; config: Config; guards: Guards; mailer: Mailer }): void {
  const { db, config, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = limitsFrom(config);
  const ratePoisha = parseRate(config.rateBdtPerUsdt);
  const unverifiedMaxPoisha = BigInt(config.unverifiedWithdrawalDailyMaxBdt) * 100n;
  // Whether the chain is watched: a pending deposit's trouble on it is told only then (decision 040).
  const watcherOn = config.chain !== null;
  const customerDto = ({ transaction, facts }: CustomerTransaction) => toTransactionDto(transaction, facts);

  r.get("/api/wallet", { schema: { tags: ["customer"], response: { 200: walletSchema } } }, async (request) => {
    // The guard's session lookup reads the wallet too: one round trip (transaction-queries.ts).
    const { wallet } = await guards.requireUserReading(request, (token) => findSessionWithWallet(db, token, watcherOn));
    if (!wallet) throw new AppError(404, errorCodes.notFound, "Profile not found");
    return {
      balance: formatBdt(wallet.balance),
      availableBalance: formatBdt(wallet.balance - wallet.held),
      heldBalance: formatBdt(wallet.held),
      recentTransactions: wallet.recent.map(customerDto),
      withdrawalLimits: withdrawalLimitsOf(wallet),
    };
  });

  /**
   * What Withdraw shows and checks before its review (the withdrawal request enforces them): the
   * minimum, and the daily maximum of the customer's identity level with what is left of it today
   * (decision 039). An unverified customer's maximum is never above a verified one's.
   */
  function withdrawalLimitsOf(wallet: { verified: boolean; withdrawnToday: bigint }): WithdrawalLimits {
    const verifiedMax = limits.withdrawalDailyMaxPoisha;
    const dailyMax = wallet.verified || (verifiedMax > 0n && verifiedMax < unverifiedMaxPoisha) ? verifiedMax : unverifiedMaxPoisha;
    const unlimited = wallet.verified && verifiedMax === 0n;
    const left = dailyMax - wallet.withdrawnToday;
    return {
      minimum: formatBdt(limits.withdrawalMinPoisha),
      dailyMaximum: formatBdt(dailyMax),
      level: wallet.verified ? "verified" : "unverified",
      leftToday: unlimited ? null : formatBdt(left > 0n ? left : 0n),
    };
  }

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

  // A withdrawal exists only once its owner confirmed it (decision 039). The first request, without
  // a code, passes every other check in the withdrawal's statement and is answered 403
  // CONFIRMATION_REQUIRED: an e-mailed code was issued (and is sent here), or the authenticator's is
  // asked for. The request with the code creates it, in the statement that uses the code up.
  r.post(
    "/api/withdrawals",
    {
      schema: { tags: ["customer"], body: withdrawalRequestSchema, headers: idempotencyHeaders, response: { 201: transactionSchema } },
      ...checkedInHandler,
    },
    async (request, reply) => {
      const code = config.withdrawalConfirmation ? request.body?.confirmationCode : undefined;
      const newCode = newConfirmationCode();
      const withdrawalRequest = (totpStep: number | null = null) => ({
        walletType: request.body.walletType,
        walletNumber: request.body.walletNumber,
        amountPoisha: parseBdt(request.body.amount),
        idempotencyKey: request.headers["idempotency-key"] ?? null,
        limits,
        ownerChecks: {
          unverifiedMaxPoisha,
          holdHours: config.securityHoldHours,
          confirmation: config.withdrawalConfirmation,
          codeHash: code === undefined ? null : hashConfirmationCode(code),
          totpStep,
          newCodeHash: hashConfirmationCode(newCode),
          freezeToken: newFreezeToken(),
        },
      });
      let outcome: WithdrawalOutcome;
      if (code === undefined || typeof code !== "string") {
        // No code: one round trip, the session checked in the statement (decision 034).
        outcome = await guards.actAsUser(request, {
          refusal: () => withdrawalRefusal(withdrawalRequest()),
          actIfAdmitted: async (admission) => {
            const done = await createWithdrawalIfAdmitted(db, admission, withdrawalRequest());
            return done && { user: done.user, result: done.outcome };
          },
          actAlone: () => createWithdrawal(db, { ...withdrawalRequest(), userId: request.user!.id }),
        });
      } else {
        // A code: the session first, then the authenticator's step for it (the user must be known),
        // then the statement that decides.
        await guards.requireUser(request, reply);
        if (request.validationError) throw request.validationError;
        const refusal = withdrawalRefusal(withdrawalRequest());
        if (refusal) throw refusal;
        const userId = request.user!.id;
        const totpStep = request.user!.twoFactorEnabled ? await matchTotpStep(db, config.authSecret, userId, code) : null;
        outcome = await createWithdrawal(db, { ...withdrawalRequest(totpStep), userId });
      }
      if ("refused" in outcome) {
        throw new AppError(400, errorCodes.confirmationInvalid, messages.confirmationInvalid, {
          confirmationCode: messages.confirmationInvalid,
        });
      }
      if ("confirmation" in outcome) throw await confirmationRequired(request.user!.id, outcome.confirmation, newCode, withdrawalRequest());
      const { transaction, replayed } = outcome.created;
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.status(201).send(toTransactionDto(transaction));
    },
  );

  /** The 403 that asks for the owner's code; an e-mailed code just issued is sent first. */
  async function confirmationRequired(
    userId: string,
    confirmation: { method: "email" | "totp"; sent?: boolean; resendAt?: string },
    code: string,
    input: { walletType: string; walletNumber: string; amountPoisha: bigint },
  ): Promise<AppError> {
    if (confirmation.method === "totp") {
      return new AppError(403, errorCodes.confirmationRequired, messages.confirmationTotp, undefined, { method: "totp" });
    }
    let sentTo: string | undefined;
    if (confirmation.sent) {
      sentTo = await sendConfirmationCode({ db, mailer: deps.mailer, publicUrl: config.publicUrl }, { userId, code, ...input });
    }
    const resendAt = confirmation.resendAt ? new Date(confirmation.resendAt).toISOString() : undefined;
    return new AppError(403, errorCodes.confirmationRequired, messages.confirmationEmail, undefined, {
      method: "email",
      ...(sentTo ? { sentTo } : {}),
      ...(resendAt ? { resendAt } : {}),
    });
  }

  r.get(
    "/api/transactions",
    {
      schema: { tags: ["customer"], querystring: customerTransactionsQuerySchema, response: { 200: pageSchema(transactionSchema) } },
      onRequest: guards.requireUser,
    },
    async (request) => {
      const { page, pageSize, type, q } = request.query;
      const { items, total } = await listCustomerTransactions(db, { userId: request.user!.id, type, q, page, pageSize, watcherOn });
      return { items: items.map(customerDto), total, page, pageSize };
    },
  );

  r.get(
    "/api/transactions/:id",
    { schema: { tags: ["customer"], params: idParams, response: { 200: transactionSchema } }, onRequest: guards.requireUser },
    async (request) => {
      const found = await findCustomerTransaction(db, { userId: request.user!.id, id: request.params.id, watcherOn });
      if (!found) throw new AppError(404, errorCodes.notFound, "Transaction not found");
      return customerDto(found);
    },
  );
}
