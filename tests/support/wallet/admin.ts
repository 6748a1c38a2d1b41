// A fully enrolled admin for the wallet tests: signed up, given the role, and enrolled in TOTP the
// way the back office requires, with codes computed as an authenticator app would.
import * as OTPAuth from "otpauth";
import type { AdminRole } from "../../../src/server/auth/admin-roles.ts";
import type { SignedUpUser, TestApp } from "../test-app.ts";

export type EnrolledAdmin = SignedUpUser & { totpUri: string };

export function totpCode(totpUri: string): string {
  const totp = OTPAuth.URI.parse(totpUri);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error(`not a TOTP URI: ${totpUri}`);
  return totp.generate();
}

/**
 * Signs up a user, makes them an admin and enrols two-factor sign-in; throws unless each step worked.
 * By default the role comes from the command line's side, as an established admin (decision 040);
 * `promotedBy` promotes them through the back office instead, as that super admin, now.
 */
export async function signUpAdmin(
  t: TestApp,
  role: AdminRole = "admin",
  options: { promotedBy?: SignedUpUser; appointed?: "established" | "now" } = {},
): Promise<EnrolledAdmin> {
  const account = await t.signUp({ username: t.uniqueUsername("admin") });
  if (options.promotedBy) {
    const promoted = await options.promotedBy.browser.post("/api/admin/admins/promote", { email: account.email, adminRole: role });
    if (promoted.statusCode !== 200) throw new Error(`promote answered ${promoted.statusCode}: ${promoted.body}`);
  } else await t.makeAdmin(account.userId, role, { appointed: options.appointed ?? "established" });
  // Promotion ends every session of the account: sign in again, with the password, as a new admin would.
  await t.signIn(account.email, account.password, account.browser);
  const enable = await account.browser.post("/api/auth/two-factor/enable", { password: account.password });
  if (enable.statusCode !== 200) throw new Error(`two-factor enable answered ${enable.statusCode}: ${enable.body}`);
  const { totpURI } = enable.json<{ totpURI: string }>();
  const verify = await account.browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) });
  if (verify.statusCode !== 200) throw new Error(`verify-totp answered ${verify.statusCode}: ${verify.body}`);
  const stats = await account.browser.get("/api/admin/stats");
  if (stats.statusCode !== 200) throw new Error(`the enrolled admin still cannot use the back office: ${stats.statusCode} ${stats.body}`);
  return { ...account, totpUri: totpURI };
}
