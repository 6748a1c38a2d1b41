// The owner's list of where they are signed in (decision 039): their live sessions, each named by
// its row id (never its token, which would sign in) and described from its stored user agent.
import Bowser from "bowser";
import { and, desc, eq, gt } from "drizzle-orm";
import type { OwnSession } from "#shared/session-schemas.ts";
import type { Db } from "../db/client.ts";
import { session } from "../db/schema.ts";

/** The signed-in user's sessions that have not expired: the one asking first, then the most recently used. */
export async function listOwnSessions(db: Db, input: { userId: string; currentToken: string; now: Date }): Promise<OwnSession[]> {
  const rows = await db
    .select({
      id: session.id,
      token: session.token,
      createdAt: session.createdAt,
      lastActiveAt: session.lastActiveAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(and(eq(session.userId, input.userId), gt(session.expiresAt, input.now)))
    .orderBy(desc(session.lastActiveAt), desc(session.createdAt));
  const current = rows.filter((row) => row.token === input.currentToken);
  const others = rows.filter((row) => row.token !== input.currentToken);
  return [...current, ...others].map((row) => ({
    id: row.id,
    current: row.token === input.currentToken,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastActiveAt.toISOString(),
    ipAddress: row.ipAddress || null,
    ...deviceOf(row.userAgent),
  }));
}

/**
 * "Chrome on Windows", "Safari on iPhone": what a person recognises of a user agent. The phone or
 * tablet model when the agent names one (Apple's do), else the operating system. An agent that
 * names no browser is an "Unknown device": a made-up or scripted one is not worth a guess.
 */
export function deviceOf(userAgent: string | null): Pick<OwnSession, "browser" | "system" | "device"> {
  const parsed = userAgent?.trim() ? Bowser.parse(userAgent) : null;
  const browser = parsed?.browser.name || null;
  const system = parsed?.platform.model || parsed?.os.name || null;
  if (browser === null) return { browser: null, system: null, device: "Unknown device" };
  return { browser, system, device: system === null ? browser : `${browser} on ${system}` };
}
