// A withdrawal confirmed by its owner (decision 039), on the e2e server with customer protection as
// shipped: the review asks for the code e-mailed for that amount and number, read here from the
// server's outbox and typed as the customer would (in Bengali digits in Bangla); an unverified
// customer is told to verify first, with the way there. At 375 and 1280 px, in English and Bangla.
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { bengaliDigits } from "#shared/money.ts";
import { newUser, signUpViaApi } from "./support/accounts.ts";
import { myUserId, totpCode } from "./support/admin.ts";
import { seriousAxeViolations } from "./support/axe.ts";
import { englishSentences, readPo } from "./support/catalogs.ts";
import { e2eProtectedBaseUrl } from "./support/e2e-env.ts";
import {
  addMoney,
  newestProtectedMail,
  protectedOrigin,
  signInAsProtectedAdmin,
  verifyIdentity,
  withdrawalCodeIn,
} from "./support/protected-server.ts";
import { untilAnimationsSettle } from "./support/settled.ts";

const screenshotDir = process.env.UPDATE_SCREENSHOTS ? "tests/e2e/screenshots" : "test-results/screenshots";
type Language = "en" | "bn";
const catalogs = ["customer", "common", "errors"].flatMap((area) => readPo(path.resolve(`src/web/locales/bn/${area}.po`)));

