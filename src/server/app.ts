// buildApp(deps) assembles the whole HTTP server from its parts, so that main.ts serves it and
// every API test gets a fresh one on a fresh database.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import helmet from "helmet";
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
import { createGuards } from "./auth/guards.ts";
import { registerTwoFactorRoutes } from "./auth/two-factor-routes.ts";
import { registerContactAdminRoutes } from "./contact/contact-admin-routes.ts";
import { registerContactRoutes } from "./contact/contact-routes.ts";
import type { Config } from "./config.ts";
import { databaseUnavailableMessage, isDatabaseUnavailable } from "./db/availability.ts";
import type { Database } from "./db/client.ts";
import { AppError } from "./http/errors.ts";
import { createRateLimitStore } from "./http/rate-limit-store.ts";
import { answerClientError, answerFrameworkError, frameworkErrorAnswer } from "./http/framework-errors.ts";
import { withSafeLogging } from "./http/log-safety.ts";
import { refuseNulCharacters } from "./http/nul-characters.ts";
import { isTrustedOrigin } from "./http/origin-check.ts";
import { registerVerificationAdminRoutes } from "./kyc/verification-admin-routes.ts";
import { registerVerificationRoutes } from "./kyc/verification-routes.ts";
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
export type App = { app: FastifyInstance; auth: Auth; chainWatcher: ChainWatcher | null; outboxSender: OutboxSender };

const jsonBodyLimitBytes = 64 * 1024;
const defaultWebDir = fileURLToPath(new URL("../../dist/web", import.meta.url));

