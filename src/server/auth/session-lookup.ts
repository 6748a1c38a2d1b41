// Who is asking, in one round trip (docs/architecture.md, Security rules › Sessions). better-auth
// creates and ends sessions (sign-in, sign-up, reset, the second factor); on every other request we
// read its session cookie ourselves and resolve it with a single statement to everything a guard
// decides on: the user, their suspension, admin role and second factor, and the session's own
// times. better-auth's getSession would take a round trip for the session and one for the user, and
// the guards four more for the rest.
//
// Nothing is cached between requests: a session deleted, a user suspended or an admin gone idle is
// refused on the very next request, because every request reads the rows as they are now.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { adminUsers, profiles, session, user } from "../db/schema.ts";
import type { AdminRole } from "./admin-roles.ts";

export type SessionFacts = {
  token: string;
  userId: string;
  email: string;
  expiresAt: Date;
  createdAt: Date;
  lastActiveAt: Date;
  twoFactorVerifiedAt: Date | null;
  twoFactorEnabled: boolean;
  isSuspended: boolean;
  adminRole: AdminRole | null;
};

/**
 * The session token in a request's cookie header, if its signature is ours. better-auth stores
 * `token.signature` (the signature: base64 HMAC-SHA-256 of the token with AUTH_SECRET), URL-encoded;
 * a cookie with another signature, or none, names no session.
 */
export function signedSessionToken(cookieHeader: string | undefined, cookieName: string, secret: string): string | null {
  if (cookieHeader === undefined) return null;
  const value = cookieValue(cookieHeader, cookieName);
  if (value === undefined) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** One cookie's value, URL-decoded, as better-auth reads it: the first cookie of that name wins. */
function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const pair of cookieHeader.split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    const unquoted = raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
    try {
      return decodeURIComponent(unquoted);
    } catch {
      return unquoted;
    }
  }
  return undefined;
}

/**
 * The session with this token and its user's standing, with `extra` columns read in the same
 * statement (a route that needs one more row, such as the wallet, reads it here instead of in a
 * second round trip). The columns of profiles and the user row are in scope for `extra`.
 */
export function selectSessionWith<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({
      token: session.token,
      userId: session.userId,
      email: user.email,
      expiresAt: session.expiresAt,
      createdAt: session.createdAt,
      lastActiveAt: session.lastActiveAt,
      twoFactorVerifiedAt: session.twoFactorVerifiedAt,
      twoFactorEnabled: user.twoFactorEnabled,
      isSuspended: sql<boolean>`coalesce(${profiles.isSuspended}, false)`,
      adminRole: adminUsers.adminRole,
      ...extra,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .leftJoin(adminUsers, eq(adminUsers.userId, session.userId))
    .where(eq(session.token, sql.placeholder("token")));
}

// Built once per database handle and prepared (db/prepared.ts): the query text is not rebuilt, and
// the server does not plan it again, on every request.
const preparedLookup = preparedPerDatabase((db) => selectSessionWith(db, {}).prepare("nexapay_session_lookup"));

/** The session with this token and the facts about its user, or null when there is none. */
export async function findSession(db: Db, token: string): Promise<SessionFacts | null> {
  const [row] = await preparedLookup(db).execute({ token });
  return row ?? null;
}
