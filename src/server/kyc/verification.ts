// Identity verification (docs/product.md, Customer area › Verification): documents are checked by their content,
// stored privately as <userId>/<documentType>_<side>.<ext>, and an upload moves the verification
// through its states: none → pending; rejected → pending with the new document type; others stay.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { errorCodes, messages } from "#shared/api-error.ts";
import {
  documentContentTypes,
  documentSizeBytesMax,
  verificationMessages,
  type DocumentSide,
  type DocumentType,
  type VerificationDto,
} from "#shared/verification-schemas.ts";
import type { Db } from "../db/client.ts";
import { verificationDocuments, verifications } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { notifyChange } from "../realtime/notify.ts";
import type { Storage } from "../storage/storage.ts";

const extensionOf: Record<(typeof documentContentTypes)[number], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

export function fileUrl(storageKey: string): string {
  return `/api/files/${storageKey}`;
}

export async function getVerification(db: Db, userId: string): Promise<VerificationDto> {
  const [verification] = await db.select().from(verifications).where(eq(verifications.userId, userId));
  const documents = await db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, userId));
  return {
    id: verification?.id ?? null,
    status: verification?.status ?? "none",
    documentType: verification?.documentType ?? null,
    documents: documents.map((d) => ({
      documentType: d.documentType,
      side: d.side,
      url: fileUrl(d.storageKey),
      contentType: d.contentType,
      sizeBytes: d.sizeBytes,
      uploadedAt: d.uploadedAt.toISOString(),
    })),
    rejectReason: null, // placeholder until the server side of issue 13 stores it
  };
}

export async function uploadDocument(
  db: Db,
  storage: Storage,
  input: { userId: string; documentType: DocumentType; side: DocumentSide; bytes: Buffer },
): Promise<VerificationDto> {
  const { userId, documentType, side, bytes } = input;
  if (documentType === "passport" && side === "back") {
    throw new AppError(400, errorCodes.validation, verificationMessages.passportBack, { side: verificationMessages.passportBack });
  }
  if (bytes.length === 0)
    throw new AppError(400, errorCodes.validation, verificationMessages.noFile, { file: verificationMessages.noFile });
  if (bytes.length > documentSizeBytesMax) throw new AppError(413, errorCodes.payloadTooLarge, verificationMessages.tooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = documentContentTypes.find((type) => type === detected?.mime);
  if (!contentType) throw new AppError(415, errorCodes.unsupportedMediaType, verificationMessages.notAnImage);

  const storageKey = `${userId}/${documentType}_${side}.${extensionOf[contentType]}`;
  let previousKey: string | undefined;
  let wroteFile = false;
  try {
    await db.transaction(async (tx) => {
      // Row lock: an approval waits for this upload, and this upload sees an approval that came
      // first. Once approved, the documents the admin looked at are what was approved: nothing
      // replaces them, not even on disk (the check comes before the file is written).
      const [current] = await tx.select().from(verifications).where(eq(verifications.userId, userId)).for("update");
      if (current?.status === "approved") throw new AppError(409, errorCodes.documentsLocked, messages.documentsLocked);
      const [previous] = await tx
        .select({ storageKey: verificationDocuments.storageKey })
        .from(verificationDocuments)
        .where(
          and(
            eq(verificationDocuments.userId, userId),
            eq(verificationDocuments.documentType, documentType),
            eq(verificationDocuments.side, side),
          ),
        );
      previousKey = previous?.storageKey;
      await storage.put(storageKey, bytes);
      wroteFile = true;
      const document = {
        userId,
        documentType,
        side,
        storageKey,
        contentType,
        sizeBytes: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        uploadedAt: new Date(),
      };
      await tx
        .insert(verificationDocuments)
        .values(document)
        .onConflictDoUpdate({
          target: [verificationDocuments.userId, verificationDocuments.documentType, verificationDocuments.side],
          set: { storageKey, contentType, sizeBytes: document.sizeBytes, sha256: document.sha256, uploadedAt: document.uploadedAt },
        });
      await moveToPendingAfterUpload(tx, userId, documentType, current);
      await notifyChange(tx, { table: "verifications", userId, id: userId });
    });
  } catch (error) {
    if (wroteFile && previousKey !== storageKey) await storage.remove(storageKey);
    throw error;
  }
  // A replacement with another image type leaves the old file behind: remove it.
  if (previousKey !== undefined && previousKey !== storageKey) await storage.remove(previousKey);
  return getVerification(db, userId);
}

/** none → pending; rejected → pending with the new document type; pending stays pending. */
async function moveToPendingAfterUpload(
  db: Db,
  userId: string,
  documentType: DocumentType,
  current: typeof verifications.$inferSelect | undefined,
): Promise<void> {
  if (!current) {
    await db.insert(verifications).values({ userId, documentType, status: "pending" }).onConflictDoNothing();
  } else if (current.status === "rejected") {
    await db.update(verifications).set({ status: "pending", documentType, updatedAt: new Date() }).where(eq(verifications.id, current.id));
  }
}

/** The stored document behind a private URL, or null. */
export async function findDocumentByKey(db: Db, storageKey: string) {
  const [row] = await db.select().from(verificationDocuments).where(eq(verificationDocuments.storageKey, storageKey));
  return row ?? null;
}
