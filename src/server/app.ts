// buildApp(deps) assembles the whole HTTP server from its parts, so that main.ts serves it and
// every API test gets a fresh one on a fresh database.
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import { errorCodes, messages } from "#shared/api-error.ts";
import { documentSizeBytesMax } from "#shared/verification-schemas.ts";
import { registerAccountAdminRoutes } from "./accounts/account-admin-routes.ts";
import { registerAccountRoutes } from "./accounts/account-routes.ts";
import { registerFreezeRoutes } from "./account-security/freeze-routes.ts";
import { registerSessionRoutes } from "./accounts/session-routes.ts";
import { registerAdminAccountsRoutes } from "./admins/admin-accounts-routes.ts";
import { registerSecondApprovalAdminRoutes } from "./approvals/second-approval-admin-routes.ts";
import { registerSetupRoutes } from "./admins/setup-routes.ts";
import { registerAuditAdminRoutes } from "./audit/audit-admin-routes.ts";
import { createChainWatcher, readChainHealth, type ChainHealth, type ChainWatcher } from "./chain/chain-watcher.ts";
import { clientIpHeader, createAuth, type Auth } from "./auth/auth.ts";
import { registerAuthRoutes } from "./auth/auth-routes.ts";
import { createGuards, type Guards } from "./auth/guards.ts";
import { registerTwoFactorRoutes } from "./auth/two-factor-routes.ts";
import { registerContactAdminRoutes } from "./contact/contact-admin-routes.ts";
import { registerContactRoutes } from "./contact/contact-routes.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { errorHandler } from "./http/error-handler.ts";
import { AppError } from "./http/errors.ts";
import { answerClientError, answerFrameworkError } from "./http/framework-errors.ts";
import { withSafeLogging } from "./http/log-safety.ts";
import { createRateLimitStore } from "./http/rate-limit-store.ts";
import { addApiAnswerHeaders, refuseForeignOrigins, refuseNulCharactersInInput } from "./http/request-hooks.ts";
import { addSecurityHeaders } from "./http/security-headers.ts";
import { serveWebApp } from "./http/web-app.ts";
import { registerVerificationAdminRoutes } from "./kyc/verification-admin-routes.ts";
import { registerVerificationRoutes } from "./kyc/verification-routes.ts";
import { createDailySnapshots, type DailySnapshots } from "./proof-of-reserves/daily-snapshots.ts";
import { registerProofRoutes } from "./proof-of-reserves/proof-routes.ts";
import { registerSolvencyAdminRoutes } from "./solvency/solvency-admin-routes.ts";
import type { ReserveSettings } from "./solvency/reserves.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { createOutboxSender, type OutboxSender } from "./mail/outbox-sender.ts";
import { createChangeRelay } from "./realtime/change-relay.ts";
import { createEventHub } from "./realtime/event-hub.ts";
import { registerEventRoutes } from "./realtime/event-routes.ts";
import { registerSimAdminRoutes } from "./sims/sim-admin-routes.ts";
import { registerOperationsHooks, registerOperationsRoutes, requestIdOptions } from "./operations/operations.ts";
import { registerSimRoutes } from "./sims/sim-routes.ts";
import { createStorage } from "./storage/create-storage.ts";
import type { Storage } from "./storage/storage.ts";
import { registerWalletAdminRoutes } from "./wallet/wallet-admin-routes.ts";
import { registerWalletRoutes } from "./wallet/wallet-routes.ts";

export type AppDeps = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  storage?: Storage;
  logger?: FastifyServerOptions["logger"];
  /** Folder of the built web app; null serves the API alone (API tests). */
  webDir?: string | null;
  /** How often an open event stream re-checks its session (25 s unless a test needs it sooner). */
  eventStreamRecheckMs?: number;
};

/**
 * `chainWatcher` is null when TRON_API_URL is unset; main.ts starts it, and the e-mail outbox's
 * sender, once the server listens (tests deliver the outbox themselves, with deliverDue).
 */
export type App = {
  app: FastifyInstance;
  auth: Auth;
  chainWatcher: ChainWatcher | null;
  outboxSender: OutboxSender;
  /** The day's solvency row and proof snapshot at 00:00 Asia/Dhaka (decision 053); main.ts starts it. */
  dailySnapshots: DailySnapshots;
};

