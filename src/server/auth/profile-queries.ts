// Queries about accounts that better-auth does not know: who has an e-mail or a username, and the
// profile a new account gets.
import { eq, sql } from "drizzle-orm";
import type { Language } from "#shared/language.ts";
import type { Db } from "../db/client.ts";
import { profiles, user } from "../db/schema.ts";

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()));
  return row !== undefined;
}

/**
 * What better-auth does not store of a new account: the profile, and the language we write to them
 * in (absent: English, the column's default). No transaction: when the profile cannot be made, the
 * caller deletes the new user, language and all.
 */
export async function createProfile(
  db: Db,
  values: { userId: string; username: string; country: string; language?: Language },
): Promise<void> {
  if (values.language !== undefined && values.language !== "en") {
    await db.update(user).set({ language: values.language }).where(eq(user.id, values.userId));
  }
  await db.insert(profiles).values({ id: values.userId, username: values.username, country: values.country });
}

export async function isSuspended(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ isSuspended: profiles.isSuspended }).from(profiles).where(eq(profiles.id, userId));
  return row?.isSuspended ?? false;
}
