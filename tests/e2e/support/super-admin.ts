// The e2e run's first admin: created through /make-admin by first-admin.setup.ts (a journey in its
// own right), enrolled in two-factor sign-in there, and shared with every spec through a file in the
// run's data folder. Specs sign in as it through the API, computing TOTP codes like an
// authenticator app would.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { e2eBaseUrl, e2eDataDir } from "./e2e-env.ts";

export const superAdmin = { email: "firstadmin@example.test", password: "Admin-Passphrase-2025!" };
const secretFile = path.join(e2eDataDir, "e2e-super-admin-totp.txt");

export async function saveSuperAdminTotpUri(totpUri: string): Promise<void> {
  await writeFile(secretFile, totpUri);
}

export function totpCodeFor(totpUri: string): string {
  const totp = OTPAuth.URI.parse(totpUri);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error("not a TOTP URI");
  return totp.generate();
}

/** Signs the given request context (a page's `page.request` shares its cookies) in as the super admin. */
export async function signInAsSuperAdmin(request: APIRequestContext): Promise<void> {
  const headers = { origin: e2eBaseUrl };
  let signIn = await request.post("/api/auth/sign-in/email", { data: superAdmin, headers });
  // Every spec signs this one admin in, from one IP: when several do so within a minute the
  // product's per-IP-and-address sign-in limit answers 429, as it should. The journey then waits
  // for the limit's minute to pass, as a person told "Please wait a minute" would, and tries once more.
  if (signIn.status() === 429) {
    const waitSeconds = Number(signIn.headers()["retry-after"] ?? "60") + 1;
    test.info().setTimeout(test.info().timeout + waitSeconds * 1000);
    await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000));
    signIn = await request.post("/api/auth/sign-in/email", { data: superAdmin, headers });
  }
  expect(signIn.status(), await signIn.text()).toBe(200);
  expect(((await signIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
  const totpUri = await readFile(secretFile, "utf8");
  const verify = await request.post("/api/auth/two-factor/verify-totp", { data: { code: totpCodeFor(totpUri) }, headers });
  expect(verify.status(), await verify.text()).toBe(200);
}
