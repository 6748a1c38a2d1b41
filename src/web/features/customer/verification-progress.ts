// How far a customer is with the chosen document (docs/decisions/023-customer-review-receipt-and-drafts.md):
// a National ID or Driving License has two sides and a passport one (sidesOf); until every side is
// in, nothing is complete enough to review, and the page says how many sides are in instead.
import { msg } from "@lingui/core/macro";
import { sidesOf, type DocumentSide, type VerificationDto } from "#shared/verification-schemas.ts";
import { formatCount } from "../../lib/locale-format.ts";
import { say } from "./customer-format.ts";

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
  const uploaded = formatCount(progress.uploaded);
  const required = formatCount(progress.required);
  return progress.required === 1 ? say(msg`${uploaded} of ${required} side uploaded`) : say(msg`${uploaded} of ${required} sides uploaded`);
}
