// Who is asking: onRequest hooks that put the signed-in user on the request, or answer 401/403.
// They run before the body is validated, so a stranger learns nothing from validation messages.
// The browser's idea of a role is never trusted; it is read from admin_users on every request, in
// the same single statement that resolves the session (auth/session-lookup.ts). Approve, the
// busiest back-office write, and the customers' deposit and withdrawal requests check the session
// inside their own statement instead (actAsAdmin and actAsUser, decisions 028 and 034); their
// validation messages still wait for the guard. The rules themselves, and what a broken one asks
// the guard to do, are the table in auth/who-may-act.ts, which those statements read too.
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorCodes, messages } from "#shared/api-error.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { AdmittedAdmin, AdmittedUser } from "./admission.ts";
import type { AdminRole } from "./admin-roles.ts";
import type { Auth } from "./auth.ts";
import { findSession, signedSessionToken, type SessionFacts } from "./session-lookup.ts";
import { deleteSession, recordAdminActivity, recordUserActivity, refreshSession, revokeSessionsOf } from "./session-writes.ts";
import {
  adminIdleTimeoutMs,
  brokenRules,
  endingVerdictOf,
  quietAdmission,
  quietUserAdmission,
  type AdminSessionVerdict,
  type QuietAdmission,
  type QuietUserAdmission,
  type Stage,
  type WhenBroken,
} from "./who-may-act.ts";

/** Milliseconds since the person last touched the page, as the web app reports it (x-idle-ms). */
function idleMsOf(request: FastifyRequest): number {
  const header = request.headers["x-idle-ms"];
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, adminIdleTimeoutMs * 4) : 0;
}

/** The person behind a request, as the guards found them (their admin role and second factor included). */
export type SignedInUser = {
  id: string;
  email: string;
  sessionToken: string;
  adminRole: AdminRole | null;
  twoFactorEnabled: boolean;
};

declare module "fastify" {
  interface FastifyRequest {
    user?: SignedInUser;
    adminRole?: AdminRole;
  }
}

/** The admin a back-office request acts for, as the admin services take it (and audit_log records it). */
export function actingAdmin(request: FastifyRequest): { adminId: string; ip: string } {
  return { adminId: request.user!.id, ip: request.ip };
}

export function createGuards(deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  // better-auth names the cookie (with a __Secure- prefix behind HTTPS) and signs it with AUTH_SECRET.
  const cookieSettings = auth.$context.then((ctx) => ({ name: ctx.authCookies.sessionToken.name, secret: ctx.secret }));
  const ctx: GuardContext = {
    db,
    signedTokenOf: async (request) => {
      const { name, secret } = await cookieSettings;
      return signedSessionToken(request.headers.cookie, name, secret);
    },
    plainLookup: (token) => findSession(db, token),
  };
  return {
    currentUser: async (request: FastifyRequest): Promise<SignedInUser | null> => {
      const facts = await signedInSession(ctx, request, ctx.plainLookup);
      return facts && signedInUserOf(facts);
    },
    /** Any signed-in, unsuspended user. */
    requireUser: async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      await requireSession(ctx, request, ctx.plainLookup);
    },
    requireUserAsAdminIfAdmin: (request: FastifyRequest, _reply: FastifyReply) => requireUserAsAdminIfAdmin(ctx, request),
    /**
     * requireUser for a read that comes in the same statement as the session (`lookup`, built on
     * selectSessionWith): one round trip for the whole request. The same checks run on the same
     * facts, so nothing the route read is answered to a session that requireUser would refuse.
     */
    requireUserReading: <Facts extends SessionFacts>(request: FastifyRequest, lookup: SessionLookup<Facts>): Promise<Facts> =>
      requireSession(ctx, request, lookup),
    /**
     * A signed-in user with a row in admin_users and an enrolled second factor, on a session that
     * itself passed the code step, is younger than 12 hours and has seen a person within the last 15
     * minutes. A session that fails is deleted, so the browser goes back to the sign-in page.
     */
    requireAdmin: (request: FastifyRequest, _reply: FastifyReply): Promise<void> => admitAdmin(ctx, request),
    requireSessionCookie: (request: FastifyRequest, _reply: FastifyReply) => requireSessionCookie(ctx, request),
    actAsAdmin: <T>(request: FastifyRequest, actIfAdmitted: ActIfAdmin<T>, actAlone: () => Promise<T>) =>
      actAsAdmin(ctx, request, actIfAdmitted, actAlone),
    actAsUser: <T>(request: FastifyRequest, steps: UserSteps<T>) => actAsUser(ctx, request, steps),
  };
}

