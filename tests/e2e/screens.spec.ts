// Every foundation screen at desktop and phone width: axe finds no serious or critical violation,
// and a screenshot is kept for a person to look at (test-results/screenshots, or
// tests/e2e/screenshots with UPDATE_SCREENSHOTS=1).
import { seriousAxeViolations } from "./support/axe.ts";
import { expect, test, type Page } from "@playwright/test";
import { latestMailTo, newUser, resetLinkIn, signOutViaApi, signUpViaApi } from "./support/accounts.ts";
import { e2eBaseUrl } from "./support/e2e-env.ts";

const widths = [1280, 375] as const;
const screenshotDir = process.env.UPDATE_SCREENSHOTS ? "tests/e2e/screenshots" : "test-results/screenshots";

async function checkScreen(page: Page, name: string): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    test("public auth screens", async ({ page }) => {
      for (const [name, path, heading] of [
        ["login", "/login", "Sign in to your account"],
        ["signup", "/signup", /create.*account|sign up/i],
        ["forgot-password", "/forgot-password", /forgot|reset/i],
        ["admin-login", "/admin/login", /admin/i],
        ["make-admin", "/make-admin", /admin|setup/i],
        ["not-found", "/nowhere", "Oops! Page not found"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
        await checkScreen(page, `${name}-${width}`);
      }
    });

    test("reset-password screens", async ({ page }) => {
      await page.goto("/reset-password?token=not-a-real-token");
      await expect(page.getByText("Invalid or expired reset link.")).toBeVisible();
      await checkScreen(page, `reset-password-invalid-${width}`);

      const user = newUser(`shots${width}`);
      await signUpViaApi(page, user);
      await signOutViaApi(page);
      const sent = await page.request.post("/api/auth/request-password-reset", {
        data: { email: user.email },
        headers: { origin: e2eBaseUrl },
      });
      expect(sent.status()).toBe(200);
      await page.goto(resetLinkIn(await latestMailTo(user.email)));
      await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
      await checkScreen(page, `reset-password-${width}`);
    });

    test("customer layout", async ({ page }) => {
      await signUpViaApi(page, newUser(`layout${width}`));
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await checkScreen(page, `dashboard-${width}`);
    });
  });
}
