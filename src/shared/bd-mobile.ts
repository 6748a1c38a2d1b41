// Bangladeshi mobile numbers as people type them (docs/decisions/023-customer-review-receipt-and-drafts.md):
// "+880 1712-345678", "8801712345678" and "01712 345678" are one number, stored as 01712345678, so
// a withdrawal, a SIM and a duplicate check all compare the same text. A number typed on a Bangla
// keyboard ("০১৭১২৩৪৫৬৭৮") is the same number too, stored in Latin digits.
import { latinDigits } from "./money.ts";

/** Eleven digits: 01, an operator digit 3–9, eight more. */
export const bdMobilePattern = /^01[3-9]\d{8}$/;

/** Spaces, dashes, dots and brackets people put between digit groups. */
const separators = /[\s\-.()]/g;

/**
 * The national form 01XXXXXXXXX of a Bangladeshi mobile number typed with or without +880 / 880 /
 * 00880 and separators; null when the text is not one (the caller keeps its own message for that).
 */
export function normaliseBdMobile(text: string): string | null {
  const compact = latinDigits(text).trim().replace(separators, "");
  const national = compact.replace(/^(\+880|00880|880)(?=1\d{9}$)/, "0");
  // A number typed without its leading 0 ("1712345678") is the same number too.
  const withZero = /^1[3-9]\d{8}$/.test(national) ? `0${national}` : national;
  return bdMobilePattern.test(withZero) ? withZero : null;
}

/** Its national form when the text is a Bangladeshi mobile number; else the text as typed, in Latin digits. */
export function normaliseIfBdMobile(text: string): string {
  return normaliseBdMobile(text) ?? latinDigits(text);
}

/** '01712-345678': the operator prefix and the subscriber number, as Bangladeshis write it. */
export function groupBdMobile(number: string): string {
  const national = normaliseBdMobile(number);
  return national === null ? number : `${national.slice(0, 5)}-${national.slice(5)}`;
}
