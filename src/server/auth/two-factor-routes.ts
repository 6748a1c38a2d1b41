// Admins' second factor (decisions 006 and 014; ASVS 4.3.1, PCI DSS 8.4.1): enrolment of an authenticator app
// (TOTP, RFC 6238) with one-time recovery codes, and the code step of an admin's sign-in. Handled
// by better-auth's two-factor plugin behind our validation and throttling.
import assert from "node:assert/strict";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fromNodeHeaders } from "better-auth/node";
import { errorCodes, messages } from "#shared/api-error.ts";
import { recoveryCodeSchema, totpCodeSchema, twoFactorPasswordSchema } from "#shared/two-factor-schemas.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { writeAudit } from "../audit/audit-log.ts";
import { adminRoleOf, markSessionTwoFactorVerified, revokeSessionsOf } from "./accounts.ts";
import type { Auth } from "./auth.ts";
import type { Guards } from "./guards.ts";
import { sendAuthResponse } from "./auth-response.ts";

export function registerTwoFactorRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; guards: Guards; config: Config }): void {
  const { auth, db, guards } = deps;
  const perIp = (prefix: string) => ({
    rateLimit: {
      max: deps.config.rateLimits.twoFactorCodesPerIpPerMinute,
      timeWindow: "1 minute",
      keyGenerator: (request: FastifyRequest) => `${prefix}:${request.ip}`,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The session that answered a code is the one that proved it: only that session is marked (the
   * admin routes accept no other). When the code completed an enrolment, every other session of
   * that user ends: those were opened with a password alone.
   */
  async function secondFactorPassed(response: Response, enrolledUserId: string | null): Promise<void> {
    const token = sessionTokenOf(response) ?? (await bodyTokenOf(response));
    assert(token !== null, "a passed second-factor step answers with a session");
    await markSessionTwoFactorVerified(db, token, new Date());
    if (enrolledUserId !== null) await revokeSessionsOf(db, enrolledUserId, token);
  }

  r.post(
    "/api/auth/two-factor/enable",
    { schema: { tags: ["auth"], body: twoFactorPasswordSchema }, onRequest: guards.requireUser, config: perIp("2fa-enable") },
    async (request, reply) => {
      // Customers sign in with a password only; the second factor is the back office's.
      if ((await adminRoleOf(db, request.user!.id)) === null) throw new AppError(403, errorCodes.forbidden, messages.adminRequired);
      const response = await auth.api.enableTwoFactor({
        body: { password: request.body.password },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 400) {
        const text = await response.clone().text();
        if (text.includes("TOTP_ALREADY_ENABLED")) throw new AppError(409, errorCodes.conflict, "Two-factor sign-in is already set up.");
        throw new AppError(400, errorCodes.invalidCredentials, "Password is incorrect", { password: "Password is incorrect" });
      }
      return sendAuthResponse(reply, response);
    },
  );

  // New recovery codes for a signed-in admin (the old ones stop working): when they have used most
  // of them, or fear they were seen. The password is asked again, as for enrolment.
  r.post(
    "/api/auth/two-factor/generate-backup-codes",
    { schema: { tags: ["auth"], body: twoFactorPasswordSchema }, onRequest: guards.requireAdmin, config: perIp("2fa-backup-codes") },
    async (request, reply) => {
      const response = await auth.api.generateBackupCodes({
        body: { password: request.body.password },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 400 || response.status === 401) {
        throw new AppError(400, errorCodes.invalidCredentials, "Password is incorrect", { password: "Password is incorrect" });
      }
      if (response.ok) {
        const userId = request.user!.id;
        await writeAudit(db, {
          actorId: userId,
          action: "admin.recovery_codes_regenerated",
          targetType: "user",
          targetId: userId,
          ip: request.ip,
        });
      }
      return sendAuthResponse(reply, response);
    },
  );

  r.post(
    "/api/auth/two-factor/verify-totp",
    { schema: { tags: ["auth"], body: totpCodeSchema }, config: perIp("2fa-totp") },
    async (request, reply) => {
      // With a session, this code completes the enrolment; without one, it completes a sign-in.
      const enrolling = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      const response = await auth.api.verifyTOTP({
        body: { code: request.body.code },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 401 || response.status === 400) {
        throw new AppError(400, errorCodes.invalidCredentials, "Invalid code. Check your authenticator app and try again.", {
          code: "Invalid code. Check your authenticator app and try again.",
        });
      }
      if (response.ok) {
        const userId = enrolling?.user.id ?? (await userIdOf(response));
        const enrolled = enrolling !== null && !enrolling.user.twoFactorEnabled;
        const action = enrolled ? "admin.two_factor_enabled" : "admin.signed_in";
        await secondFactorPassed(response, enrolled && userId ? userId : null);
        if (userId)
          await writeAudit(db, {
            actorId: userId,
            action,
            targetType: "user",
            targetId: userId,
            details: { method: "totp" },
            ip: request.ip,
          });
      }
      return sendAuthResponse(reply, response);
    },
  );

  r.post(
    "/api/auth/two-factor/verify-backup-code",
    { schema: { tags: ["auth"], body: recoveryCodeSchema }, config: perIp("2fa-backup") },
    async (request, reply) => {
      const response = await auth.api.verifyBackupCode({
        body: { code: request.body.code },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 401 || response.status === 400) {
        throw new AppError(400, errorCodes.invalidCredentials, "Invalid recovery code.", { code: "Invalid recovery code." });
      }
      const userId = response.ok ? await userIdOf(response) : null;
      if (response.ok) await secondFactorPassed(response, null);
      if (userId) {
        await writeAudit(db, {
          actorId: userId,
          action: "admin.signed_in",
          targetType: "user",
          targetId: userId,
          details: { method: "recovery_code" },
          ip: request.ip,
        });
      }
      return sendAuthResponse(reply, response);
    },
  );
}

/** The signed-in user's id from better-auth's answer to a second-factor step (`{token, user}`). */
async function userIdOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown } };
    return typeof body.user?.id === "string" ? body.user.id : null;
  } catch {
    return null;
  }
}

/**
 * The session token better-auth set in its answer's cookie. Enrolment replaces the session (a new
 * token in the cookie, while the body still names the old one), so the cookie is the one to trust.
 * The cookie's value is `<token>.<signature>`, URL-encoded.
 */
export function sessionTokenOf(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^(?:__Secure-)?[\w.-]*session_token=([^;]*)/.exec(cookie);
    const value = match?.[1] ? decodeURIComponent(match[1]) : "";
    const token = value.split(".")[0];
    if (token) return token;
  }
  return null;
}

async function bodyTokenOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { token?: unknown };
    return typeof body.token === "string" ? body.token : null;
  } catch {
    return null;
  }
}
