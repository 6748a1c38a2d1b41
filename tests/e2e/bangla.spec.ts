// Every route of the product in Bangla, at phone and desktop width, as a visitor whose browser asks
// for Bangla sees it: the page says lang="bn", no English sentence of ours is left on it, nothing is
// wider than the screen, and axe finds no serious or critical violation (it checks the language
// attribute too). A picture of each is kept for a person to look at.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { newUser, signUpViaApi } from "./support/accounts.ts";
import { requestDeposit } from "./support/admin.ts";
import { englishSentences } from "./support/catalogs.ts";
import { e2eBaseUrl } from "./support/e2e-env.ts";
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

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${route} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);

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
