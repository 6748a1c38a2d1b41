// The authenticator secret as the enrolment screens (the back office's, and Profile › Security) show
// it for typing by hand. The codes' rules are src/shared/two-factor-schemas.ts, the same on both sides.

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