/** What every guard needs: the database, the token a request's signed cookie names, and the plain session lookup. */
type GuardContext = {
  db: Db;
  /** The session token this request's cookie names, if we signed it; no database work. */
  signedTokenOf: (request: FastifyRequest) => Promise<string | null>;
  plainLookup: SessionLookup<SessionFacts>;
};

/**
 * Does what the rules of one stage ask of this session (auth/who-may-act.ts, in order): the write of
 * each broken rule that lets the request through after a write, and, for the first broken rule that
 * refuses it, its ending and its refusal, which is returned. Null: admitted.
 */
async function enforceStage(db: Db, facts: SessionFacts, stage: Stage, idleMs: number): Promise<AppError | null> {
  const now = new Date();
  for (const rule of brokenRules(facts, quietAdmission(facts.token, now, idleMs), [stage])) {
    const refusal = await actOnBrokenRule(rule.whenBroken, db, facts, { now, idleMs });
    if (refusal) return refusal;
  }
  return null;
}

/** What the guard does for one broken rule: its write, if any, and its refusal when it refuses. */
async function actOnBrokenRule(
  whenBroken: WhenBroken,
  db: Db,
  facts: SessionFacts,
  { now, idleMs }: { now: Date; idleMs: number },
): Promise<AppError | null> {
  switch (whenBroken) {
    case "forget":
      await deleteSession(db, facts.token);
      return new AppError(401, errorCodes.unauthenticated, messages.unauthenticated);
    case "refresh":
      await refreshSession(db, facts.token, now);
      return null;
    case "endSuspended":
      await revokeSessionsOf(db, facts.userId);
      return new AppError(403, errorCodes.suspended, messages.suspended);
    case "recordUserActivity":
      await recordUserActivity(db, facts.token, now);
      return null;
    case "forbidNonAdmin":
      return new AppError(403, errorCodes.forbidden, messages.adminRequired);
    case "requireTwoFactor":
      return new AppError(403, errorCodes.twoFactorRequired, messages.twoFactorRequired);
    case "endPasswordOnly":
    case "endExpired":
    case "endIdle":
      await deleteSession(db, facts.token);
      return sessionEndedError(endingVerdictOf(whenBroken)!);
    case "recordAdminActivity":
      await recordAdminActivity(db, facts.token, new Date(now.getTime() - idleMs));
      return null;
  }
}

/**
 * The session this request's cookie names, with its user's standing (auth/session-lookup.ts), or
 * null. An expired session is deleted, as better-auth does; a live one past a day since its
 * expiry was last pushed out gets a full lifetime again (better-auth's sliding expiry).
 */
async function signedInSession<Facts extends SessionFacts>(
  ctx: GuardContext,
  request: FastifyRequest,
  lookup: SessionLookup<Facts>,
): Promise<Facts | null> {
  const token = await ctx.signedTokenOf(request);
  if (token === null) return null;
  const facts = await lookup(token);
  if (!facts) return null;
  return (await enforceStage(ctx.db, facts, "signedIn", 0)) ? null : facts;
}

/** A signed-in, unsuspended user (a customer's use of the session recorded, decision 039), put on the request. */
async function requireSession<Facts extends SessionFacts>(
  ctx: GuardContext,
  request: FastifyRequest,
  lookup: SessionLookup<Facts>,
): Promise<Facts> {
  const facts = await signedInSession(ctx, request, lookup);
  if (!facts) throw new AppError(401, errorCodes.unauthenticated, messages.unauthenticated);
  const refusal = await enforceStage(ctx.db, facts, "user", 0);
  if (refusal) throw refusal;
  request.user = signedInUserOf(facts);
  return facts;
}

/**
 * requireUser for a customer, requireAdmin for an admin: for what both do to their own account
 * (new recovery codes), where an admin's session must still be one the back office would admit.
 */
async function requireUserAsAdminIfAdmin(ctx: GuardContext, request: FastifyRequest): Promise<void> {
  const facts = await requireSession(ctx, request, ctx.plainLookup);
  if (facts.adminRole !== null) await admitAdminSession(ctx, request, facts);
}

async function admitAdmin(ctx: GuardContext, request: FastifyRequest): Promise<void> {
  await admitAdminSession(ctx, request, await requireSession(ctx, request, ctx.plainLookup));
}

/** The back office's rules on a signed-in user's session; its activity (the idle report's time) recorded. */
async function admitAdminSession(ctx: GuardContext, request: FastifyRequest, facts: SessionFacts): Promise<void> {
  const refusal = await enforceStage(ctx.db, facts, "admin", idleMsOf(request));
  if (refusal) throw refusal;
  request.adminRole = facts.adminRole!;
}

/**
 * For an admin route that checks the session in its own statement (actAsAdmin): the onRequest
 * hook keeps only what needs no database, so a request without a session cookie we signed is
 * still refused before its body is looked at.
 */
