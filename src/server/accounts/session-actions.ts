// The owner ends their own sessions (decision 039): one they do not recognise, or every one but the
// browser they are using. Each ending leaves an audit entry naming the session by its row id.
import { and, eq, ne } from "drizzle-orm";
import { errorCodes } from "#shared/api-error.ts";
import { writeAudit } from "../audit/audit-log.ts";
import type { Db } from "../db/client.ts";
import { session } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

type Owner = { userId: string; currentToken: string; ip: string };

/**
 * Ends one of the owner's sessions, the current one included (that signs this browser out). A
 * session of someone else is answered as one that does not exist: its id tells nothing.
 */
export async function endOwnSession(db: Db, input: Owner & { sessionId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(session)
      .where(and(eq(session.id, input.sessionId), eq(session.userId, input.userId)))
      .returning({ id: session.id, token: session.token });
    if (!ended) throw new AppError(404, errorCodes.notFound, "Session not found");
    await auditEnded(tx, input, [{ id: ended.id, current: ended.token === input.currentToken }]);
  });
}

/** Ends every session of the owner but the one asking ("Sign out everywhere else"). */
export async function endOtherOwnSessions(db: Db, input: Owner): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.userId, input.userId), ne(session.token, input.currentToken)))
      .returning({ id: session.id });
    await auditEnded(
      tx,
      input,
      ended.map(({ id }) => ({ id, current: false })),
    );
  });
}

async function auditEnded(db: Db, owner: Owner, sessions: { id: string; current: boolean }[]): Promise<void> {
  for (const ended of sessions) {
    await writeAudit(db, {
      actorId: owner.userId,
      action: "user.session_ended",
      targetType: "user",
      targetId: owner.userId,
      details: { sessionId: ended.id, thisDevice: ended.current },
      ip: owner.ip,
    });
  }
}
