// Solvency and the proof of reserves in the browser (decision 053): an admin records the three
// merchant wallets' float and reads the Solvency screen (the server's figures, the reserve address
// Tether froze, the history table), the dashboard's red banner names the frozen address; a super admin
// publishes a proof; a customer checks their balance is in it (the root recomputed by the browser's
// Web Crypto, against the root the public endpoint publishes), in English and in Bangla, and
// downloads the proof; the public /proof-of-reserves page shows the same root. Screens are kept as
// pictures at 1280 and 390 px wide.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { displayBdt, displayBdtBangla, parseBdt } from "#shared/money.ts";
import type { ProofOfLiabilitiesDto, ProofOfReservesDto, SolvencyDto } from "#shared/solvency-schemas.ts";
import { appointAdmin, customerInNewBrowser, originHeaders } from "./support/admin.ts";
import { bangla } from "./support/catalogs.ts";
import { e2eBaseUrl, e2eDepositAddress, e2eSimulatorUrl } from "./support/e2e-env.ts";
import { fundCustomer } from "./support/funding.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";

const shots = process.env.SOLVENCY_SHOTS ?? "test-results/screenshots";

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** The page does not scroll sideways; when it does, the first elements that stick out are named. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const wider = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)}`);
  });
  expect(wider).toEqual([]);
}

async function superAdminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInAsSuperAdmin(context.request);
  return context.newPage();
}

async function solvencyOf(page: Page): Promise<SolvencyDto> {
  const answer = await page.request.get("/api/admin/solvency");
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as SolvencyDto;
}

async function simulate(page: Page, path: "balances" | "blacklist", data: Record<string, unknown>): Promise<void> {
  const answer = await page.request.post(`${e2eSimulatorUrl}/simulator/${path}`, { data });
  expect(answer.status(), await answer.text()).toBe(200);
}

const floats = [
  { walletType: "bKash", amount: "120000.00", note: "Merchant app at 09:00" },
  { walletType: "Nagad", amount: "80000.50", note: "" },
  { walletType: "Upay", amount: "15000", note: "Counted twice" },
] as const;

test("an admin records the three floats and reads the Solvency screen; the dashboard's red banner names the frozen reserve", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const superAdmin = await superAdminPage(browser);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await appointAdmin(superAdmin.request, context.request, {
    email: `solvency-${randomUUID().slice(0, 8)}@example.test`,
    password: "Solvency-Passphrase-2026!",
  });
  const page = await context.newPage();
  await simulate(page, "balances", { address: e2eDepositAddress, amount: "2500.50" });
  await simulate(page, "blacklist", { address: e2eDepositAddress, blacklisted: true });
  try {
    // The chain watcher reads the reserves after each poll (every 5 s here).
    await expect(async () => {
      const reading = (await solvencyOf(page)).usdtReserve.readings.find((r) => r.address === e2eDepositAddress);
      expect(reading?.blacklisted).toBe(true);
      expect(reading?.amount).toMatch(/^2500\.50*$/);
    }).toPass({ timeout: 30_000 });

    await page.goto("/admin/solvency");
    await expect(page.getByRole("heading", { level: 1, name: "Solvency" })).toBeVisible();
    await expect(page.getByRole("complementary").getByRole("link", { name: "Solvency" })).toHaveAttribute("aria-current", "page");

    // A wrong amount is refused under its field, before anything is sent.
    await page.getByRole("button", { name: "Record float: bKash" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Amount (BDT)").fill("twelve");
    await dialog.getByRole("button", { name: "Record float", exact: true }).click();
    await expect(dialog.getByText("Please enter a valid amount")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    for (const float of floats) {
      await page.getByRole("button", { name: `Record float: ${float.walletType}` }).click();
      await expect(dialog.getByRole("heading", { name: `Record float: ${float.walletType}` })).toBeVisible();
      await dialog.getByLabel("Amount (BDT)").fill(float.amount);
      await dialog.getByLabel("Note").fill(float.note);
      await dialog.getByRole("button", { name: "Record float", exact: true }).click();
      await expect(page.getByText(`Float recorded for ${float.walletType}`)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const row = page.getByRole("table", { name: "Merchant wallet float" }).getByRole("row").filter({ hasText: float.walletType });
      // Expected now equals the reading: no payout went through the wallet since.
      await expect(row.getByText(displayBdt(parseBdt(float.amount)))).toHaveCount(2);
      if (float.note) await expect(row).toContainText(float.note);
    }

    const solvency = await solvencyOf(page);
    expect(solvency.floats.map((f) => [f.walletType, f.amountBdt, f.expectedBdt])).toEqual(
      floats.map((f) => [f.walletType, formatTwo(f.amount), formatTwo(f.amount)]),
    );
    const figures = page.getByRole("region", { name: "Key figures" });
    await expect(figures).toContainText(displayBdt(parseBdt(solvency.liabilitiesBdt)));
    await expect(figures).toContainText(displayBdt(parseBdt(solvency.reservesBdt)));
    await expect(figures).toContainText(`${solvency.coverage} %`);
    const healthy = Number(solvency.coverage) >= 100;
    await expect(figures.locator("[data-tone]").last()).toHaveAttribute("data-tone", healthy ? "healthy" : "short");

    const reserve = page.getByRole("list", { name: "Reserve addresses" }).getByRole("listitem").filter({ hasText: e2eDepositAddress });
    await expect(reserve).toContainText("Frozen by Tether");
    await expect(reserve).toContainText("2500.5");

    await page.getByText("Show the figures as a table").click();
    await expect(page.getByRole("table", { name: "Liabilities and reserves per day" }).getByRole("row")).not.toHaveCount(0);
    // Publishing is for a super admin only.
    await expect(page.getByRole("button", { name: "Publish proof now" })).toHaveCount(0);
    await shoot(page, "admin-solvency-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("list", { name: "Merchant wallet float" }).getByRole("listitem")).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    await shoot(page, "admin-solvency-390");
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto("/admin/dashboard");
    const banner = page.getByRole("alert").filter({ hasText: "Open the Solvency screen" });
    await expect(banner).toContainText(`Tether has frozen the reserve address ${e2eDepositAddress}: its USDT cannot be moved.`);
    if (!healthy) await expect(banner).toContainText("Reserves are below what customers are owed");
    await shoot(page, "admin-dashboard-banner-1280");
    await banner.getByRole("link", { name: "Open the Solvency screen" }).click();
    await expect(page).toHaveURL(/\/admin\/solvency$/);
  } finally {
    // The other journeys' deposits go to this address.
    await simulate(page, "blacklist", { address: e2eDepositAddress, blacklisted: false });
  }
});

/** "15000" → "15000.00", as the server writes a BDT amount. */
function formatTwo(amount: string): string {
  return amount.includes(".") ? amount : `${amount}.00`;
}

test("a super admin publishes a proof, a customer verifies their balance in the browser in English and Bangla, and the public page shows the root", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const superAdmin = await superAdminPage(browser);
  const customer = await customerInNewBrowser(browser, "proof");
  await fundCustomer(superAdmin.request, e2eBaseUrl, customer.id, "1250.00");
  const page = customer.page;
  await page.setViewportSize({ width: 390, height: 844 });

  // The proof taken when the server started predates this customer: a calm sentence, no error.
  await page.goto("/profile");
  await expect(page.getByText("No proof includes your account yet.")).toBeVisible();

  await superAdmin.goto("/admin/solvency");
  const published = superAdmin.waitForResponse((r) => r.url().endsWith("/api/admin/proof-of-reserves/snapshots"));
  await superAdmin.getByRole("button", { name: "Publish proof now" }).click();
  const answer = await published;
  expect(answer.status()).toBe(201);
  const proof = (await answer.json()) as ProofOfReservesDto;
  await expect(superAdmin.getByText("Proof of reserves published")).toBeVisible();
  await expect(superAdmin.getByText(proof.root.hash)).toBeVisible();
  await shoot(superAdmin, "admin-solvency-published-1280");

  await page.reload();
  await expect(page.getByText(/^Your balance of 1,250\.00 BDT is included in the proof published on .+\.$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, "customer-verify-390");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my proof" }).click();
  const file = await (await download).path();
  const own = (await (await page.request.get("/api/me/proof-of-liabilities")).json()) as ProofOfLiabilitiesDto;
  expect(JSON.parse(await readFile(file, "utf8"))).toEqual(own);
  expect(own.root).toEqual(proof.root);
  await expect(page.getByText("npm run por:verify -- proof.json")).toBeVisible();

  // The browser really recomputes: against another published root, the same proof fails.
  await page.route("**/api/proof-of-reserves", async (route) => {
    const real = (await (await route.fetch()).json()) as ProofOfReservesDto;
    await route.fulfill({ json: { ...real, root: { ...real.root, hash: "ab".repeat(32) } } });
  });
  await page.reload();
  await expect(page.getByText(/^Your proof does not add up to the published proof/)).toBeVisible();
  await page.unroute("**/api/proof-of-reserves");

  const chose = await page.request.put("/api/me/language", { data: { language: "bn" }, headers: originHeaders });
  expect(chose.status(), await chose.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { name: bangla("Verify my balance") })).toBeVisible();
  await expect(page.getByText(displayBdtBangla(125_000n))).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: displayBdtBangla(125_000n) })).toContainText("প্রকাশিত প্রমাণে");
  await shoot(page, "customer-verify-bn-390");

  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const publicPage = await visitor.newPage();
  await publicPage.goto("/");
  await publicPage.getByRole("contentinfo").getByRole("link", { name: "Proof of reserves" }).click();
  await expect(publicPage.getByRole("heading", { level: 1, name: "Proof of reserves" })).toBeVisible();
  const facts = publicPage.getByLabel("Latest published proof");
  await expect(facts).toContainText(proof.root.hash);
  await expect(facts).toContainText(displayBdt(BigInt(proof.root.sum)));
  await expect(publicPage.getByText("It cannot prove that no customer was left out")).toBeVisible();
  await shoot(publicPage, "public-proof-1280");
  await publicPage.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(publicPage);
  await shoot(publicPage, "public-proof-390");
  const bn = await browser.newContext({ locale: "bn-BD", viewport: { width: 390, height: 844 } });
  const banglaPage = await bn.newPage();
  await banglaPage.goto("/proof-of-reserves");
  await expect(banglaPage.getByRole("heading", { level: 1, name: bangla("Proof of reserves") })).toBeVisible();
  await expect(banglaPage.getByText(proof.root.hash)).toBeVisible();
  await shoot(banglaPage, "public-proof-bn-390");
});
