// Who is asking: onRequest hooks that put the signed-in user on the request, or answer 401/403.
// They run before the body is validated, so a stranger learns nothing from validation messages.
// The browser's idea of a role is never trusted; it is read from admin_users on every request, in
// the same single statement that resolves the session (auth/session-lookup.ts). Approve, the
// busiest back-office write, and the customers' deposit and withdrawal requests check the session
// inside their own statement instead (actAsAdmin and actAsUser, decisions 028 and 034); their
// validation messages still wait for the guard.
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorCodes, messages } from "#shared/api-error.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { Auth } from "./auth.ts";
import {
  adminIdleTimeoutMs,
  checkAdminSession,
  quietAdmission,
  quietUserAdmission,
  recordUserActivity,
  revokeSessionsOf,
  userActivityDue,
  type AdminRole,
  type AdminSessionVerdict,
  type AdmittedAdmin,
  type AdmittedUser,
  type QuietAdmission,
  type QuietUserAdmission,
} from "./accounts.ts";
import { deleteSession, findSession, needsRefresh, refreshSession, signedSessionToken, type SessionFacts } from "./session-lookup.ts";

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

  /** The session token this request's cookie names, if we signed it; no database work. */
  async function signedTokenOf(request: FastifyRequest): Promise<string | null> {
    const { name, secret } = await cookieSettings;
    return signedSessionToken(request.headers.cookie, name, secret);
  }

  /**
   * The session this request's cookie names, with its user's standing (auth/session-lookup.ts), or
   * null. An expired session is deleted, as better-auth does; a live one past a day since its
   * expiry was last pushed out gets a full lifetime again (better-auth's sliding expiry).
   */
  async function signedInSession<Facts extends SessionFacts>(request: FastifyRequest, lookup: SessionLookup<Facts>): Promise<Facts | null> {
    const token = await signedTokenOf(request);
    if (token === null) return null;
    const facts = await lookup(token);
    if (!facts) return null;
    const now = new Date();
    if (facts.expiresAt < now) {
      await deleteSession(db, token);
      return null;
    }
    if (needsRefresh(facts, now)) await refreshSession(db, token, now);
    return facts;
  }

  const plainLookup: SessionLookup<SessionFacts> = (token) => findSession(db, token);

  async function currentUser(request: FastifyRequest): Promise<SignedInUser | null> {
    const facts = await signedInSession(request, plainLookup);
    return facts && signedInUserOf(facts);
  }

  /** Any signed-in, unsuspended user. */
  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    await requireSession(request, plainLookup);
  }

  /**
   * requireUser for a read that comes in the same statement as the session (`lookup`, built on
   * selectSessionWith): one round trip for the whole request. The same checks run on the same
   * facts, so nothing the route read is answered to a session that requireUser would refuse.
   */
  async function requireUserReading<Facts extends SessionFacts>(request: FastifyRequest, lookup: SessionLookup<Facts>): Promise<Facts> {
    return requireSession(request, lookup);
  }

  async function requireSession<Facts extends SessionFacts>(request: FastifyRequest, lookup: SessionLookup<Facts>): Promise<Facts> {
    const facts = await signedInSession(request, lookup);
    if (!facts) throw new AppError(401, errorCodes.unauthenticated, messages.unauthenticated);
    if (facts.isSuspended) {
      // Suspension ends every session at once; this catches one that outlived it.
      await revokeSessionsOf(db, facts.userId);
      throw new AppError(403, errorCodes.suspended, messages.suspended);
    }
    // A customer's use of the session, for their list of where they are signed in (decision 039).
    const now = new Date();
    if (userActivityDue(facts, now)) await recordUserActivity(db, facts.token, now);
    request.user = signedInUserOf(facts);
    return facts;
  }

  /**
   * A signed-in user with a row in admin_users and an enrolled second factor, on a session that
   * itself passed the code step, is younger than 12 hours and has seen a person within the last 15
   * minutes. A session that fails is deleted, so the browser goes back to the sign-in page.
   */
  async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    await admitAdmin(request);
  }

  /**
   * requireUser for a customer, requireAdmin for an admin: for what both do to their own account
   * (new recovery codes), where an admin's session must still be one the back office would admit.
   */
  async function requireUserAsAdminIfAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const facts = await requireSession(request, plainLookup);
    if (facts.adminRole !== null) await admitAdminSession(request, facts);
  }

  async function admitAdmin(request: FastifyRequest): Promise<void> {
    await admitAdminSession(request, await requireSession(request, plainLookup));
  }

  async function admitAdminSession(request: FastifyRequest, facts: SessionFacts): Promise<void> {
    if (!facts.adminRole) throw new AppError(403, errorCodes.forbidden, messages.adminRequired);
    if (!facts.twoFactorEnabled) throw new AppError(403, errorCodes.twoFactorRequired, messages.twoFactorRequired);
    const verdict = await checkAdminSession(db, facts, new Date(), idleMsOf(request));
    if (verdict !== "active") {
      await deleteSession(db, facts.token);
      throw sessionEndedError(verdict);
    }
    request.adminRole = facts.adminRole;
  }

  /**
   * For an admin route that checks the session in its own statement (actAsAdmin): the onRequest
   * hook keeps only what needs no database, so a request without a session cookie we signed is
   * still refused before its body is looked at.
   */
  async function requireSessionCookie(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if ((await signedTokenOf(request)) === null) {
      throw new AppError(401, errorCodes.unauthenticated, messages.unauthenticated);
    }
  }

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
    request: FastifyRequest,
    actIfAdmitted: (admission: QuietAdmission) => Promise<{ admin: AdmittedAdmin; result: T } | null>,
    actAlone: () => Promise<T>,
  ): Promise<T> {
    const token = await signedTokenOf(request);
    if (token !== null && !request.validationError) {
      const admitted = await actIfAdmitted(quietAdmission(token, new Date(), idleMsOf(request)));
      if (admitted) {
        const { adminId, adminEmail, adminRole } = admitted.admin;
        request.user = { id: adminId, email: adminEmail, sessionToken: token, adminRole, twoFactorEnabled: true };
        request.adminRole = adminRole;
        return admitted.result;
      }
    }
    await admitAdmin(request);
    if (request.validationError) throw request.validationError;
    return actAlone();
  }

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
  async function actAsUser<T>(
    request: FastifyRequest,
    steps: {
      refusal: () => Error | null;
      actIfAdmitted: (admission: QuietUserAdmission) => Promise<{ user: AdmittedUser; result: T } | null>;
      actAlone: () => Promise<T>;
    },
  ): Promise<T> {
    const token = await signedTokenOf(request);
    const refusal = request.validationError ?? steps.refusal();
    if (token !== null && refusal === null) {
      const admitted = await steps.actIfAdmitted(quietUserAdmission(token, new Date()));
      if (admitted) {
        const { userId, email, adminRole, twoFactorEnabled } = admitted.user;
        request.user = { id: userId, email, sessionToken: token, adminRole, twoFactorEnabled };
        return admitted.result;
      }
    }
    await requireSession(request, plainLookup);
    if (refusal !== null) throw refusal;
    return steps.actAlone();
  }

  return {
    currentUser,
    requireUser,
    requireUserAsAdminIfAdmin,
    requireUserReading,
    requireAdmin,
    requireSessionCookie,
    actAsAdmin,
    actAsUser,
  };
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
