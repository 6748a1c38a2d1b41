// Signing in to the back office, enrolling a second factor and creating the first admin.
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { setupStatusSchema } from "#shared/me.ts";
import { api } from "../../../lib/api-client.ts";

// Signing in and enrolling happen before the back office is open: these go through the plain client
// (a refusal here is the screen's to show, not a reason to leave for /admin/login).

/** better-auth's answer to a password sign-in: `twoFactorRedirect` when a code is needed next. */
export type SignInAnswer = { twoFactorRedirect?: boolean };

export function signInWithPassword(values: { email: string; password: string }) {
  return api.post<SignInAnswer | null>("/api/auth/sign-in/email", values);
}

/** The 6-digit code of the authenticator app, or one of the recovery codes. */
export function verifyTwoFactorCode(mode: "totp" | "recovery", code: string) {
  return api.post(mode === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code", { code });
}

/** The secret (as an otpauth:// address for the QR code) and the first recovery codes. */
export type Enrolment = { totpURI: string; backupCodes: string[] };

export function enableTwoFactor(password: string) {
  return api.post<Enrolment>("/api/auth/two-factor/enable", { password });
}

export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const setupQuery = queryOptions({
  queryKey: ["setup"],
  queryFn: ({ signal }) => api.get<SetupStatus>("/api/setup", signal),
});

export function createFirstAdmin(body: { email: string; password: string }) {
  return api.post("/api/setup/first-admin", body);
}
