// The contact messages as the back office reads them: newest first.
import { count, desc } from "drizzle-orm";
import type { StoredContactMessageDto } from "#shared/contact-schemas.ts";
import type { Db } from "../db/client.ts";
import { exactListPage, type Page } from "../db/paged-list.ts";
import { contactMessages } from "../db/schema.ts";

export async function listContactMessages(db: Db, input: Page): Promise<{ items: StoredContactMessageDto[]; total: number }> {
  const { rows, total } = await exactListPage(input, {
    rows: ({ limit, offset }) => db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit).offset(offset),
    count: () => db.select({ n: count() }).from(contactMessages),
  });
  return {
    items: rows.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      company: m.company,
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
    })),
    total,
  };
}
