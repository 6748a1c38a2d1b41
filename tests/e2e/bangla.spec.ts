// A newcomer whose browser asks for Bangla: the landing page, sign-up, a deposit and a withdrawal
// typed in Bengali digits, the transactions list and the e-mail of the approval, all in Bangla.
// Then every route of the product in Bangla, at phone and desktop width, as a visitor whose browser asks
// for Bangla sees it: the page says lang="bn", no English sentence of ours is left on it, nothing is
// wider than the screen, and axe finds no serious or critical violation (it checks the language
// attribute too). A picture of each is kept for a person to look at.
import { expect, test, type Page } from "@playwright/test";
import { bengaliDigits, displayBdtBangla, parseBdt } from "#shared/money.ts";
import { latestMailTo, newUser, signUpViaApi } from "./support/accounts.ts";
import { approveWithoutChainEvidence, requestDeposit, tronAddress } from "./support/admin.ts";
import { bangla, englishSentences } from "./support/catalogs.ts";
import { e2eBaseUrl } from "./support/e2e-env.ts";
import { seriousAxeViolations } from "./support/axe.ts";
import { untilAnimationsSettle } from "./support/settled.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";

const screenshotDir = process.env.UPDATE_SCREENSHOTS ? "tests/e2e/screenshots" : "test-results/screenshots";
const headers = { origin: e2eBaseUrl };
const sentences = englishSentences();

const publicRoutes = [
  "/",
  "/payment-processing",
  "/online-checkout",
  "/invoicing",
  "/subscriptions",
  "/point-of-sale",
  "/documentation",
  "/api-reference",
  "/support",
  "/partners",
  "/blog",
  "/about",
  "/careers",
  "/press",
  "/contact",
  "/legal",
  "/proof-of-reserves",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/admin/login",
  "/make-admin",
  "/nowhere",
];
const customerRoutes = ["/dashboard", "/profile", "/verification", "/deposit", "/withdraw", "/transactions", "/sims"];
const adminRoutes = [
  "/admin/dashboard",
  "/admin/users",
  "/admin/transactions",
  "/admin/second-approvals",
  "/admin/unclaimed-transfers",
  "/admin/solvency",
  "/admin/verifications",
  "/admin/sims",
  "/admin/settings",
  "/admin/audit-log",
];

/** The checks of one screen in Bangla, then its picture. */
async function checkBanglaScreen(page: Page, route: string, width: number): Promise<void> {
  await page.goto(route);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  // The screen has rendered its words (a heading), not a loading state.
  await expect(page.getByRole("heading").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await untilAnimationsSettle(page);

  const text = await page.locator("body").innerText();
  expect(
    sentences.filter((sentence) => text.includes(sentence)),
    `English left on ${route}`,
  ).toEqual([]);
  expect(text, `no Bangla on ${route}`).toMatch(/[\u0980-\u09ff]/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `sideways scroll on ${route}`).toBeLessThanOrEqual(width);

  expect(await seriousAxeViolations(page), `axe on ${route}`).toEqual([]);

  await page.evaluate(() => window.scrollTo(0, 0));
  const name = route === "/" ? "home" : route.slice(1).replace(/[/?=]/g, "-");
  await page.screenshot({ path: `${screenshotDir}/bn-${name}-${width}.png`, fullPage: true });
}

for (const width of [375, 1280] as const) {
  test.describe(`in Bangla at ${width} px`, () => {
    test.use({ locale: "bn-BD", viewport: { width, height: width === 375 ? 812 : 800 } });

    test("every public screen", async ({ page }) => {
      test.setTimeout(180_000);
      for (const route of publicRoutes) await checkBanglaScreen(page, route, width);
    });

    test("every customer screen", async ({ page }) => {
      test.setTimeout(120_000);
      await signUpViaApi(page, newUser(`bangla${width}`));
      const chose = await page.request.put("/api/me/language", { data: { language: "bn" }, headers });
      expect(chose.status(), await chose.text()).toBe(200);
      const deposit = await requestDeposit(page.request, "20");
      for (const route of [...customerRoutes, `/transactions/${deposit.id}`]) await checkBanglaScreen(page, route, width);
    });

    test("every back-office screen, for an admin who chose Bangla", async ({ page }) => {
      test.setTimeout(180_000);
      await signInAsSuperAdmin(page.request);
      // The choice lives on the admin's profile, and the app follows it on any browser.
      const chose = await page.request.put("/api/me/language", { data: { language: "bn" }, headers });
      expect(chose.status(), await chose.text()).toBe(200);
      try {
        for (const route of adminRoutes) await checkBanglaScreen(page, route, width);
      } finally {
        // Other journeys share this admin and read the back office in English.
        await page.request.put("/api/me/language", { data: { language: "en" }, headers });
      }
    });
  });
}

/** A message's text: RFC 2047 words in the subject and quoted-printable UTF-8 in the body undone. */
function decodedMail(raw: string): string {
  const words = raw.replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, base64: string) => Buffer.from(base64, "base64").toString("utf8"));
  const unfolded = words.replace(/=\r?\n/g, "");
  const bytes = unfolded.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
  return bytes;
}