async function requireSessionCookie(ctx: GuardContext, request: FastifyRequest): Promise<void> {
  if ((await ctx.signedTokenOf(request)) === null) {
    throw new AppError(401, errorCodes.unauthenticated, messages.unauthenticated);
  }
}

/** The route's statement run on selectQuietlyAdmittedAdmin: null when it admitted no one (then nothing was done). */
type ActIfAdmin<T> = (admission: QuietAdmission) => Promise<{ admin: AdmittedAdmin; result: T } | null>;

/**
 * requireAdmin and the route's action in one round trip where it can be. `actIfAdmitted` runs the
 * route's statement on selectQuietlyAdmittedAdmin, which admits only a session requireAdmin would admit
 * without writing anything, and answers null when it admitted no one (then nothing was done).
 * Then, and for a request that failed validation, requireAdmin decides as on every admin route:
 * it refuses (ending the session where it would) before any validation message is answered, or
 * admits after its own writes and `actAlone` runs. Only a route with `attachValidation` and
 * requireSessionCookie as its onRequest hook uses this.
 */
async function actAsAdmin<T>(
  ctx: GuardContext,
  request: FastifyRequest,
  actIfAdmitted: ActIfAdmin<T>,
  actAlone: () => Promise<T>,
): Promise<T> {
  const token = await ctx.signedTokenOf(request);
  if (token !== null && !request.validationError) {
    const admitted = await actIfAdmitted(quietAdmission(token, new Date(), idleMsOf(request)));
    if (admitted) {
      const { adminId, adminEmail, adminRole } = admitted.admin;
      request.user = { id: adminId, email: adminEmail, sessionToken: token, adminRole, twoFactorEnabled: true };
      request.adminRole = adminRole;
      return admitted.result;
    }
  }
  await admitAdmin(ctx, request);
  if (request.validationError) throw request.validationError;
  return actAlone();
}

type UserSteps<T> = {
  refusal: () => Error | null;
  actIfAdmitted: (admission: QuietUserAdmission) => Promise<{ user: AdmittedUser; result: T } | null>;
  actAlone: () => Promise<T>;
};

/**
 * requireUser and the route's action in one round trip where it can be, as actAsAdmin is for
 * admins (decision 034). `actIfAdmitted` runs the route's statement on selectQuietlyAdmittedUser,
 * which admits only a session requireUser would admit without writing anything, and answers null
 * when it admitted no one (then nothing was done). Otherwise requireUser decides as on every
 * customer route, and only then does the request hear what was wrong with what it sent: a
 * validation error, or `refusal`, the route's own checks that need no database (a minimum
 * amount). So a stranger is refused before anything they sent is looked at, as before. Only a
 * route with `attachValidation` and requireSessionCookie as its onRequest hook uses this.
 */
async function actAsUser<T>(ctx: GuardContext, request: FastifyRequest, steps: UserSteps<T>): Promise<T> {
  const token = await ctx.signedTokenOf(request);
  const refusal = request.validationError ?? steps.refusal();
  if (token !== null && refusal === null) {
    const admitted = await steps.actIfAdmitted(quietUserAdmission(token, new Date()));
    if (admitted) {
      const { userId, email, adminRole, twoFactorEnabled } = admitted.user;
      request.user = { id: userId, email, sessionToken: token, adminRole, twoFactorEnabled };
      return admitted.result;
    }
  }
  await requireSession(ctx, request, ctx.plainLookup);
  if (refusal !== null) throw refusal;
  return steps.actAlone();
}

/** Finds the session a signed cookie names (null when there is none), with whatever else the route reads with it. */
type SessionLookup<Facts extends SessionFacts> = (token: string) => Promise<Facts | null>;

const signedInUserOf = (facts: SessionFacts): SignedInUser => ({
  id: facts.userId,
  email: facts.email,
  sessionToken: facts.token,
  adminRole: facts.adminRole,
  twoFactorEnabled: facts.twoFactorEnabled,
});

export type Guards = ReturnType<typeof createGuards>;

/** The answer for an admin session that may no longer act: each says why, in words for people. */
export function sessionEndedError(verdict: Exclude<AdminSessionVerdict, "active">): AppError {
  switch (verdict) {
    case "idle":
      return new AppError(401, errorCodes.sessionIdleTimeout, messages.sessionIdleTimeout);
    case "expired":
      return new AppError(401, errorCodes.sessionExpired, messages.sessionExpired);
    case "password_only":
      return new AppError(401, errorCodes.sessionNeedsSecondFactor, messages.sessionNeedsSecondFactor);
    case "gone":
      return new AppError(401, errorCodes.unauthenticated, messages.unauthenticated);
  }
}
