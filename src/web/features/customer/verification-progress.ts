// How far a customer is with the chosen document (docs/decisions/023-customer-review-receipt-and-drafts.md):
// a National ID or Driving License has two sides and a passport one (sidesOf); until every side is
// in, nothing is complete enough to review, and the page says how many sides are in instead.
import { sidesOf, type DocumentSide, type VerificationDto } from "#shared/verification-schemas.ts";

export type SidesProgress = { uploaded: number; required: number; missing: readonly DocumentSide[] };

/** The chosen document's sides: how many are in, how many it has, which are missing; null before any upload. */
export function sidesProgress(verification: Pick<VerificationDto, "documentType" | "documents">): SidesProgress | null {
  const type = verification.documentType;
  if (type === null) return null;
  const required = sidesOf(type);
  const missing = required.filter((side) => !verification.documents.some((d) => d.documentType === type && d.side === side));
  return { uploaded: required.length - missing.length, required: required.length, missing };
}

/** '1 of 2 sides uploaded'. */
export function sidesUploadedText(progress: SidesProgress): string {
  return `${progress.uploaded} of ${progress.required} ${progress.required === 1 ? "side" : "sides"} uploaded`;
}
