// The second factor's codes, as the admin sign-in and enrolment screens check them before sending and
// as POST /api/auth/two-factor/verify-totp and verify-backup-code check them on arrival.
import { z } from "zod";
import { passwordLengthMax } from "./password-policy.ts";

/** The account password that enrolment and new recovery codes ask for again. */
export const twoFactorPasswordSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(passwordLengthMax),
});

export const totpCodeMessage = "Enter the 6-digit code from your authenticator app";
export const recoveryCodeMessage = "Enter one of your recovery codes";

/** Six digits; spaces are dropped first, since apps often show the code as "123 456". */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: totpCodeMessage })
    .overwrite((text) => text.replace(/\s+/g, ""))
    .regex(/^\d{6}$/, totpCodeMessage),
});

export const recoveryCodeSchema = z.object({
  code: z.string({ error: recoveryCodeMessage }).trim().min(1, recoveryCodeMessage).max(64, recoveryCodeMessage),
});
