// Identity verification (docs/product.md, Customer area › Verification): document types, sides, and what the API answers.
import { z } from "zod";
import { verificationStatuses } from "./profile-schemas.ts";

export const documentTypes = ["national_id", "driving_license", "passport"] as const;
export type DocumentType = (typeof documentTypes)[number];
export const documentSides = ["front", "back"] as const;
export type DocumentSide = (typeof documentSides)[number];

/** The passport has a front only. */
export function sidesOf(documentType: DocumentType): readonly DocumentSide[] {
  return documentType === "passport" ? ["front"] : documentSides;
}

/** The document types with a back side to upload (national ID, driving licence): without it, the set is incomplete. */
export const twoSidedDocumentTypes: readonly DocumentType[] = documentTypes.filter((type) => sidesOf(type).includes("back"));

export const documentSizeBytesMax = 5_242_880;
export const documentContentTypes = ["image/jpeg", "image/png", "image/webp"] as const;

export const documentParamsSchema = z.object({
  documentType: z.enum(documentTypes, { error: "Document type must be national_id, driving_license or passport" }),
  side: z.enum(documentSides, { error: "Side must be front or back" }),
});

export const verificationDocumentSchema = z.object({
  documentType: z.enum(documentTypes),
  side: z.enum(documentSides),
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type VerificationDocumentDto = z.infer<typeof verificationDocumentSchema>;

export const verificationSchema = z.object({
  id: z.string().nullable(),
  status: z.enum(verificationStatuses),
  documentType: z.enum(documentTypes).nullable(),
  /** Why an admin rejected the documents; null unless rejected (cleared by a new upload). */
  rejectReason: z.string().nullable(),
  documents: z.array(verificationDocumentSchema),
});
export type VerificationDto = z.infer<typeof verificationSchema>;

/** The common reasons the back office offers for rejecting a verification (besides "Other…", free text). */
export const verificationRejectReasons = ["Photo is blurred", "Document expired", "Name does not match the profile"] as const;

export const verificationMessages = {
  approved: "Your identity has been verified successfully.",
  rejected: "Please upload new documents for verification.",
  pending: "Your documents are being reviewed.",
  passportBack: "A passport has a front side only",
  notAnImage: "Only JPEG, PNG or WebP images can be uploaded",
  tooLarge: "The file is larger than 5 MB",
  noFile: "Choose a file to upload",
} as const;
