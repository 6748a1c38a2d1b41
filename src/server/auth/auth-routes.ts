// Our auth endpoints under /api/auth (docs/architecture.md, HTTP API › Auth). Each one validates with the shared zod schema,
// applies our own rules (common passwords, admin password length, throttling, lockout) and then
// hands the request to better-auth. Only these paths are reachable: better-auth's other endpoints
// (change e-mail, delete user, …) are not routed at all.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fromNodeHeaders } from "better-auth/node";
import { z } from "zod";
import { errorCodes, messages } from "#shared/api-error.ts";
import {
  changePasswordBodySchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  signInSchema,
  signUpBodySchema,
} from "#shared/auth-schemas.ts";
import { languageFromAcceptLanguage } from "#shared/language.ts";
import { adminPasswordLengthMin } from "#shared/password-policy.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { AppError } from "../http/errors.ts";
import { writeAudit } from "../audit/audit-log.ts";
import { recordSecurityChange } from "../account-security/security-changes.ts";
import { recordSignInPlace } from "../account-security/sign-in-places.ts";
import type { Auth } from "./auth.ts";
import { adminRoleOf } from "./admin-roles.ts";
import { createProfile, findUserIdByEmail, isUsernameTaken } from "./profile-queries.ts";
import { clearFailedSignIns, lockedUntil, recordFailedSignIn } from "./sign-in-lockout.ts";
import type { Guards } from "./guards.ts";
import { refuseCommonPassword } from "./password-rules.ts";
import { sendAuthResponse } from "./auth-response.ts";

const signInAttemptsPerMinute = 5;

const okSchema = z.object({ status: z.boolean() });

type AuthRouteDeps = { auth: Auth; db: Db; guards: Guards; config: Config };

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  registerSignUpRoute(app, deps);
  registerSignInRoute(app, deps);
  registerSessionRoutes(app, deps);
  registerResetRequestRoutes(app, deps);
  registerResetPasswordRoute(app, deps);
  registerChangePasswordRoute(app, deps);
}

