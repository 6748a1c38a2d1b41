// The second factor's codes, as the sign-in, enrolment and Security screens check them before sending
// and as POST /api/auth/two-factor/verify-totp, verify-backup-code and disable check them on arrival.
import { z } from "zod";
import { latinDigits } from "./money.ts";
import { passwordLengthMax } from "./password-policy.ts";

/** The account password that enrolment and new recovery codes ask for again. */
export const twoFactorPasswordSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(passwordLengthMax),
});

export const totpCodeMessage = "Enter the 6-digit code from your authenticator app";
export const recoveryCodeMessage = "Enter one of your recovery codes";

/**
 * "১২৩ ৪৫৬" → "123456": Bengali digits as the Latin ones (a Bangla keyboard types those), and no
 * spaces, since apps often show the code as "123 456".
 */
export function compactCode(text: string): string {
  return latinDigits(text).replace(/\s+/g, "");
}

/** True when a code, compacted, is an authenticator app's six digits rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(compactCode(code));
}

/** Six digits, in Latin or Bengali digits, spaces allowed. */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: totpCodeMessage })
    .overwrite(compactCode)
    .regex(/^\d{6}$/, totpCodeMessage),
});

export const recoveryCodeSchema = z.object({
  code: z.string({ error: recoveryCodeMessage }).trim().min(1, recoveryCodeMessage).max(64, recoveryCodeMessage),
});

export const currentCodeMessage = "Enter the 6-digit code from your authenticator app, or a recovery code";

/**
 * Turning the second factor off (POST /api/auth/two-factor/disable): the password and a current
 * code, either the app's six digits or one of the recovery codes, so a stolen session alone, or a
 * password alone, cannot switch it off.
 */
export const twoFactorDisableSchema = twoFactorPasswordSchema.extend({
  code: z.string({ error: currentCodeMessage }).trim().min(1, currentCodeMessage).max(64, currentCodeMessage),
});
