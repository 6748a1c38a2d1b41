// The second factor (decisions 006, 014 and 039; ASVS 4.3.1, PCI DSS 8.4.1): enrolment of an
// authenticator app (TOTP, RFC 6238) with one-time recovery codes, the code step of a sign-in, and,
// for customers only, turning it off again. Admins must have it (the back office refuses them
// without); customers choose. Handled by better-auth's two-factor plugin behind our validation and
// throttling.
import assert from "node:assert/strict";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fromNodeHeaders } from "better-auth/node";
import { timingSafeEqual } from "node:crypto";
import { errorCodes } from "#shared/api-error.ts";
import {
  compactCode,
  isTotpCode,
  recoveryCodeSchema,
  totpCodeSchema,
  twoFactorDisableSchema,
  twoFactorPasswordSchema,
} from "#shared/two-factor-schemas.ts";
import { recordSecurityChange } from "../account-security/security-changes.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { writeAudit } from "../audit/audit-log.ts";
import { adminRoleOf } from "./admin-roles.ts";
import { markSessionTwoFactorVerified, revokeSessionsOf } from "./session-writes.ts";
import type { Auth } from "./auth.ts";
import type { Guards } from "./guards.ts";
import { sendAuthResponse } from "./auth-response.ts";

const passwordIncorrect = "Password is incorrect";
const invalidCode = "Invalid code. Check your authenticator app and try again.";
const invalidRecoveryCode = "Invalid recovery code.";
const notSetUp = "Two-factor sign-in is not set up.";
const adminsKeepIt = "The back office requires two-factor sign-in: it cannot be turned off.";

const wrongPassword = () => new AppError(400, errorCodes.invalidCredentials, passwordIncorrect, { password: passwordIncorrect });
const wrongCode = (message: string) => new AppError(400, errorCodes.invalidCredentials, message, { code: message });

/** The audit action of a sign-in's code step: the back office's own for admins, the customers' otherwise. */
async function signedInActionOf(db: Db, userId: string): Promise<string> {
  return (await adminRoleOf(db, userId)) === null ? "user.signed_in" : "admin.signed_in";
}

type TwoFactorDeps = { auth: Auth; db: Db; guards: Guards; config: Config };

export function registerTwoFactorRoutes(app: FastifyInstance, deps: TwoFactorDeps): void {
  registerEnableRoute(app, deps);
  registerRecoveryCodeRoutes(app, deps);
  registerDisableRoute(app, deps);
  registerTotpStepRoute(app, deps);
  registerRecoveryCodeStepRoute(app, deps);
}

/** Code attempts per IP (one limit for each endpoint, `prefix`): a code cannot be guessed at quickly. */
function perIp(deps: TwoFactorDeps, prefix: string) {
  return {
    rateLimit: {
      max: deps.config.rateLimits.twoFactorCodesPerIpPerMinute,
      timeWindow: "1 minute",
      keyGenerator: (request: FastifyRequest) => `${prefix}:${request.ip}`,
    },
  };
}

/**
 * The session that answered a code is the one that proved it: only that session is marked (the
 * admin routes accept no other). When the code completed an enrolment, every other session of
 * that user ends: those were opened with a password alone.
 */
async function secondFactorPassed(db: Db, response: Response, enrolledUserId: string | null): Promise<void> {
  const token = sessionTokenOf(response) ?? (await bodyTokenOf(response));
  assert(token !== null, "a passed second-factor step answers with a session");
  await markSessionTwoFactorVerified(db, token, new Date());
  if (enrolledUserId !== null) await revokeSessionsOf(db, enrolledUserId, token);
}