const jsonBodyLimitBytes = 64 * 1024;
const defaultWebDir = fileURLToPath(new URL("../../dist/web", import.meta.url));

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = createServer(deps);
  // Before every other hook: the request id on every answer, the 503 of a stopping server.
  const { isStopping } = registerOperationsHooks(app);
  // Bodies are JSON, or multipart for uploads. Fastify would hand a text/plain body to a route as a
  // string; no route wants one, so it is refused with 415 like any other type.
  app.removeContentTypeParser("text/plain");

  const services = createServices(app, deps);
  await registerPlugins(app, deps);
  registerRequestHooks(app, config);
  const chainWatcher = createChainWatcherOf(app, deps);
  const outboxSender = createOutboxSenderOf(app, deps, services.mailer);
  registerHealthRoute(app, deps);
  // The probes and GET /metrics (decision 045, docs/operations.md, Watching it).
  registerOperationsRoutes(app, { config, database, isStopping });
  registerDomainRoutes(app, deps, services);
  await registerRealtime(app, deps, services.guards);
  app.get("/api/openapi.json", { schema: { hide: true } }, () => app.swagger());
  await serveWebApp(app, deps.webDir === undefined ? defaultWebDir : deps.webDir);

  const dailySnapshots = createDailySnapshots({
    db: database.db,
    settings: reserveSettingsOf(config),
    chainOn: config.chain !== null,
    log: app.log,
  });
  app.addHook("onClose", async () => dailySnapshots.stop());

  return { app, auth: services.auth, chainWatcher, outboxSender, dailySnapshots };
}

/** Where the company's USDT is held and the rate it is valued at (decision 053). */
function reserveSettingsOf(config: Config): ReserveSettings {
  return { reserveAddresses: config.reserveAddresses, rateBdtPerUsdt: config.rateBdtPerUsdt };
}

/** What the routes share: the mailer, the file storage, better-auth and the guards built on it. */
type Services = { mailer: Mailer; storage: Storage; auth: Auth; guards: Guards };

/** The Fastify instance with its options, compilers and error handler. */
function createServer(deps: AppDeps): FastifyInstance {
  const { config, database } = deps;
  const app = Fastify({
    // Whatever the logger (main.ts's, a test's), it logs no secrets: see http/log-safety.ts.
    logger: withSafeLogging(deps.logger ?? { level: config.logLevel }),
    bodyLimit: jsonBodyLimitBytes,
    // Event streams never end by themselves: a stop must cut them.
    forceCloseConnections: true,
    // Errors raised before any route or error handler exists (the router's, Node's HTTP parser's)
    // get our error body too: see http/framework-errors.ts.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // request.ip is the connection's address unless TRUST_PROXY names the proxies in front of us;
    // only then is X-Forwarded-For believed (the per-IP limits and audit entries key on it).
    trustProxy: config.trustProxy,
    // Request ids (decision 045): request.id is the X-Request-Id answered and logged as "requestId".
    ...requestIdOptions(config.trustProxy),
    // A stopping server answers 503 with our error object (operations/stopping.ts), not Fastify's.
    return503OnClosing: false,
  });
  // The database's connection trouble (a lost LISTEN, an idle connection ended) goes to our log.
  database.setLog(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  return app;
}

function createServices(app: FastifyInstance, deps: AppDeps): Services {
  const { config, database } = deps;
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, "mail"), log: app.log });
  const storage = deps.storage ?? createStorage(config.storage, app.log);
  const auth = createAuth({ db: database.db, config, mailer, log: app.log });
  const guards = createGuards({ auth, db: database.db });
  return { mailer, storage, auth, guards };
}

/** OpenAPI, the security headers, uploads and rate limits: all on the root instance, in this order. */
async function registerPlugins(app: FastifyInstance, { config, database }: AppDeps): Promise<void> {
  await app.register(swagger, {
    openapi: { info: { title: "Nexapay API", version: "0.1.0" } },
    transform: jsonSchemaTransform,
  });
  addSecurityHeaders(app, { isProduction: config.isProduction });
  await app.register(multipart, { limits: { fileSize: documentSizeBytesMax, files: 1, fields: 5, parts: 6 } });
  await app.register(rateLimit, {
    global: false,
    // Counters in the database, so that several server processes enforce one limit together.
    store: createRateLimitStore({ db: database.db, log: app.log }),
    errorResponseBuilder: () => new AppError(429, errorCodes.rateLimited, messages.rateLimited),
  });
}

function registerRequestHooks(app: FastifyInstance, config: Config): void {
  refuseForeignOrigins(app, config.publicUrl);
  // better-auth reads the client's address from this header (auth/auth.ts): it carries the address
  // Fastify resolved, so a client cannot choose what its sessions record.
  app.addHook("onRequest", (request, _reply, done) => {
    request.headers[clientIpHeader] = request.ip;
    done();
  });
  addApiAnswerHeaders(app);
  refuseNulCharactersInInput(app);
}

/** The chain watcher (decision 018), when configured. It is stopped before the database closes. */
function createChainWatcherOf(app: FastifyInstance, { config, database }: AppDeps): ChainWatcher | null {
  const chainWatcher = config.chain
    ? createChainWatcher({
        database,
        chain: config.chain,
        depositAddress: config.depositAddress,
        // Decision 053: every reserve address's USDT and Tether blacklist, read after each poll.
        reserveAddresses: config.reserveAddresses,
        log: app.log,
      })
    : null;
  if (chainWatcher) app.addHook("onClose", async () => chainWatcher.stop());
  return chainWatcher;
}

/**
 * A customer's actions that may have queued a security alert (decision 039): a sign-in, a
 * withdrawal request, a password or second-factor change. An alert should reach the owner while
 * the thief is still at work, not a poll later.
 */