test("a newcomer with a Bangla browser signs up, deposits, withdraws and reads it all in Bangla", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: "bn-BD", viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const user = newUser("bangla");

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await page
    .getByRole("link", { name: bangla("Get Started") })
    .first()
    .click();

  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel(bangla("Username")).fill(user.username);
  await page.getByLabel(bangla("Email")).fill(user.email);
  await page.getByRole("combobox", { name: bangla("Country") }).click();
  await page.getByRole("option", { name: /বাংলাদেশ/ }).click();
  await page.getByLabel(bangla("Password"), { exact: true }).fill(user.password);
  await page.getByLabel(bangla("Confirm password")).fill(user.password);
  await page.getByRole("button", { name: bangla("Sign up") }).click();
  await expect(page.getByText(bangla("Account created successfully!"))).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The account remembers the language it was opened in: e-mails will follow it.
  expect(((await (await page.request.get("/api/me")).json()) as { language: string }).language).toBe("bn");

  // A deposit of ২০ USDT, typed on a Bangla keyboard: 2,500.00 BDT, shown as Bangladeshis write it.
  await page.goto("/deposit");
  await page.getByLabel(bangla("Your TRON wallet address")).fill(tronAddress);
  await page.getByLabel(bangla("Amount (USDT)")).fill("২০");
  await expect(page.getByText("২,৫০০.০০ ৳").first()).toBeVisible();
  await page.getByRole("button", { name: bangla("Submit Deposit Request") }).click();
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/deposits") && response.request().method() === "POST");
  await page.getByRole("button", { name: bangla("Confirm") }).click();
  // Then the exact amount to send (decision 038), in Bengali digits: "ঠিক ২০.০১৩৭ USDT পাঠান".
  const deposit = (await (await answer).json()) as { id: string; amount: string; payAmount: string };
  const [whole, fraction = ""] = deposit.payAmount.split(".");
  const figure = bengaliDigits(`${whole}.${fraction.replace(/0+$/, "").padEnd(2, "0")}`);
  const credit = displayBdtBangla(parseBdt(deposit.amount));
  await expect(page.getByText(bangla("Deposit request submitted"), { exact: true })).toBeVisible();
  await expect(
    page.getByRole("heading", {
      name: bangla("Send exactly <0>{amount}</0>")
        .replace(/<\/?0>/g, "")
        .replace("{amount}", `${figure} USDT`),
    }),
  ).toBeVisible();
  await expect(page.getByTestId("deposit-receive")).toHaveText(credit);

  // The back office approves it (through the API: this journey is the customer's); the e-mail
  // that tells the customer is written in Bangla.
  const admin = await browser.newContext();
  await signInAsSuperAdmin(admin.request);
  const approved = await approveWithoutChainEvidence(admin.request, deposit.id);
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.close();
  const mail = decodedMail(await latestMailTo(user.email));
  expect(mail).toMatch(/^Subject: .*[\u0980-\u09ff]/m);
  expect(mail).toContain(credit);

  // A withdrawal of ৫০০ to a bKash number typed in Bengali digits.
  await page.goto("/withdraw");
  await page.getByLabel(bangla("Wallet type")).selectOption("bKash");
  await page.getByLabel(bangla("Wallet number")).fill("০১৭১২৩৪৫৬৭৮");
  // ৪০০ is under the minimum: said in Bangla before any review step.
  await page.getByLabel(bangla("Amount (BDT)")).fill("৪০০");
  await page.getByRole("button", { name: bangla("Submit Withdrawal Request") }).click();
  await expect(page.locator("#amount-error")).toHaveText("সর্বনিম্ন উত্তোলন ৫০০.০০ ৳");
  await page.getByLabel(bangla("Amount (BDT)")).fill("৫০০");
  await page.getByRole("button", { name: bangla("Submit Withdrawal Request") }).click();
  await page.getByRole("button", { name: bangla("Confirm") }).click();
  await expect(page.getByRole("heading", { name: bangla("Withdrawal request submitted") })).toBeVisible();

  await page.goto("/transactions");
  await expect(page.getByRole("heading", { level: 1, name: bangla("Transactions") })).toBeVisible();
  // (At 375 px the list is cards; the table of wider screens is in the page but hidden.)
  await expect(page.getByText("৫০০.০০ ৳").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText(credit).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText(`${tronAddress} ঠিকানা থেকে ${figure} USDT`).filter({ visible: true }).first()).toBeVisible();
  const text = await page.locator("body").innerText();
  expect(sentences.filter((sentence) => text.includes(sentence))).toEqual([]);
  await page.screenshot({ path: `${screenshotDir}/bn-journey-transactions-375.png`, fullPage: true });
  await context.close();
});