function registerEnableRoute(app: FastifyInstance, deps: TwoFactorDeps): void {
  const { auth, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/auth/two-factor/enable",
    { schema: { tags: ["auth"], body: twoFactorPasswordSchema }, onRequest: guards.requireUser, config: perIp(deps, "2fa-enable") },
    async (request, reply) => {
      // Admins and customers alike: the enrolment completes with the first code (verify-totp).
      const response = await auth.api.enableTwoFactor({
        body: { password: request.body.password },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 400) {
        const text = await response.clone().text();
        if (text.includes("TOTP_ALREADY_ENABLED")) throw new AppError(409, errorCodes.conflict, "Two-factor sign-in is already set up.");
        throw wrongPassword();
      }
      return sendAuthResponse(reply, response);
    },
  );
}

function registerRecoveryCodeRoutes(app: FastifyInstance, deps: TwoFactorDeps): void {
  const { auth, db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // New recovery codes for a signed-in, enrolled user (the old ones stop working): when they have
  // used most of them, or fear they were seen. The password is asked again, as for enrolment. An
  // admin must be on a session the back office would admit.
  r.post(
    "/api/auth/two-factor/generate-backup-codes",
    {
      schema: { tags: ["auth"], body: twoFactorPasswordSchema },
      onRequest: guards.requireUserAsAdminIfAdmin,
      config: perIp(deps, "2fa-backup-codes"),
    },
    async (request, reply) => {
      const signedIn = request.user!;
      if (!signedIn.twoFactorEnabled) throw new AppError(409, errorCodes.conflict, notSetUp);
      const response = await auth.api.generateBackupCodes({
        body: { password: request.body.password },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 400 || response.status === 401) throw wrongPassword();
      if (response.ok) {
        await writeAudit(db, {
          actorId: signedIn.id,
          action: signedIn.adminRole === null ? "user.recovery_codes_regenerated" : "admin.recovery_codes_regenerated",
          targetType: "user",
          targetId: signedIn.id,
          ip: request.ip,
        });
      }
      return sendAuthResponse(reply, response);
    },
  );
}

function registerDisableRoute(app: FastifyInstance, deps: TwoFactorDeps): void {
  const { auth, db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A customer turns the second factor off with the password AND a current code (the app's or a
  // recovery code): neither a stolen session nor a stolen password alone can. It starts the
  // withdrawal hold and tells the owner by e-mail (decision 039). Admins cannot: the back office
  // requires it (a super admin resets a lost one, admins/reset-two-factor.ts).
  r.post(
    "/api/auth/two-factor/disable",
    { schema: { tags: ["auth"], body: twoFactorDisableSchema }, onRequest: guards.requireUser, config: perIp(deps, "2fa-disable") },
    async (request, reply) => {
      const signedIn = request.user!;
      if (signedIn.adminRole !== null) throw new AppError(403, errorCodes.forbidden, adminsKeepIt);
      if (!signedIn.twoFactorEnabled) throw new AppError(409, errorCodes.conflict, notSetUp);
      const headers = fromNodeHeaders(request.headers);
      const { code, password } = request.body;
      if (!(await isCurrentCode(auth, headers, signedIn.id, code))) {
        throw wrongCode(isTotpCode(code) ? invalidCode : invalidRecoveryCode);
      }
      // better-auth checks the password and, only when it is right, deletes the secret and the
      // recovery codes, clears the flag and replaces this session (a new cookie).
      const response = await auth.api.disableTwoFactor({ body: { password }, headers, asResponse: true });
      if (response.status === 400 || response.status === 401) throw wrongPassword();
      if (response.ok) {
        await writeAudit(db, {
          actorId: signedIn.id,
          action: "user.two_factor_disabled",
          targetType: "user",
          targetId: signedIn.id,
          details: { method: isTotpCode(code) ? "totp" : "recovery_code" },
          ip: request.ip,
        });
        await recordSecurityChange(db, { userId: signedIn.id, change: "two_factor_disabled", ip: request.ip });
      }
      return sendAuthResponse(reply, response);
    },
  );
}

function registerTotpStepRoute(app: FastifyInstance, deps: TwoFactorDeps): void {
  const { auth, db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/two-factor/verify-totp",
    { schema: { tags: ["auth"], body: totpCodeSchema }, config: perIp(deps, "2fa-totp") },
    async (request, reply) => {
      // With a session, this code completes the enrolment; without one, it completes a sign-in.
      const enrolling = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      const response = await auth.api.verifyTOTP({
        body: { code: request.body.code },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 401 || response.status === 400) throw wrongCode(invalidCode);
      if (response.ok) {
        const userId = enrolling?.user.id ?? (await userIdOf(response));
        const enrolled = enrolling !== null && !enrolling.user.twoFactorEnabled;
        await secondFactorPassed(db, response, enrolled && userId ? userId : null);
        if (userId) {
          const customer = (await adminRoleOf(db, userId)) === null;
          await writeAudit(db, {
            actorId: userId,
            action: `${customer ? "user" : "admin"}.${enrolled ? "two_factor_enabled" : "signed_in"}`,
            targetType: "user",
            targetId: userId,
            details: { method: "totp" },
            ip: request.ip,
          });
          // A customer turning it on is a security change: the hold and the e-mail (decision 039).
          // An admin's enrolment is the back office's entry requirement, not a change they chose.
          if (enrolled && customer) await recordSecurityChange(db, { userId, change: "two_factor_enabled", ip: request.ip });
        }
      }
      return sendAuthResponse(reply, response);
    },
  );
}

function registerRecoveryCodeStepRoute(app: FastifyInstance, deps: TwoFactorDeps): void {
  const { auth, db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/two-factor/verify-backup-code",
    { schema: { tags: ["auth"], body: recoveryCodeSchema }, config: perIp(deps, "2fa-backup") },
    async (request, reply) => {
      const response = await auth.api.verifyBackupCode({
        body: { code: request.body.code },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 401 || response.status === 400) throw wrongCode(invalidRecoveryCode);
      const userId = response.ok ? await userIdOf(response) : null;
      if (response.ok) await secondFactorPassed(db, response, null);
      if (userId) {
        await writeAudit(db, {
          actorId: userId,
          action: await signedInActionOf(db, userId),
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

/**
 * Whether `code` is a current code of the signed-in user, changing nothing either way: a wrong one
 * must leave everything as it was, and a right one is spent only if the password is right too (then
 * the secret and every recovery code are deleted anyway). Six digits are checked as the app's code
 * by better-auth's verifyTOTP on this session, which for an enrolment already completed only
 * compares; anything else as a recovery code, compared with the stored ones without using it up.
 */
async function isCurrentCode(auth: Auth, headers: Headers, userId: string, code: string): Promise<boolean> {
  if (isTotpCode(code)) {
    const response = await auth.api.verifyTOTP({ body: { code: compactCode(code) }, headers, asResponse: true });
    return response.ok;
  }
  // No codes stored (an enrolment half undone by hand) is no code at all.
  const backupCodes = await auth.api.viewBackupCodes({ body: { userId } }).then(
    (answer) => answer.backupCodes,
    () => [] as string[],
  );
  const given = Buffer.from(code);
  return backupCodes.some((stored) => {
    const expected = Buffer.from(stored);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
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
