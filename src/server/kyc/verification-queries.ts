// The back office's verification list: everyone's identity verifications, paginated, filtered by
// status and searched on the server (docs/product.md, Back office).
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customerRecordsPage, newestOrOldestFirst, type CustomerRecordsQuery } from "../db/customer-records-page.ts";
import { twoSidedDocumentTypes } from "#shared/verification-schemas.ts";
import { profiles, user, verificationDocuments, verifications } from "../db/schema.ts";

/**
 * Whether the verification's document has two sides and its back is missing: one probe of the
 * documents' unique (user, type, side) index per row of the page.
 */
const backSideMissing = sql<boolean>`(${inArray(verifications.documentType, [...twoSidedDocumentTypes])} and not exists (
  select 1 from ${verificationDocuments} d
  where d.user_id = ${verifications.userId} and d.document_type = ${verifications.documentType} and d.side = 'back'))`;

export async function listAdminVerifications(
  db: Db,
  input: CustomerRecordsQuery & { status: "all" | "pending" | "approved" | "rejected" },
) {
  const { rows, total } = await customerRecordsPage(db, input, {
    table: verifications,
    ownerId: verifications.userId,
    statusColumn: verifications.status,
    // A verification is found by the customer's e-mail, name or user id.
    searchIn: [user.email, profiles.fullName, sql`${verifications.userId}::text`],
    rows: (withOwner, { limit, offset }) =>
      withOwner(
        db
          .select({
            id: verifications.id,
            userId: verifications.userId,
            userName: profiles.fullName,
            userEmail: user.email,
            documentType: verifications.documentType,
            status: verifications.status,
            rejectReason: verifications.rejectReason,
            backSideMissing,
            createdAt: verifications.createdAt,
            updatedAt: verifications.updatedAt,
          })
          .from(verifications)
          .$dynamic(),
      )
        .orderBy(...newestOrOldestFirst(input.direction, verifications.createdAt, verifications.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
    total,
  };
}
