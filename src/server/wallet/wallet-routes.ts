// The customer's wallet endpoints (docs/architecture.md, HTTP API › Customer): balance, deposit and
// withdrawal requests (decisions 038 and 039), history. Each request's work is a use case of its own
// (request-deposit.ts, request-withdrawal.ts); here, what the routes parse, check and answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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
import { newFreezeToken } from "../account-security/security-alerts.ts";
import {
  hashConfirmationCode,
  matchTotpStep,
  newConfirmationCode,
  sendConfirmationCode,
} from "../account-security/withdrawal-confirmation.ts";
import type { Guards } from "../auth/guards.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { idParams } from "../http/id-params.ts";
import type { Mailer } from "../mail/mailer.ts";
import { limitsFrom, type Limits } from "./limits.ts";
import { actAsCustomer } from "./money-actor.ts";
import { depositRefusal, requestDeposit, type DepositRequest } from "./request-deposit.ts";
import {
  createWithdrawal,
  requestWithdrawal,
  withdrawalRefusal,
  type ConfirmationAsked,
  type WithdrawalOutcome,
  type WithdrawalRequest,
} from "./request-withdrawal.ts";
import {
  findCustomerTransaction,
  findSessionWithWallet,
  listCustomerTransactions,
  type CustomerTransaction,
} from "./transaction-queries.ts";
import { toTransactionDto } from "./transaction-dto.ts";

/** What the customer's wallet routes need. */
type WalletRouteDeps = { db: Db; config: Config; guards: Guards; mailer: Mailer };

const idempotencyHeaders = z.object({ "idempotency-key": idempotencyKeySchema.optional() }).loose();

const customerDto = ({ transaction, facts }: CustomerTransaction) => toTransactionDto(transaction, facts);

export function registerWalletRoutes(app: FastifyInstance, deps: WalletRouteDeps): void {
  registerBalanceRoutes(app, deps);
  registerDepositRoutes(app, deps);
  registerWithdrawalRoutes(app, deps);
  registerTransactionHistoryRoutes(app, deps);
}

