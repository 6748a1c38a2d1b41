// Runs before every other journey (a Playwright setup project): a newcomer opens /make-admin,
// creates the first super_admin, signs in at /admin/login and enrols an authenticator app. The other
// specs use this admin (support/super-admin.ts).
import { expect, test as setup } from "@playwright/test";
import { saveSuperAdminTotpUri, superAdmin, totpCodeFor } from "./support/super-admin.ts";
import { e2eBaseUrl } from "./support/e2e-env.ts";

setup("/make-admin creates the first admin, who enrols two-factor sign-in", async ({ page }) => {
  const setupState = await page.request.get("/api/setup");
  expect(await setupState.json()).toEqual({ needsFirstAdmin: true });

  await page.goto("/make-admin");
  // The form is shown only once per installation: keep its picture at both widths now.
  const screenshotDir = process.env.UPDATE_SCREENSHOTS ? "tests/e2e/screenshots" : "test-results/screenshots";
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByLabel("Confirm password")).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/make-admin-form-${width}.png`, fullPage: true });
  }
  await page.getByLabel("Email").fill(superAdmin.email);
  await page.getByLabel("Password", { exact: true }).fill(superAdmin.password);
  await page.getByLabel("Confirm password").fill(superAdmin.password);
  await page.getByRole("button", { name: /create/i }).click();
  await expect(page.getByText("Admin user added successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // Two-factor enrolment through the API (the enrolment screen has its own journey in admin.spec).
  const headers = { origin: e2eBaseUrl };
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: superAdmin, headers });
  expect(signIn.status()).toBe(200);
  const enable = await page.request.post("/api/auth/two-factor/enable", { data: { password: superAdmin.password }, headers });
  expect(enable.status(), await enable.text()).toBe(200);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const verify = await page.request.post("/api/auth/two-factor/verify-totp", { data: { code: totpCodeFor(totpURI) }, headers });
  expect(verify.status(), await verify.text()).toBe(200);
  await saveSuperAdminTotpUri(totpURI);
  const stats = await page.request.get("/api/admin/stats");
  expect(stats.status()).toBe(200);

  await page.goto("/make-admin");
  await expect(page.getByText(/setup is complete/i)).toBeVisible();
  await expect(page.getByRole("link", { name: /admin login/i })).toHaveAttribute("href", "/admin/login");
});