function registerSignUpRoute(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth, db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/auth/sign-up/email",
    {
      schema: { tags: ["auth"], body: signUpBodySchema },
      config: { rateLimit: { max: deps.config.rateLimits.signUpsPerIpPerMinute, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const body = request.body;
      refuseCommonPassword(body.password, "password");
      if (await isUsernameTaken(db, body.username)) {
        throw new AppError(409, errorCodes.conflict, messages.usernameTaken, { username: messages.usernameTaken });
      }
      if (await findUserIdByEmail(db, body.email)) {
        throw new AppError(409, errorCodes.conflict, messages.emailTaken, { email: messages.emailTaken });
      }
      const response = await auth.api.signUpEmail({
        body: { email: body.email, password: body.password, name: body.name ?? body.username },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (!response.ok) {
        // Lost a race for the e-mail after the check above (a double-submitted form): better-auth
        // answers a bare 422 "Failed to create user"; say what happened, as the check would have.
        if (await findUserIdByEmail(db, body.email)) {
          throw new AppError(409, errorCodes.conflict, messages.emailTaken, { email: messages.emailTaken });
        }
        return sendAuthResponse(reply, response);
      }
      const { user } = (await response.clone().json()) as { user: { id: string } };
      try {
        // The language the sign-up page was shown in, else the browser's (decision 025).
        const language = body.language ?? languageFromAcceptLanguage(request.headers["accept-language"]);
        await createProfile(db, { userId: user.id, username: body.username, country: body.country, language });
      } catch (error) {
        // Lost a race for the username after the check above: undo the account, say why.
        const ctx = await auth.$context;
        await ctx.internalAdapter.deleteUser(user.id);
        if (isUniqueViolation(error)) {
          throw new AppError(409, errorCodes.conflict, messages.usernameTaken, { username: messages.usernameTaken });
        }
        throw error;
      }
      // The places of the account's first session are its own: no alert (decision 039).
      await recordSignInPlace(db, { userId: user.id, ip: request.ip, userAgent: request.headers["user-agent"], firstSession: true });
      return sendAuthResponse(reply, response);
    },
  );
}

function registerSignInRoute(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth, db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/sign-in/email",
    {
      schema: { tags: ["auth"], body: signInSchema },
      config: {
        rateLimit: {
          max: signInAttemptsPerMinute,
          timeWindow: "1 minute",
          hook: "preHandler",
          // Per IP and e-mail: one address cannot be guessed at quickly, and one office behind a
          // shared IP does not lock out its colleagues. The lockout below covers many IPs.
          keyGenerator: (request: FastifyRequest) =>
            `sign-in:${request.ip}:${(request.body as { email?: string } | undefined)?.email ?? ""}`,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const now = new Date();
      if (await lockedUntil(db, email, now)) throw new AppError(403, errorCodes.locked, messages.locked);

      const earlier = await guards.currentUser(request);
      const response = await auth.api.signInEmail({
        body: { email, password },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 401) {
        await recordFailedSignIn(db, email, now);
        throw new AppError(401, errorCodes.invalidCredentials, messages.invalidCredentials);
      }
      if (response.ok) {
        // The password was right. With two-factor enrolled, better-auth answers
        // {twoFactorRedirect: true} and the session waits for the code (auth/two-factor-routes.ts).
        const answer = (await response.clone().json()) as { user?: { id: string } };
        const userId = answer.user?.id ?? (await findUserIdByEmail(db, email));
        if (userId) {
          await clearFailedSignIns(db, userId);
          // The password was right: a device or network new to the account is told to its owner
          // (decision 039), even before a second factor, since the password is what was stolen.
          await recordSignInPlace(db, { userId, ip: request.ip, userAgent: request.headers["user-agent"], firstSession: false });
        }
        // Sign-in replaces any earlier session in this browser.
        if (earlier) {
          const ctx = await auth.$context;
          await ctx.internalAdapter.deleteSession(earlier.sessionToken);
        }
      }
      return sendAuthResponse(reply, response);
    },
  );
}

function registerSessionRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post("/api/auth/sign-out", { schema: { tags: ["auth"] }, preValidation: refuseAnyBody }, async (request, reply) => {
    const response = await auth.api.signOut({ headers: fromNodeHeaders(request.headers), asResponse: true });
    return sendAuthResponse(reply, response);
  });

  r.get("/api/auth/get-session", { schema: { tags: ["auth"] } }, async (request, reply) => {
    const response = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), asResponse: true });
    return sendAuthResponse(reply, response);
  });
}

function registerResetRequestRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/request-password-reset",
    {
      schema: { tags: ["auth"], body: requestPasswordResetBodySchema, response: { 200: okSchema.extend({ message: z.string() }) } },
      config: {
        rateLimit: {
          max: signInAttemptsPerMinute,
          timeWindow: "1 minute",
          hook: "preHandler",
          keyGenerator: (request: FastifyRequest) => `reset:${request.ip}:${(request.body as { email?: string } | undefined)?.email ?? ""}`,
        },
      },
    },
    async (request, reply) => {
      // The link always points at our own /reset-password page (auth.ts), so redirectTo is not used.
      const response = await auth.api.requestPasswordReset({
        body: { email: request.body.email },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      return sendAuthResponse(reply, response);
    },
  );

  r.post(
    "/api/auth/reset-password/verify",
    {
      schema: {
        tags: ["auth"],
        body: z.object({ token: z.string().min(1).max(512) }),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => {
      const ctx = await auth.$context;
      const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${request.body.token}`);
      return { valid: found !== null && found.expiresAt > new Date() };
    },
  );
}

function registerResetPasswordRoute(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth, db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/reset-password",
    {
      schema: { tags: ["auth"], body: resetPasswordBodySchema, response: { 200: okSchema } },
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { newPassword, token } = request.body;
      refuseCommonPassword(newPassword, "newPassword");
      const ctx = await auth.$context;
      const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
      if (!found || found.expiresAt <= new Date()) {
        throw new AppError(400, errorCodes.validation, messages.resetLinkInvalid, { token: messages.resetLinkInvalid });
      }
      await refuseShortAdminPassword(db, found.value, newPassword, "newPassword");
      const response = await auth.api.resetPassword({
        body: { newPassword, token },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 400) {
        throw new AppError(400, errorCodes.validation, messages.resetLinkInvalid, { token: messages.resetLinkInvalid });
      }
      if (response.ok) {
        await clearFailedSignIns(db, found.value);
        await writeAudit(db, {
          actorId: found.value,
          action: "user.password_reset",
          targetType: "user",
          targetId: found.value,
          ip: request.ip,
        });
        // Withdrawals wait, every other reset link dies, and the owner hears of it (decision 039).
        await recordSecurityChange(db, { userId: found.value, change: "password_reset", ip: request.ip });
      }
      return sendAuthResponse(reply, response);
    },
  );
}

function registerChangePasswordRoute(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth, db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/change-password",
    {
      schema: { tags: ["auth"], body: changePasswordBodySchema },
      onRequest: guards.requireUser,
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      refuseCommonPassword(newPassword, "newPassword");
      await refuseShortAdminPassword(db, request.user!.id, newPassword, "newPassword");
      const response = await auth.api.changePassword({
        // The user's other sessions end with the old password.
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (response.status === 400) {
        throw new AppError(400, errorCodes.validation, messages.currentPasswordWrong, {
          currentPassword: messages.currentPasswordWrong,
        });
      }
      if (response.ok) {
        const userId = request.user!.id;
        await writeAudit(db, { actorId: userId, action: "user.password_changed", targetType: "user", targetId: userId, ip: request.ip });
        // Withdrawals wait, reset links issued before the change die, and the owner hears of it (decision 039).
        await recordSecurityChange(db, { userId, change: "password_changed", ip: request.ip });
      }
      return sendAuthResponse(reply, response);
    },
  );
}

/**
 * For endpoints that take no input: no body, or an empty JSON object; anything else is refused
 * like any other malformed body (every request body is validated). A preValidation
 * hook, because a body schema cannot tell a missing body from a JSON `null` (Fastify validates
 * both as null).
 */
function refuseAnyBody(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const body: unknown = request.body;
  if (body === undefined) return done();
  if (typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length === 0) return done();
  const message = "This request takes no body.";
  done(new AppError(400, errorCodes.validation, message, { body: message }));
}

async function refuseShortAdminPassword(db: Db, userId: string, password: string, field: string): Promise<void> {
  if (password.length >= adminPasswordLengthMin) return;
  if ((await adminRoleOf(db, userId)) === null) return;
  const message = `Password must be at least ${adminPasswordLengthMin} characters`;
  throw new AppError(400, errorCodes.validation, message, { [field]: message });
}
