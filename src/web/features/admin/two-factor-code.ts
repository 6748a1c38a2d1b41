// The second-factor code rules of the admin sign-in and enrolment screens. The server
// checks the same (auth/two-factor-routes.ts); these give the message before a round trip.
import { z } from "zod";

export const totpCodeMessage = "Enter the 6-digit code from your authenticator app";
export const recoveryCodeMessage = "Enter one of your recovery codes";

export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((text) => text.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, totpCodeMessage)),
});

export const recoveryCodeSchema = z.object({
  code: z.string().trim().min(1, recoveryCodeMessage).max(64, recoveryCodeMessage),
});

/** The secret of an otpauth:// URI, for typing into an app by hand; undefined when it has none. */
export function totpSecretOf(totpUri: string): string | undefined {
  try {
    return new URL(totpUri).searchParams.get("secret") ?? undefined;
  } catch {
    return undefined;
  }
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read and type. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
