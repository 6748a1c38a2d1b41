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
  documents: z.array(verificationDocumentSchema),
  /** Why an admin rejected the documents; null otherwise (cleared when the customer uploads again). */
  rejectReason: z.string().nullable(),
});
export type VerificationDto = z.infer<typeof verificationSchema>;

export const verificationMessages = {
  approved: "Your identity has been verified successfully.",
  rejected: "Please upload new documents for verification.",
  pending: "Your documents are being reviewed.",
  passportBack: "A passport has a front side only",
  notAnImage: "Only JPEG, PNG or WebP images can be uploaded",
  tooLarge: "The file is larger than 5 MB",
  noFile: "Choose a file to upload",
} as const;

/** The common reasons an admin picks from when rejecting a verification; the back office adds "Other…" (free text). */
export const verificationRejectReasons = ["Photo is blurred", "Document expired", "Name does not match the profile"] as const;

/** POST /api/admin/verifications/:id/reject: the reason is required (one of the above, or the admin's own words). */
export const verificationRejectSchema = z.object({
  reason: z
    .string({ error: "Choose a reason for the rejection" })
    .trim()
    .min(1, "Choose a reason for the rejection")
    .max(500, "Reason must be at most 500 characters"),
});
