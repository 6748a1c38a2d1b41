// The audit log as the back office reads it: newest first, filtered by action, with the actor's e-mail.
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { exactListPage, type Page } from "../db/paged-list.ts";
import { auditLog, user } from "../db/schema.ts";

export async function listAuditLog(db: Db, input: Page & { action: string }) {
  const where = input.action !== "" ? eq(auditLog.action, input.action) : undefined;
  const { rows, total } = await exactListPage(input, {
    rows: ({ limit, offset }) =>
      db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorEmail: user.email,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          details: auditLog.details,
          ip: auditLog.ip,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(user, eq(user.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(auditLog).where(where),
  });
  return { items: rows.map((r) => ({ ...r, actorEmail: r.actorEmail ?? null, createdAt: r.createdAt.toISOString() })), total };
}