/** A message as the customer reads it: English, or its Bangla, markup tags dropped and {placeholders} filled. */
function says(language: Language, english: string, values: Record<string, string> = {}): string {
  let text = english;
  if (language === "bn") {
    const entry = catalogs.find(({ id, context }) => id === english && context === undefined);
    if (!entry || entry.translation === "") throw new Error(`no Bangla for ${JSON.stringify(english)}`);
    text = entry.translation;
  }
  return text.replace(/<\/?\d+>/g, "").replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The text of a link (`<0>…</0>`) inside a catalog sentence, as the customer reads it. */
function linkIn(language: Language, sentence: string): string {
  const shown = language === "bn" ? catalogs.find(({ id, context }) => id === sentence && context === undefined)?.translation : sentence;
  const link = /<0>(.*?)<\/0>/.exec(shown ?? "")?.[1];
  if (!link) throw new Error(`no link in ${JSON.stringify(shown)}`);
  return link;
}

// One admin session on the protected server for the whole file: signing in for every journey would
// run into the sign-in limit of 5 a minute per IP and e-mail, as it should.
let adminRequest: APIRequestContext;
test.beforeAll(async () => {
  adminRequest = await playwrightRequest.newContext({ baseURL: e2eProtectedBaseUrl });
  await signInAsProtectedAdmin(adminRequest);
});
test.afterAll(async () => {
  await adminRequest.dispose();
});

async function checkScreen(page: Page, language: Language, width: number, name: string): Promise<void> {
  await untilAnimationsSettle(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (language === "bn") {
    const text = await page.locator("body").innerText();
    expect(englishSentences().filter((sentence) => text.includes(sentence))).toEqual([]);
  }
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

async function signUpIn(page: Page, language: Language, prefix: string) {
  const user = newUser(prefix);
  await signUpViaApi(page, user, e2eProtectedBaseUrl);
  if (language === "bn") {
    const chose = await page.request.put("/api/me/language", { data: { language }, headers: protectedOrigin });
    expect(chose.status()).toBe(200);
  }
  return { user, id: await myUserId(page.request) };
}

const journeys = [
  { language: "en", viewport: { width: 375, height: 812 } },
  { language: "bn", viewport: { width: 1280, height: 800 } },
  { language: "bn", viewport: { width: 375, height: 812 } },
  { language: "en", viewport: { width: 1280, height: 800 } },
] as const;

for (const { language, viewport } of journeys) {
  test.describe(`withdrawals confirmed by their owner, ${language}, ${viewport.width} px`, () => {
    test.use({ baseURL: e2eProtectedBaseUrl, viewport, ...(language === "bn" ? { locale: "bn-BD" } : {}) });

    test("a withdrawal with the e-mailed code", async ({ page }) => {
      const { user, id } = await signUpIn(page, language, `code${language}${viewport.width}`);
      await verifyIdentity(page.request, adminRequest, user.email);
      await addMoney(adminRequest, id, "5000");

      await page.goto("/withdraw");
      await page.getByLabel(says(language, "Wallet type")).selectOption("bKash");
      await page.getByLabel(says(language, "Wallet number")).fill("01712345678");
      await page.getByLabel(says(language, "Amount (BDT)")).fill("1500");
      await page.getByRole("button", { name: says(language, "Submit Withdrawal Request") }).click();
      const before = (await newestProtectedMail(user.email).catch(() => null))?.file;
      await page.getByRole("button", { name: says(language, "Confirm") }).click();

      // The review stays, and asks for the code sent to the masked address.
      const masked = `${user.email.slice(0, 1)}•••@example.test`;
      await expect(
        page.getByText(
          says(language, "We sent a code to {sentTo}. It works for 10 minutes, for this amount and number only.", { sentTo: masked }),
        ),
      ).toBeVisible();
      await checkScreen(page, language, viewport.width, `withdraw-code-${language}-${viewport.width}`);

      const mail = await newestProtectedMail(user.email, before);
      const code = withdrawalCodeIn(mail.text);
      // A wrong code first: said under the field, and the form stays.
      await page.getByLabel(says(language, "Confirmation code")).fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: says(language, "Confirm") }).click();
      await expect(
        page.getByText(says(language, "This code is wrong or has expired. Check it, or send a new code.")).first(),
      ).toBeVisible();

      // Then the right one, typed in the language's own digits.
      await page.getByLabel(says(language, "Confirmation code")).fill(language === "bn" ? bengaliDigits(code) : code);
      await page.getByRole("button", { name: says(language, "Confirm") }).click();
      await expect(page.getByText(says(language, "Withdrawal request submitted"), { exact: true })).toBeVisible();
      await checkScreen(page, language, viewport.width, `withdraw-confirmed-${language}-${viewport.width}`);
    });

    test("with an authenticator app: the sign-in asks for its code, and so does the withdrawal, with no e-mail", async ({ page }) => {
      const { user, id } = await signUpIn(page, language, `app${language}${viewport.width}`);
      await verifyIdentity(page.request, adminRequest, user.email);
      await addMoney(adminRequest, id, "5000");
      // Turned on through the API here (tests/e2e/account-security.spec.ts turns it on in Profile).
      const enable = await page.request.post("/api/auth/two-factor/enable", {
        data: { password: user.password },
        headers: protectedOrigin,
      });
      expect(enable.status(), await enable.text()).toBe(200);
      const { totpURI } = (await enable.json()) as { totpURI: string };
      const enrolled = await page.request.post("/api/auth/two-factor/verify-totp", {
        data: { code: totpCode(totpURI) },
        headers: protectedOrigin,
      });
      expect(enrolled.status(), await enrolled.text()).toBe(200);

      // Signed out, then in again: the password, then the app's code.
      await page.request.post("/api/auth/sign-out", { headers: protectedOrigin });
      await page.goto("/login");
      await page.locator("#email").fill(user.email);
      await page.locator("#password").fill(user.password);
      await page.locator("#password").press("Enter");
      await expect(page.locator("#code")).toBeVisible();
      await page.locator("#code").fill(totpCode(totpURI));
      await page.locator("#code").press("Enter");
      await expect(page).toHaveURL(/\/dashboard$/);

      const mailsBefore = (await newestProtectedMail(user.email))?.file;
      await page.goto("/withdraw");
      await page.getByLabel(says(language, "Wallet type")).selectOption("Upay");
      await page.getByLabel(says(language, "Wallet number")).fill("01912345678");
      await page.getByLabel(says(language, "Amount (BDT)")).fill("800");
      await page.getByRole("button", { name: says(language, "Submit Withdrawal Request") }).click();
      await page.getByRole("button", { name: says(language, "Confirm") }).click();
      await expect(
        page.getByText(says(language, "Enter the 6-digit code from your authenticator app to confirm this withdrawal.")),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: says(language, "Send a new code") })).toHaveCount(0);
      await checkScreen(page, language, viewport.width, `withdraw-app-code-${language}-${viewport.width}`);
      // No code was e-mailed: the newest message is still the one from before.
      expect((await newestProtectedMail(user.email)).file).toBe(mailsBefore);

      const code = totpCode(totpURI);
      await page.getByLabel(says(language, "Confirmation code")).fill(language === "bn" ? bengaliDigits(code) : code);
      await page.getByRole("button", { name: says(language, "Confirm") }).click();
      await expect(page.getByText(says(language, "Withdrawal request submitted"), { exact: true })).toBeVisible();
    });

    test("an unverified customer is told to verify first, with the way there", async ({ page }) => {
      const { id } = await signUpIn(page, language, `unverified${language}${viewport.width}`);
      await addMoney(adminRequest, id, "5000");

      await page.goto("/withdraw");
      await expect(page.getByText(says(language, "Not verified: verify your identity to withdraw"))).toBeVisible();
      const link = page.getByRole("link", { name: linkIn(language, "Verify your identity to withdraw. <0>Go to Verification</0>") });
      await expect(link).toBeVisible();

      // Asking anyway is refused by the server with the same way forward.
      await page.getByLabel(says(language, "Wallet type")).selectOption("Nagad");
      await page.getByLabel(says(language, "Wallet number")).fill("01812345678");
      await page.getByLabel(says(language, "Amount (BDT)")).fill("600");
      await page.getByRole("button", { name: says(language, "Submit Withdrawal Request") }).click();
      await page.getByRole("button", { name: says(language, "Confirm") }).click();
      await expect(page.getByRole("button", { name: says(language, "Submit Withdrawal Request") })).toBeVisible();
      await checkScreen(page, language, viewport.width, `withdraw-unverified-${language}-${viewport.width}`);
      await link.click();
      await expect(page).toHaveURL(/\/verification$/);
    });
  });
}
