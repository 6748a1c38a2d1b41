// The sign-in screen's requests that lib/session.ts does not make for it: the password step, whose
// answer may ask for the second factor ({twoFactorRedirect: true}), and that code step (decision 039).
import { api } from "@/lib/api-client.ts";
import type { SecondFactorMode } from "@/components/two-factor-code-step.tsx";

export type SignInAnswer = { twoFactorRedirect?: boolean };

export function signInWithPassword(values: { email: string; password: string }): Promise<SignInAnswer | null> {
  return api.post<SignInAnswer | null>("/api/auth/sign-in/email", values);
}

/** The 6-digit code of the authenticator app, or one of the recovery codes. */
export function verifySecondFactor(mode: SecondFactorMode, code: string): Promise<unknown> {
  return api.post(mode === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code", { code });
}