const alertingRoutes = new Set([
  "/api/auth/sign-in/email",
  "/api/withdrawals",
  "/api/auth/change-password",
  "/api/auth/reset-password",
  // The reset e-mail is queued with its token (decision 046): sent at once, not a poll later.
  "/api/auth/request-password-reset",
  // The owner's "This wasn't me" link queues a reset e-mail: it should arrive at once.
  "/api/account/freeze",
  "/api/auth/two-factor/verify-totp",
  "/api/auth/two-factor/disable",
]);

/**
 * The customer e-mail outbox's sender (decision 020), stopped before the database closes. A
 * successful back-office action may have queued a message: the sender is woken to send it now
 * rather than at its next poll (a kick costs one query when nothing is due). So is a customer's
 * action on one of `alertingRoutes`.
 */
function createOutboxSenderOf(app: FastifyInstance, { config, database }: AppDeps, mailer: Mailer): OutboxSender {
  const outboxSender = createOutboxSender({
    db: database.db,
    mailer,
    pollSeconds: config.mailOutboxPollSeconds,
    domain: mailDomainOf(config.mailFrom),
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.addHook("onClose", async () => outboxSender.stop());
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "";
    const queuedMail = route.startsWith("/api/admin/") || alertingRoutes.has(route);
    if (request.method === "POST" && queuedMail && reply.statusCode < 300) outboxSender.kick();
    done();
  });
  return outboxSender;
}

// "ok" is about the database, as before; `chain` says how the watcher's polls go (its state row,
// read from the database, so the answer holds whichever process polls).
// `chain` is exactly {state, lastSuccessAt} (or {state: "off"}): monitoring reads that shape. Why a
// watcher is failing is for admins, at GET /api/admin/chain/status (decision 038).
function registerHealthRoute(app: FastifyInstance, { config, database }: AppDeps): void {
  app.get("/api/health", { schema: { tags: ["public"] } }, async (request, reply) => {
    let chain: ChainHealth = { state: "off" };
    try {
      if (config.chain) chain = await readChainHealth(database.db, config.chain);
      else await database.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, "health check: the database does not answer");
      return reply.status(503).send(new AppError(503, "UNAVAILABLE", "The database does not answer.").toBody());
    }
    return { status: "ok", database: database.kind, chain };
  });
}

/**
 * Each domain's routes: the public and customer ones, then the back office's (docs/architecture.md,
 * HTTP API). Each route file checks who may call it.
 */
function registerDomainRoutes(app: FastifyInstance, { config, database }: AppDeps, services: Services): void {
  const db = database.db;
  const { auth, guards, mailer, storage } = services;
  registerAuthRoutes(app, { auth, db, guards, config });
  registerTwoFactorRoutes(app, { auth, db, guards, config });
  registerSetupRoutes(app, { auth, db });
  registerAccountRoutes(app, { db, guards });
  registerFreezeRoutes(app, { db, auth });
  registerSessionRoutes(app, { db, guards });
  registerAccountAdminRoutes(app, { db, auth, guards });
  registerWalletRoutes(app, { db, config, guards, mailer });
  registerWalletAdminRoutes(app, { db, config, guards });
  registerSimRoutes(app, { db, guards });
  registerSimAdminRoutes(app, { db, guards });
  registerVerificationRoutes(app, { db, storage, guards });
  registerVerificationAdminRoutes(app, { db, guards });
  registerAdminAccountsRoutes(app, { db, auth, guards, publicUrl: config.publicUrl });
  registerAuditAdminRoutes(app, { db, guards });
  registerSecondApprovalAdminRoutes(app, { db, guards, config });
  registerContactRoutes(app, { db, config });
  registerContactAdminRoutes(app, { db, guards });
  registerSolvencyAdminRoutes(app, { db, guards, settings: reserveSettingsOf(config) });
  registerProofRoutes(app, { db, guards, settings: reserveSettingsOf(config) });
}

/** The event hub, the relay of change events and the event stream's route. */
async function registerRealtime(app: FastifyInstance, deps: AppDeps, guards: Guards): Promise<void> {
  const { database } = deps;
  const hub = await createEventHub(database, app.log);
  app.addHook("onClose", async () => hub.close());
  // The relay of change events (decision 029): a successful write may have committed some, and the
  // browsers listening should hear of them now, not at the relay's next poll.
  const changeRelay = createChangeRelay({ db: database.db, log: app.log });
  app.addHook("onClose", async () => changeRelay.stop());
  app.addHook("onResponse", (request, reply, done) => {
    if (request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) changeRelay.kick();
    done();
  });
  registerEventRoutes(app, {
    db: database.db,
    hub,
    guards,
    ...(deps.eventStreamRecheckMs ? { recheckMs: deps.eventStreamRecheckMs } : {}),
  });
}

/** The domain of MAIL_FROM's address ("Nexapay <no-reply@nexapay.local>" → nexapay.local), for Message-IDs. */
function mailDomainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "nexapay.local";
}
