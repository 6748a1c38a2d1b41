// The back office's verification list: everyone's identity verifications, paginated, filtered and
// searched on the server (docs/product.md, Back office › Verifications). The review queue
// ("pending") holds only complete requests: the customer is told nobody reviews their documents
// until every side of the chosen document is in, so a request still missing one waits under
// "incomplete".
import { and, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { AdminVerificationFilter } from "#shared/admin-schemas.ts";
import { twoSidedDocumentTypes, type DocumentSide } from "#shared/verification-schemas.ts";
import type { Db } from "../db/client.ts";
import { newestOrOldestFirst, type CustomerRecordsQuery } from "../db/customer-records-page.ts";
import { likePattern } from "../db/like-pattern.ts";
import { exactListPage } from "../db/paged-list.ts";
import { profiles, user, verificationDocuments, verifications } from "../db/schema.ts";

/** Whether the verification's chosen document lacks `side`: one probe of the documents' unique (user, type, side) index. */
const sideAbsent = (side: DocumentSide) => sql`not exists (
  select 1 from ${verificationDocuments} d
  where d.user_id = ${verifications.userId} and d.document_type = ${verifications.documentType} and d.side = ${side})`;

/** Every document has a front. */
const frontSideMissing = sql<boolean>`(${sideAbsent("front")})`;
/** Only a two-sided document (national ID, driving licence) can miss its back. */
const backSideMissing = sql<boolean>`(${inArray(verifications.documentType, [...twoSidedDocumentTypes])} and ${sideAbsent("back")})`;
const incomplete = sql`(${frontSideMissing} or ${backSideMissing})`;

/** Which rows a filter keeps: "pending" and "incomplete" split the pending requests by whether every side is in. */
function statusCondition(status: AdminVerificationFilter): SQL | undefined {
  switch (status) {
    case "all":
      return undefined;
    case "pending":
      return and(eq(verifications.status, "pending"), sql`not ${incomplete}`);
    case "incomplete":
      return and(eq(verifications.status, "pending"), incomplete);
    default:
      return eq(verifications.status, status);
  }
}

export async function listAdminVerifications(db: Db, input: CustomerRecordsQuery & { status: AdminVerificationFilter }) {
  // A verification is found by the customer's e-mail, name or user id.
  const searchIn = [user.email, profiles.fullName, sql`${verifications.userId}::text`];
  const where = and(
    statusCondition(input.status),
    input.q !== "" ? or(...searchIn.map((column) => ilike(column, likePattern(input.q)))) : undefined,
  );
  // The joins add no column to an explicit select, so a query keeps its row type through them;
  // drizzle's types cannot follow a join made on a generic query, hence the cast.
  const withOwner = <Q extends PgSelect>(query: Q): Q =>
    query
      .innerJoin(user, eq(user.id, verifications.userId))
      .innerJoin(profiles, eq(profiles.id, verifications.userId))
      .where(where) as unknown as Q;
  const { rows, total } = await exactListPage(input, {
    rows: ({ limit, offset }) =>
      withOwner(fromVerifications(db))
        .orderBy(...newestOrOldestFirst(input.direction, verifications.createdAt, verifications.id))
        .limit(limit)
        .offset(offset),
    count: () => withOwner(db.select({ n: count() }).from(verifications).$dynamic()),
  });
  return { items: rows.map(shapeRow), total };
}

function fromVerifications(db: Db) {
  return db
    .select({
      id: verifications.id,
      userId: verifications.userId,
      userName: profiles.fullName,
      userEmail: user.email,
      documentType: verifications.documentType,
      status: verifications.status,
      rejectReason: verifications.rejectReason,
      frontSideMissing,
      backSideMissing,
      createdAt: verifications.createdAt,
      updatedAt: verifications.updatedAt,
    })
    .from(verifications)
    .$dynamic();
}

function shapeRow({ frontSideMissing, ...row }: Awaited<ReturnType<ReturnType<typeof fromVerifications>["execute"]>>[number]) {
  const missingSides: DocumentSide[] = [...(frontSideMissing ? ["front" as const] : []), ...(row.backSideMissing ? ["back" as const] : [])];
  return { ...row, missingSides, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
