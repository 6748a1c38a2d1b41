// Two back office rows of the spec (decision 052), in Chromium: the sidebar collapses and expands with
// Ctrl+B (Meta+B on a Mac) and keeps its state across a reload in the cookie sidebar_state for 7
// days; Unclaimed transfers also lists the claimed ones, each naming its deposit request, with nothing
// to assign. Both states are checked by axe and kept as screenshots (tests/e2e/screenshots).
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { checkScreen, customerInNewBrowser, randomTronAddress, randomTxid, requestDeposit, sendOnChain } from "./support/admin.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";

async function adminBrowser(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInAsSuperAdmin(context.request);
  return { context, page: await context.newPage() };
}

test("Ctrl+B collapses the sidebar, a reload keeps it collapsed, and Meta+B or its button expands it again", async ({ browser }) => {
  const { context, page } = await adminBrowser(browser);
  await page.goto("/admin/dashboard");
  const sidebar = page.getByRole("complementary");
  const toggle = sidebar.getByRole("button", { name: "Collapse sidebar" });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(sidebar.getByRole("link", { name: "Users" })).toBeVisible();

  await page.keyboard.press("Control+b");
  const expand = sidebar.getByRole("button", { name: "Expand sidebar" });
  await expect(expand).toHaveAttribute("aria-expanded", "false");
  await expect(sidebar.getByRole("link", { name: "Users" })).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  // Seven days, give or take the test's own seconds.
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);

  await page.reload();
  await expect(sidebar.getByRole("button", { name: "Expand sidebar" })).toHaveAttribute("aria-expanded", "false");
  await expect(sidebar.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await checkScreen(page, "admin-sidebar-collapsed-1280");

  // Also while the focus is in a text field: a plain field has no bold for the keys to mean.
  await page.goto("/admin/users");
  await page.getByRole("searchbox").first().focus();
  await page.keyboard.press("Meta+b");
  await expect(sidebar.getByRole("button", { name: "Collapse sidebar" })).toHaveAttribute("aria-expanded", "true");
  await page.reload();
  await expect(sidebar.getByRole("link", { name: "Users" })).toBeVisible();

  await sidebar.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(sidebar.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
  await sidebar.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(sidebar.getByRole("link", { name: "Users" })).toBeVisible();
  await context.close();
});

test("Unclaimed transfers lists the claimed ones too: each names its deposit request and has nothing to assign", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "claimed");
  const deposit = await requestDeposit(customer.page.request, "40", { fromAddress: randomTronAddress() });
  const payAmount = deposit.payAmount;
  if (payAmount === null) throw new Error("the deposit request has no amount to pay");
  const sentFrom = randomTronAddress();
  await sendOnChain(customer.page.request, { amount: payAmount, from: sentFrom, txid: randomTxid() });

  const admin = await adminBrowser(browser);
  await admin.page.goto("/admin/unclaimed-transfers");
  await expect(admin.page.getByRole("heading", { level: 1, name: "Unclaimed transfers" })).toBeVisible();
  const filter = admin.page.getByRole("group", { name: "Status" });
  await expect(filter.getByRole("button", { name: "Unclaimed", exact: true })).toHaveAttribute("aria-pressed", "true");
  await filter.getByRole("button", { name: "Claimed", exact: true }).click();
  await expect(admin.page).toHaveURL(/status=claimed/);
  await expect(filter.getByRole("button", { name: "Claimed", exact: true })).toHaveAttribute("aria-pressed", "true");
  const table = admin.page.getByRole("table", { name: "Claimed transfers" });
  await expect(table.getByRole("columnheader", { name: "Deposit request" })).toBeVisible();
  // The watcher polls every few seconds; a reload asks at once.
  const row = table.getByRole("row").filter({ hasText: sentFrom });
  await expect(async () => {
    await admin.page.reload();
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(deposit.id);
  await expect(row.getByRole("button", { name: /Assign to a request/ })).toHaveCount(0);
  await checkScreen(admin.page, "admin-claimed-transfers-1280");

  // Unclaimed again: the claimed transfer is not there.
  await filter.getByRole("button", { name: "Unclaimed", exact: true }).click();
  await expect(admin.page).not.toHaveURL(/status=claimed/);
  await expect(admin.page.getByRole("row").filter({ hasText: sentFrom })).toHaveCount(0);
  await customer.context.close();
  await admin.context.close();
});