/** The wallet's balance with its latest transactions and limits, and where to send a deposit. */
function registerBalanceRoutes(app: FastifyInstance, deps: WalletRouteDeps): void {
  const { db, config, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = limitsFrom(config);
  const unverifiedMaxPoisha = BigInt(config.unverifiedWithdrawalDailyMaxBdt) * 100n;
  // Whether the chain is watched: a pending deposit's trouble on it is told only then (decision 040).
  const watcherOn = config.chain !== null;

  r.get("/api/wallet", { schema: { tags: ["customer"], response: { 200: walletSchema } } }, async (request) => {
    // The guard's session lookup reads the wallet too: one round trip (transaction-queries.ts).
    const { wallet } = await guards.requireUserReading(request, (token) => findSessionWithWallet(db, token, watcherOn));
    if (!wallet) throw new AppError(404, errorCodes.notFound, "Profile not found");
    return {
      balance: formatBdt(wallet.balance),
      availableBalance: formatBdt(wallet.balance - wallet.held),
      heldBalance: formatBdt(wallet.held),
      recentTransactions: wallet.recent.map(customerDto),
      withdrawalLimits: withdrawalLimitsOf(wallet, limits, unverifiedMaxPoisha),
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
}

/**
 * What Withdraw shows and checks before its review (the withdrawal request enforces them): the
 * minimum, and the daily maximum of the customer's identity level with what is left of it today
 * (decision 039). An unverified customer's maximum is never above a verified one's.
 */
function withdrawalLimitsOf(
  wallet: { verified: boolean; withdrawnToday: bigint },
  limits: Limits,
  unverifiedMaxPoisha: bigint,
): WithdrawalLimits {
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

/** The customer's own transactions: a page of them, searchable, and one whole. */
function registerTransactionHistoryRoutes(app: FastifyInstance, deps: WalletRouteDeps): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const watcherOn = deps.config.chain !== null;

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

/**
 * The deposit and withdrawal requests check the customer's session in their own statement
 * (guards.actAsUser): one round trip instead of two (decision 034). Validation, and the minimums,
 * wait for the guard, as on every customer route: a stranger is refused first.
 */
const checkedInHandler = (guards: Guards) => ({ attachValidation: true, onRequest: guards.requireSessionCookie }) as const;

/** The customer's deposit request (decision 038). */
function registerDepositRoutes(app: FastifyInstance, deps: WalletRouteDeps): void {
  const { db, config, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = { config, limits: limitsFrom(config), ratePoisha: parseRate(config.rateBdtPerUsdt) };

  r.post(
    "/api/deposits",
    {
      schema: { tags: ["customer"], body: depositRequestSchema, headers: idempotencyHeaders, response: { 201: transactionSchema } },
      ...checkedInHandler(guards),
    },
    async (request, reply) => {
      // Built only once the body is known to be valid (the guard asks for it after validation).
      const depositRequest = () => depositRequestOf(settings, request.body, request.headers["idempotency-key"] ?? null);
      // No matching here: a transfer settles only a request made before its block time (decision
      // 038), so whatever can settle this one comes with a later poll of the chain.
      const { transaction, replayed } = await actAsCustomer(guards, request, {
        refusal: () => depositRefusal(depositRequest()),
        act: (actor) => requestDeposit(db, actor, depositRequest()),
      });
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.status(201).send(toTransactionDto(transaction));
    },
  );
}

/** The deposit request a valid body asks for, at the configured rate and limits. */
function depositRequestOf(
  settings: { config: Config; limits: Limits; ratePoisha: bigint },
  body: z.infer<typeof depositRequestSchema>,
  idempotencyKey: string | null,
): DepositRequest {
  const usdtMicro = parseUsdt(body.usdtAmount);
  return {
    fromAddress: body.fromAddress ? body.fromAddress : null,
    txid: body.txid ? body.txid : null,
    usdtMicro,
    amountPoisha: bdtForUsdt(usdtMicro, settings.ratePoisha),
    rate: settings.config.rateBdtPerUsdt,
    ratePoisha: settings.ratePoisha,
    idempotencyKey,
    limits: settings.limits,
    windowMinutes: settings.config.depositWindowMinutes,
    openMax: settings.config.depositOpenMax,
  };
}

type WithdrawalBody = z.infer<typeof withdrawalRequestSchema>;

/** What a withdrawal request is built from besides its body: the deployment's limits and checks. */
type WithdrawalSettings = { config: Config; limits: Limits; unverifiedMaxPoisha: bigint };

/** The withdrawal request for totpStep (the authenticator's step the code matched; null when none was looked for). */
type WithdrawalRequestFor = (totpStep?: number | null) => WithdrawalRequest;

// A withdrawal exists only once its owner confirmed it (decision 039). The first request, without
// a code, passes every other check in the withdrawal's statement and is answered 403
// CONFIRMATION_REQUIRED: an e-mailed code was issued (and is sent here), or the authenticator's is
// asked for. The request with the code creates it, in the statement that uses the code up.
function registerWithdrawalRoutes(app: FastifyInstance, deps: WalletRouteDeps): void {
  const { config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings: WithdrawalSettings = {
    config,
    limits: limitsFrom(config),
    unverifiedMaxPoisha: BigInt(config.unverifiedWithdrawalDailyMaxBdt) * 100n,
  };

  r.post(
    "/api/withdrawals",
    {
      schema: { tags: ["customer"], body: withdrawalRequestSchema, headers: idempotencyHeaders, response: { 201: transactionSchema } },
      ...checkedInHandler(deps.guards),
    },
    async (request, reply) => {
      const code = config.withdrawalConfirmation ? request.body?.confirmationCode : undefined;
      const newCode = newConfirmationCode();
      // Built only once the body is known to be valid (the guard asks for it after validation).
      const withdrawalRequest: WithdrawalRequestFor = (totpStep = null) =>
        withdrawalRequestOf(settings, request.body, request.headers["idempotency-key"] ?? null, { code, newCode, totpStep });
      const outcome =
        typeof code === "string"
          ? await withdrawWithCode(deps, request, reply, code, withdrawalRequest)
          : await withdrawWithoutCode(deps, request, withdrawalRequest);
      if ("refused" in outcome) {
        throw new AppError(400, errorCodes.confirmationInvalid, messages.confirmationInvalid, {
          confirmationCode: messages.confirmationInvalid,
        });
      }
      if ("confirmation" in outcome) {
        throw await confirmationRequired(deps, request.user!.id, outcome.confirmation, newCode, withdrawalRequest());
      }
      const { transaction, replayed } = outcome.created;
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.status(201).send(toTransactionDto(transaction));
    },
  );
}

/** The withdrawal request a valid body asks for, with the owner's checks of this deployment. */
function withdrawalRequestOf(
  settings: WithdrawalSettings,
  body: WithdrawalBody,
  idempotencyKey: string | null,
  codes: { code: string | undefined; newCode: string; totpStep: number | null },
): WithdrawalRequest {
  return {
    walletType: body.walletType,
    walletNumber: body.walletNumber,
    amountPoisha: parseBdt(body.amount),
    idempotencyKey,
    limits: settings.limits,
    ownerChecks: {
      unverifiedMaxPoisha: settings.unverifiedMaxPoisha,
      holdHours: settings.config.securityHoldHours,
      confirmation: settings.config.withdrawalConfirmation,
      codeHash: codes.code === undefined ? null : hashConfirmationCode(codes.code),
      totpStep: codes.totpStep,
      newCodeHash: hashConfirmationCode(codes.newCode),
      freezeToken: newFreezeToken(),
    },
  };
}

/** No code: one round trip, the session checked in the statement (decision 034). */
function withdrawWithoutCode(
  deps: WalletRouteDeps,
  request: FastifyRequest,
  withdrawalRequest: WithdrawalRequestFor,
): Promise<WithdrawalOutcome> {
  return actAsCustomer(deps.guards, request, {
    refusal: () => withdrawalRefusal(withdrawalRequest()),
    act: (actor) => requestWithdrawal(deps.db, actor, withdrawalRequest()),
  });
}

/**
 * A code: the session first, then the authenticator's step for it (the user must be known), then
 * the statement that decides.
 */
async function withdrawWithCode(
  deps: WalletRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
  withdrawalRequest: WithdrawalRequestFor,
): Promise<WithdrawalOutcome> {
  await deps.guards.requireUser(request, reply);
  if (request.validationError) throw request.validationError;
  const refusal = withdrawalRefusal(withdrawalRequest());
  if (refusal) throw refusal;
  const userId = request.user!.id;
  const totpStep = request.user!.twoFactorEnabled ? await matchTotpStep(deps.db, deps.config.authSecret, userId, code) : null;
  return createWithdrawal(deps.db, { ...withdrawalRequest(totpStep), userId });
}

/** The 403 that asks for the owner's code; an e-mailed code just issued is sent first. */
async function confirmationRequired(
  deps: WalletRouteDeps,
  userId: string,
  confirmation: ConfirmationAsked,
  code: string,
  input: { walletType: string; walletNumber: string; amountPoisha: bigint },
): Promise<AppError> {
  if (confirmation.method === "totp") {
    return new AppError(403, errorCodes.confirmationRequired, messages.confirmationTotp, undefined, { method: "totp" });
  }
  let sentTo: string | undefined;
  if (confirmation.sent) {
    sentTo = await sendConfirmationCode({ db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, { userId, code, ...input });
  }
  const resendAt = confirmation.resendAt ? new Date(confirmation.resendAt).toISOString() : undefined;
  return new AppError(403, errorCodes.confirmationRequired, messages.confirmationEmail, undefined, {
    method: "email",
    ...(sentTo ? { sentTo } : {}),
    ...(resendAt ? { resendAt } : {}),
  });
}