export async function buildApp(deps: AppDeps): Promise<App> {
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
  // Before every other hook: the request id on every answer, the 503 of a stopping server.
  const { isStopping } = registerOperationsHooks(app);
  // Bodies are JSON, or multipart for uploads. Fastify would hand a text/plain body to a route as a
  // string; no route wants one, so it is refused with 415 like any other type.
  app.removeContentTypeParser("text/plain");

  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, "mail"), log: app.log });
  const storage = deps.storage ?? createStorage(config.storage, app.log);
  const auth = createAuth({ db: database.db, config, mailer, log: app.log });
  const guards = createGuards({ auth, db: database.db });

  await app.register(swagger, {
    openapi: { info: { title: "Nexapay API", version: "0.1.0" } },
    transform: jsonSchemaTransform,
  });
  // The security headers (CSP and the rest), on every answer. The middleware is built once:
  // @fastify/helmet built it again, and parsed the CSP again, on every request (bench/api profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        // Only behind HTTPS: on http://localhost it would send the browser to a port with no TLS.
        "upgrade-insecure-requests": config.isProduction ? [] : null,
      },
    },
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  await app.register(multipart, { limits: { fileSize: documentSizeBytesMax, files: 1, fields: 5, parts: 6 } });
  await app.register(rateLimit, {
    global: false,
    // Counters in the database, so that several server processes enforce one limit together.
    store: createRateLimitStore({ db: database.db, log: app.log }),
    errorResponseBuilder: () => new AppError(429, errorCodes.rateLimited, messages.rateLimited),
  });

  // State-changing requests must come from our own pages (decision 004): a cross-site form or script
  // carrying the user's cookie is refused before any route runs. Every such request is checked,
  // whatever its path: the router decodes and normalises paths (`/%61pi/…`, `//api/…`, a trailing
  // slash all reach /api/ routes), so a test on the raw URL's spelling would let some through.
  app.addHook("onRequest", (request, _reply, done) => {
    const changesState = request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS";
    if (changesState && !isTrustedOrigin(request, config.publicUrl)) {
      done(new AppError(403, errorCodes.forbidden, "This request did not come from a Nexapay page."));
      return;
    }
    done();
  });

  // better-auth reads the client's address from this header (auth/auth.ts): it carries the address
  // Fastify resolved, so a client cannot choose what its sessions record.
  app.addHook("onRequest", (request, _reply, done) => {
    request.headers[clientIpHeader] = request.ip;
    done();
  });

  // The server's own time for each API answer, from the request's arrival to its last byte queued
  // (Server-Timing, shown by browsers' developer tools; bench/admin-lists reads it).
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/")) reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(1)}`);
    // No API answer is kept by a browser or a proxy (decision 039): a wallet, a profile or a list of
    // sessions left in a shared computer's cache is readable after sign-out. Routes that say
    // otherwise (a private file: "private, no-store") keep their own. The matched route decides,
    // whatever the spelling of the path.
    const route = request.routeOptions.url ?? request.url;
    if (route.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });

  // No text with a NUL character reaches a handler (PostgreSQL refuses it): see http/nul-characters.ts.
  app.addHook("preValidation", refuseNulCharacters);

  // The chain watcher (decision 018), when configured. It is stopped before the database closes.
  const chainWatcher = config.chain
    ? createChainWatcher({ database, chain: config.chain, depositAddress: config.depositAddress, log: app.log })
    : null;
  if (chainWatcher) app.addHook("onClose", async () => chainWatcher.stop());

  // The customer e-mail outbox's sender (decision 020), stopped before the database closes. A
  // successful back-office action may have queued a message: the sender is woken to send it now
  // rather than at its next poll (a kick costs one query when nothing is due).
  const outboxSender = createOutboxSender({
    db: database.db,
    mailer,
    pollSeconds: config.mailOutboxPollSeconds,
    domain: mailDomainOf(config.mailFrom),
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.addHook("onClose", async () => outboxSender.stop());
  // So is a customer's action that may have queued a security alert (decision 039): a sign-in, a
  // withdrawal request, a password or second-factor change. An alert should reach the owner while
  // the thief is still at work, not a poll later.
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
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "";
    const queuedMail = route.startsWith("/api/admin/") || alertingRoutes.has(route);
    if (request.method === "POST" && queuedMail && reply.statusCode < 300) outboxSender.kick();
    done();
  });

  // "ok" is about the database, as before; `chain` says how the watcher's polls go (its state row,
  // read from the database, so the answer holds whichever process polls).
  // `chain` is exactly {state, lastSuccessAt} (or {state: "off"}): monitoring reads that shape. Why a
  // watcher is failing is for admins, at GET /api/admin/chain/status (decision 038).
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
  // The probes and GET /metrics (decision 045, docs/operations.md, Watching it).
  registerOperationsRoutes(app, { config, database, isStopping });
  // Each domain's routes: the public and customer ones, then the back office's (docs/architecture.md,
  // HTTP API). Each route file checks who may call it.
  const db = database.db;
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
    db,
    hub,
    guards,
    ...(deps.eventStreamRecheckMs ? { recheckMs: deps.eventStreamRecheckMs } : {}),
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, () => app.swagger());

  const webDir = deps.webDir === undefined ? defaultWebDir : deps.webDir;
  const serveWeb = webDir !== null && existsSync(path.join(webDir, "index.html"));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every asset: sent as they are, no compression per request.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/: it may be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === "GET" && !request.url.startsWith("/api/")) {
      // A client-side route: the SPA decides what to show (its own not-found page included).
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply
      .status(404)
      .send(new AppError(404, errorCodes.notFound, `No route ${request.method} ${request.url.split("?")[0]}`).toBody());
  });

  return { app, auth, chainWatcher, outboxSender };
}

/** The domain of MAIL_FROM's address ("Nexapay <no-reply@nexapay.local>" → nexapay.local), for Message-IDs. */
function mailDomainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "nexapay.local";
}

function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return reply.status(error.status).send(error.toBody());
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
      fields[field] ??= issue.message ?? "Invalid value";
    }
    const first = Object.values(fields)[0] ?? "Invalid request";
    return reply.status(400).send(new AppError(400, errorCodes.validation, first, fields).toBody());
  }
  const framework = frameworkErrorAnswer(error, request);
  if (framework) return reply.status(framework.status).send(framework.toBody());
  if (isDatabaseUnavailable(error)) {
    // A restart, a failover, a network cut (decision 047): try again in a moment; nothing changed.
    request.log.warn({ err: error }, "the database is not answering");
    return reply.status(503).send(new AppError(503, "UNAVAILABLE", databaseUnavailableMessage).toBody());
  }
  const status = typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(new AppError(500, "INTERNAL", "Something went wrong on our side. Please try again.").toBody());
  }
  return reply.status(status).send(new AppError(status, error.code ?? "BAD_REQUEST", error.message).toBody());
}
