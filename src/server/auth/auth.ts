// better-auth, configured for Nexapay (decision 001): e-mail and password, sessions in httpOnly
// SameSite=Lax cookies, reset links to our own /reset-password page, single-use tokens valid one
// hour. Its HTTP handler is never exposed whole: auth/auth-routes.ts puts our validation, throttling
// and lockout in front of the few endpoints we offer.
import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { errorCodes, messages } from "#shared/api-error.ts";
import { customerPasswordLengthMin, passwordLengthMax } from "#shared/password-policy.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { account, profiles, session, twoFactor, user, verification } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { answerDatabaseOutage } from "./database-outage-hook.ts";
import { queuePasswordResetMail, resetIdentifierPrefix } from "../mail/reset-password-mail.ts";

/** Set by app.ts on every request to Fastify's `request.ip`; whatever a client sent under this name is replaced. */
export const clientIpHeader = "x-nexapay-client-ip";

export const sessionLifetimeSeconds = 7 * 24 * 60 * 60;
export const resetTokenLifetimeSeconds = 60 * 60;
/** A session used this long after its expiry was last pushed out gets a full lifetime again. */
export const sessionRefreshAgeSeconds = 24 * 60 * 60;

type Log = { error: (obj: object, msg: string) => void };

// `mailer` and `log` are no longer used here (the reset e-mail goes through the outbox, decision 046);
// kept in the signature so that its callers need not change in the same commit.
export function createAuth(deps: { db: Db; config: Config; mailer: Mailer; log: Log }) {
  const { db, config } = deps;
  return betterAuth({
    appName: "Nexapay",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, twoFactor } }),
    trustedOrigins: [config.publicUrl],
    // Throttling is ours (per IP and e-mail, with lockout): see auth/auth-routes.ts.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // A failure better-auth hides behind a 500 is 503 when the database was not answering.
    hooks: { after: answerDatabaseOutage },
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The address better-auth records on a session is the one Fastify resolved (the connection's,
      // or the forwarded one from a proxy listed in TRUST_PROXY), never a header a client wrote.
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    session: { expiresIn: sessionLifetimeSeconds, updateAge: sessionRefreshAgeSeconds },
    // Admins sign in with a second factor (decision 006): TOTP from any authenticator app, with
    // one-time recovery codes; customers may turn it on too (decision 039, auth/two-factor-routes.ts).
    plugins: [twoFactorPlugin({ issuer: "Nexapay", backupCodeOptions: { amount: 10, length: 10 } })],
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: customerPasswordLengthMin,
      maxPasswordLength: passwordLengthMax,
      resetPasswordTokenExpiresIn: resetTokenLifetimeSeconds,
      revokeSessionsOnPasswordReset: true,
      // The e-mail is already queued with its token (databaseHooks.verification below); the outbox's
      // sender delivers it (kicked after the request, app.ts). better-auth offers resets only with
      // this function, and calls it after writing the token: too late to share the token's transaction.
      sendResetPassword: () => Promise.resolve(),
    },
    databaseHooks: {
      verification: {
        create: {
          // A reset token and its e-mail are written together (decision 046): the hook writes the
          // verification row itself, with the outbox row, in one transaction, and answers false so
          // that better-auth does not write it a second time (it does not use the row it creates).
          // A crash after the answer then loses no e-mail, and no answer says "sent" for a mail
          // that was never queued. Other verification rows (none today) are left to better-auth.
          before: async (row) => {
            if (!row.identifier.startsWith(resetIdentifierPrefix)) return;
            await queuePasswordResetMail(db, row, config.publicUrl);
            return false;
          },
        },
      },
      session: {
        create: {
          // A suspended user gets no session, whatever the way in.
          before: async (newSession) => {
            const [profile] = await db
              .select({ isSuspended: profiles.isSuspended })
              .from(profiles)
              .where(eq(profiles.id, newSession.userId));
            if (profile?.isSuspended) {
              throw new APIError("FORBIDDEN", { message: messages.suspended, code: errorCodes.suspended });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
