// Who is asking: preHandlers that put the signed-in user on the request, or answer 401/403.
// The browser's idea of a role is never trusted; it is read from admin_users on every request.
import type { FastifyReply, FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import { errorCodes, messages } from "../../shared/api-error.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { Auth } from "./auth.ts";
import { adminRoleOf, isSuspended, type AdminRole } from "./accounts.ts";

export type SignedInUser = { id: string; email: string; sessionToken: string };

declare module "fastify" {
  interface FastifyRequest {
    user?: SignedInUser;
    adminRole?: AdminRole;
  }
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

  /** A signed-in user with a row in admin_users. */
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const role = await adminRoleOf(db, request.user!.id);
    if (!role) throw new AppError(403, errorCodes.forbidden, messages.adminRequired);
    request.adminRole = role;
  }

  return { currentUser, requireUser, requireAdmin };
}

export type Guards = ReturnType<typeof createGuards>;
