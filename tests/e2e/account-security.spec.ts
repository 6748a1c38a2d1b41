// Profile › Security and Where you're signed in (decision 039), on the server with the product's
// defaults: a customer turns on an authenticator app (the code computed from the QR code's address,
// as an app would), signs out and back in with the code, sees a second browser among their
// sessions and signs it out, which sends that browser to sign-in. On a phone (375 px) in English and
// Bangla, and at 1280 px in English.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { bengaliDigits } from "#shared/money.ts";
import { newUser, type TestUser } from "./support/accounts.ts";
import { totpCode } from "./support/admin.ts";
import { e2eProtectedBaseUrl } from "./support/e2e-env.ts";

const journeys = [
  { language: "en", viewport: { width: 375, height: 812 } },
  { language: "bn", viewport: { width: 375, height: 812 } },
  { language: "en", viewport: { width: 1280, height: 900 } },
] as const;
type Language = (typeof journeys)[number]["language"];

const words: Record<Language, Record<string, string>> = {
  en: { turnOn: "Turn on", continue: "Continue", saved: "I have saved them", verify: "Verify", signOut: "Sign out", signIn: "Sign in" },
  bn: {
    turnOn: "চালু করুন",
    continue: "এগিয়ে যান",
    saved: "আমি কোডগুলো রেখে দিয়েছি",
    verify: "যাচাই করুন",
    signOut: "সাইন আউট",
    signIn: "সাইন ইন",
  },
};

async function signUp(page: Page, user: TestUser, language: Language): Promise<void> {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email: user.email, password: user.password, username: user.username, country: user.country, language },
    headers: { origin: e2eProtectedBaseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A second browser signed in with the password and the code, through the API. */
async function signInElsewhere(browser: Browser, user: TestUser, totpUri: string) {
  const context = await browser.newContext({ baseURL: e2eProtectedBaseUrl });
  const headers = { origin: e2eProtectedBaseUrl };
  const password = await context.request.post("/api/auth/sign-in/email", { data: { email: user.email, password: user.password }, headers });
  expect(await password.json()).toMatchObject({ twoFactorRedirect: true });
  const code = await context.request.post("/api/auth/two-factor/verify-totp", { data: { code: totpCode(totpUri) }, headers });
  expect(code.status(), await code.text()).toBe(200);
  return context;
}

async function noWiderThanViewport(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const { language, viewport } of journeys) {
  test.describe(`account security, ${language}, ${viewport.width} px`, () => {
    test.use({ baseURL: e2eProtectedBaseUrl, viewport, ...(language === "bn" ? { locale: "bn-BD" } : {}) });

    test("turn on the authenticator, sign in with its code, and sign out another browser", async ({ page, browser }) => {
      const say = words[language];
      const shot = (name: string) =>
        page.screenshot({ path: `test-results/shots/account-security-${name}-${language}-${viewport.width}.png`, fullPage: true });
      const user = newUser("sec");
      await signUp(page, user, language);
      await page.goto("/profile");

      // Turn on: the password, the QR code and key, a first code, then the recovery codes once.
      await page.getByRole("button", { name: say.turnOn, exact: true }).click();
      await page.locator("#security-password").fill(user.password);
      await page.getByRole("button", { name: say.continue }).click();
      const qr = page.locator("img[data-totp-uri]");
      await expect(qr).toBeVisible();
      const totpUri = (await qr.getAttribute("data-totp-uri"))!;
      expect(await page.locator("#totp-secret").getAttribute("data-secret")).toBe(new URL(totpUri).searchParams.get("secret"));
      await shot("scan");
      const enrolCode = totpCode(totpUri);
      await page.locator("#security-code").fill(language === "bn" ? bengaliDigits(enrolCode) : enrolCode);
      await page.locator("#security-code").press("Enter");
      await expect(page.getByRole("list", { name: language === "bn" ? "রিকভারি কোড" : "Recovery codes" })).toBeVisible();
      await noWiderThanViewport(page);
      await shot("recovery-codes");
      await page.getByRole("button", { name: say.saved }).click();
      await shot("security-on");

      // Sign out, then in: the password, then the code step.
      await page.request.post("/api/auth/sign-out", { headers: { origin: e2eProtectedBaseUrl } });
      await page.goto("/login");
      await page.locator("#email").fill(user.email);
      await page.locator("#password").fill(user.password);
      await page.locator("#password").press("Enter");
      const code = page.locator("#code");
      await expect(code).toBeVisible();
      await noWiderThanViewport(page);
      await shot("login-code");
      const signInCode = totpCode(totpUri);
      await code.fill(language === "bn" ? bengaliDigits(signInCode) : signInCode);
      await page.getByRole("button", { name: say.verify, exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // A second browser: two sessions listed; signing it out sends it to sign-in.
      const elsewhere = await signInElsewhere(browser, user, totpUri);
      await page.goto("/profile");
      const sessions = page.locator("li[data-session-id]");
      await expect(sessions).toHaveCount(2);
      await noWiderThanViewport(page);
      await shot("sessions");
      // Its one button, "Sign out" (read out with the device it ends).
      await sessions.nth(1).getByRole("button").click();
      await expect(sessions).toHaveCount(1);
      await shot("sessions-after");
      const other = await elsewhere.newPage();
      await other.goto("/dashboard");
      await expect(other).toHaveURL(/\/login/);
      await elsewhere.close();
    });
  });
}
