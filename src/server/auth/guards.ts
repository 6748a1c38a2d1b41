// Who is asking: onRequest hooks that put the signed-in user on the request, or answer 401/403.
// They run before the body is validated, so a stranger learns nothing from validation messages.
// The browser's idea of a role is never trusted; it is read from admin_users on every request.
import type { FastifyReply, FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import { errorCodes, messages } from "#shared/api-error.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { Auth } from "./auth.ts";
import {
  adminIdleTimeoutMs,
  adminRoleOf,
  checkAdminSession,
  hasTwoFactor,
  isSuspended,
  type AdminRole,
  type AdminSessionVerdict,
} from "./accounts.ts";

/** Milliseconds since the person last touched the page, as the web app reports it (x-idle-ms). */
function idleMsOf(request: FastifyRequest): number {
  const header = request.headers["x-idle-ms"];
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, adminIdleTimeoutMs * 4) : 0;
}

export type SignedInUser = { id: string; email: string; sessionToken: string };

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

  async function currentUser(request: FastifyRequest): Promise<SignedInUser | null> {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) return null;
    return { id: found.user.id, email: found.user.email, sessionToken: found.session.token };
  }

  /** Any signed-in, unsuspended user. */
  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const signedIn = await currentUser(request);
    if (!signedIn) throw new AppError(401, errorCodes.unauthenticated, messages.unauthenticated);
    if (await isSuspended(db, signedIn.id)) {
      // Suspension ends every session at once; this catches one that outlived it.
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteUserSessions(signedIn.id);
      throw new AppError(403, errorCodes.suspended, messages.suspended);
    }
    request.user = signedIn;
  }

  /**
   * A signed-in user with a row in admin_users and an enrolled second factor, on a session that
   * itself passed the code step, is younger than 12 hours and has seen a person within the last 15
   * minutes. A session that fails is deleted, so the browser goes back to the sign-in page.
   */
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const signedIn = request.user!;
    const role = await adminRoleOf(db, signedIn.id);
    if (!role) throw new AppError(403, errorCodes.forbidden, messages.adminRequired);
    if (!(await hasTwoFactor(db, signedIn.id))) {
      throw new AppError(403, errorCodes.twoFactorRequired, messages.twoFactorRequired);
    }
    const verdict = await checkAdminSession(db, signedIn.sessionToken, new Date(), idleMsOf(request));
    if (verdict !== "active") {
      await revokeSession(signedIn.sessionToken);
      throw sessionEndedError(verdict);
    }
    request.adminRole = role;
  }

  async function revokeSession(sessionToken: string): Promise<void> {
    const ctx = await auth.$context;
    await ctx.internalAdapter.deleteSession(sessionToken);
  }

  return { currentUser, requireUser, requireAdmin };
}

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
