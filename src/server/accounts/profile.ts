// The customer's own profile (docs/product.md, Customer area › Profile): profiles (name, phone, the
// e-mail preference) and extended_profiles (address, document number) saved together; an empty
// field is saved as null.
import { eq, sql } from "drizzle-orm";
import type { Language } from "#shared/language.ts";
import type { ProfileDto, VerificationStatus } from "#shared/profile-schemas.ts";
import type { Db } from "../db/client.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { extendedProfiles, profiles, user, verifications } from "../db/schema.ts";
import { notifyChange } from "../realtime/notify.ts";

export type ProfileChanges = {
  fullName?: string | null | undefined;
  phone?: string | null | undefined;
  address?: string | null | undefined;
  documentNumber?: string | null | undefined;
  emailNotifications?: boolean | undefined;
};

/**
 * The Profile screen's fields, the customer's country and their verification status, read in one
 * statement (the status from a subquery: one verification per customer, or none).
 */
export async function getProfile(
  db: Db,
  userId: string,
): Promise<(ProfileDto & { country: string; emailNotifications: boolean; language: Language }) | null> {
  const [row] = await preparedProfile(db).execute({ userId });
  if (!row) return null;
  return {
    ...row,
    address: row.address ?? null,
    documentNumber: row.documentNumber ?? null,
    verificationStatus: row.verificationStatus ?? "none",
  };
}

// Prepared once per database (db/prepared.ts): /api/me answers on every screen load.
const preparedProfile = preparedPerDatabase((db) => {
  const verificationStatus = db.select({ status: verifications.status }).from(verifications).where(eq(verifications.userId, profiles.id));
  return db
    .select({
      id: profiles.id,
      email: user.email,
      username: profiles.username,
      fullName: profiles.fullName,
      phone: profiles.phone,
      country: profiles.country,
      emailNotifications: profiles.emailNotifications,
      language: user.language,
      address: extendedProfiles.address,
      documentNumber: extendedProfiles.documentNumber,
      verificationStatus: sql<VerificationStatus | null>`(${verificationStatus})`,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(extendedProfiles, eq(extendedProfiles.userId, profiles.id))
    .where(eq(profiles.id, sql.placeholder("userId")))
    .prepare("nexapay_profile");
});

/** Saves the fields present in `changes`; absent ones keep their value. */
export async function updateProfile(db: Db, userId: string, changes: ProfileChanges): Promise<void> {
  await db.transaction(async (tx) => {
    const profileSet = {
      ...(changes.fullName !== undefined && { fullName: changes.fullName }),
      ...(changes.phone !== undefined && { phone: changes.phone }),
      ...(changes.emailNotifications !== undefined && { emailNotifications: changes.emailNotifications }),
    };
    if (Object.keys(profileSet).length > 0) await tx.update(profiles).set(profileSet).where(eq(profiles.id, userId));
    const extendedSet = {
      ...(changes.address !== undefined && { address: changes.address }),
      ...(changes.documentNumber !== undefined && { documentNumber: changes.documentNumber }),
    };
    if (Object.keys(extendedSet).length > 0) {
      await tx
        .insert(extendedProfiles)
        .values({ userId, ...extendedSet })
        .onConflictDoUpdate({ target: extendedProfiles.userId, set: extendedSet });
    }
    await notifyChange(tx, { table: "profiles", userId, id: userId });
  });
}

/** The language we write to this user in (decision 025); only ever their own row: the id is the session's. */
export async function setLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ language }).where(eq(user.id, userId));
    // Their other tabs read /api/me again, as after a profile change.
    await notifyChange(tx, { table: "profiles", userId, id: userId });
  });
}
