// The contact messages as the back office reads them: newest first.
import { count, desc } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { exactListPage, type Page } from "../db/paged-list.ts";
import { contactMessages } from "../db/schema.ts";

export async function listContactMessages(db: Db, input: Page) {
  const { rows, total } = await exactListPage(input, {
    rows: ({ limit, offset }) => db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit).offset(offset),
    count: () => db.select({ n: count() }).from(contactMessages),
  });
  return { items: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), total };
}
