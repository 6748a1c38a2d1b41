// What a session may still see, for live streams (realtime/event-routes.ts), which re-check it while
// they run and write nothing.
import type { Db } from "../db/client.ts";
import { findSession } from "./session-lookup.ts";
import { adminSessionVerdict } from "./who-may-act.ts";

/**
 * `signedIn` while the session exists, has not expired and its user is not suspended; `backOffice`
 * while it also belongs to an admin with a second factor and passes the admin session rules.
 */
export async function sessionStanding(db: Db, sessionToken: string, now: Date): Promise<{ signedIn: boolean; backOffice: boolean }> {
  const facts = await findSession(db, sessionToken);
  const signedIn = facts !== null && facts.expiresAt > now && !facts.isSuspended;
  const backOffice = signedIn && facts.adminRole !== null && facts.twoFactorEnabled && adminSessionVerdict(facts, now, 0) === "active";
  return { signedIn, backOffice };
}
