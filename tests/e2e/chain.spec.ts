// Chain evidence (docs/product.md, Deposits checked on the chain), as customer and admin take it in
// Chromium against a server whose chain watcher polls the TronGrid simulator every 5 seconds: a deposit
// named by its TXID and then sent on the chain is "Confirmed on chain" and approved without a question,
// the customer's balance rising live; a second claim of that TXID is refused under its field; a
// deposit that differs or was never sent asks for "Approve anyway"; a transfer nobody asked for is
// listed in Unclaimed transfers. The evidence column, the detail panel and Unclaimed transfers are
// checked by axe at 1280 px and 375 px and kept as screenshots (tests/e2e/screenshots with UPDATE_SCREENSHOTS=1, as the other specs).
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { tronTransactionUrl } from "#shared/tron.ts";
import { type TestUser } from "./support/accounts.ts";
import {
  checkScreen,
  customerInNewBrowser,
  originHeaders,
  randomTronAddress,
  randomTxid,
  requestDeposit,
  sendOnChain,
} from "./support/admin.ts";
import { e2eBaseUrl } from "./support/e2e-env.ts";
import { superAdmin, signInAsSuperAdmin } from "./support/super-admin.ts";

/** A browser signed in as the super admin, through the API (the login screen is admin.spec.ts's journey). */
async function adminBrowser(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  await signInAsSuperAdmin(context.request);
  return { context, page: await context.newPage() };
}

type Evidence = { state: string; transfer: { txid: string; amount: string } | null };

/** Waits until the watcher has polled the simulator and matched (or not) this deposit. */
async function untilChainState(request: APIRequestContext, id: string, state: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/admin/transactions/${id}`);
        return ((await response.json()) as { chain: Evidence | null }).chain?.state;
      },
      { timeout: 20_000 },
    )
    .toBe(state);
}

/** The customer's transactions of every status: the list opens as the Pending queue (decision 021), and these journeys follow rows past their decisions. */
async function showTransactionsOf(page: Page, user: TestUser): Promise<void> {
  await page.goto(`/admin/transactions?status=all&q=${user.username}`);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Transactions" })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test("a deposit named by its TXID is confirmed on chain, approved without a question, and the balance rises live", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "chainok");
  const from = randomTronAddress();
  const txid = randomTxid();

  // The customer names the TXID on the deposit form; the schema checks it first.
  await customer.page.goto("/deposit");
  await expect(customer.page.getByText("Giving the TXID speeds up crediting.")).toBeVisible();
  await customer.page.getByLabel("Your TRON wallet address").fill(from);
  await customer.page.getByLabel("Amount (USDT)").fill("20");
  await customer.page.getByLabel("Transaction ID (TXID)").fill("not-a-txid");
  await customer.page.getByRole("button", { name: "Submit Deposit Request" }).click();
  await expect(customer.page.locator("#txid-error")).toHaveText("Enter the 64-character transaction ID (TXID), or leave it empty");
  await customer.page.getByLabel("Transaction ID (TXID)").fill(txid.toUpperCase());
  await customer.page.getByRole("button", { name: "Submit Deposit Request" }).click();
  await customer.page.getByRole("button", { name: "Confirm" }).click();
  await expect(customer.page.getByText("Deposit request submitted successfully!")).toBeVisible();

  await customer.page.goto("/dashboard");
  await expect(customer.page.getByTestId("balance")).toHaveText("0.00 BDT");
  const recent = customer.page.getByRole("list", { name: "Recent transactions" });
  await expect(recent).toContainText("Pending");
  await expect(recent).not.toContainText("Received on chain");

  // Another customer cannot claim the same transfer: the server's message stands under the field.
  const other = await customerInNewBrowser(browser, "chaindup");
  await other.page.goto("/deposit");
  await other.page.getByLabel("Your TRON wallet address").fill(randomTronAddress());
  await other.page.getByLabel("Amount (USDT)").fill("20");
  await other.page.getByLabel("Transaction ID (TXID)").fill(txid);
  await other.page.getByRole("button", { name: "Submit Deposit Request" }).click();
  await other.page.getByRole("button", { name: "Confirm" }).click();
  await expect(other.page.locator("#txid-error")).toHaveText("This transaction has already been claimed.");
  await other.context.close();

  // The USDT arrives: same sender, same amount, same TXID.
  await sendOnChain(customer.page.request, { amount: "20", from, txid });

  const admin = await adminBrowser(browser);
  const list = await admin.page.request.get(`/api/admin/transactions?q=${customer.user.username}`);
  const [deposit] = ((await list.json()) as { items: { id: string }[] }).items;
  if (!deposit) throw new Error("the deposit is not listed");
  await untilChainState(admin.page.request, deposit.id, "confirmed");

  await showTransactionsOf(admin.page, customer.user);
  const row = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Confirmed on chain");
  await expect(row).toContainText(/20(\.0+)? USDT/);
  const link = row.getByRole("link", { name: `TXID ${txid} on Tronscan` });
  await expect(link).toHaveAttribute("href", tronTransactionUrl(txid));
  await expect(link).toContainText(`${txid.slice(0, 8)}…${txid.slice(-6)}`);

  // The Chain filter keeps it in the address, and finds it.
  await admin.page.getByLabel("Chain", { exact: true }).selectOption("confirmed");
  await expect(admin.page).toHaveURL(/chain=confirmed/);
  await expect(row).toHaveCount(1);

  // Confirmed: no chain question asked, but the approval is confirmed first, with the transfer's facts (decision 021).
  await row.getByRole("button", { name: "Approve" }).click();
  const confirm = admin.page.getByRole("dialog", { name: "Approve deposit" });
  await expect(confirm).toContainText("2,500.00 BDT (20 USDT)");
  await expect(confirm).toContainText("Confirmed on chain");
  await expect(confirm).toContainText(from);
  await confirm.getByRole("button", { name: "Approve deposit" }).click();
  await expect(admin.page.getByText("Transaction approved successfully!")).toBeVisible();
  await expect(admin.page.getByRole("dialog")).toHaveCount(0);
  await expect(row.getByText("Approved", { exact: true })).toBeVisible();

  // The customer's open dashboard, never reloaded.
  await expect(customer.page.getByTestId("balance")).toHaveText("2,500.00 BDT");
  await expect(recent).toContainText("Completed");
  await expect(recent).toContainText("Received on chain");
  await customer.page.goto("/transactions");
  await expect(customer.page.getByRole("table")).toContainText("Received on chain");

  // The detail panel, opened from the keyboard: everything whole, and the audit trail.
  await row.getByRole("button", { name: /details/i }).focus();
  await admin.page.keyboard.press("Enter");
  const panel = admin.page.getByRole("dialog", { name: "Transaction details" });
  await expect(panel).toContainText(customer.user.email);
  await expect(panel).toContainText(customer.user.username);
  await expect(panel).toContainText("1 USDT = 125 BDT");
  await expect(panel).toContainText(from);
  await expect(panel).toContainText("Confirmed on chain");
  await expect(panel.getByRole("link", { name: new RegExp(txid) }).first()).toHaveAttribute("href", tronTransactionUrl(txid));
  await expect(panel).toContainText(`Processed by${superAdmin.email}`);
  await expect(panel).toContainText("Transaction approved");
  await admin.page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);

  await customer.context.close();
  await admin.context.close();
});

test("a deposit the chain has not confirmed asks for 'Approve anyway'; Cancel leaves it pending", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "chaindiff");
  const from = randomTronAddress();
  await requestDeposit(customer.page.request, "30", { fromAddress: from });
  // 29.5 USDT came from that address instead of 30.
  await sendOnChain(customer.page.request, { amount: "29.5", from, txid: randomTxid() });
  await customer.context.close();

  const admin = await adminBrowser(browser);
  const list = await admin.page.request.get(`/api/admin/transactions?q=${customer.user.username}`);
  const [deposit] = ((await list.json()) as { items: { id: string }[] }).items;
  if (!deposit) throw new Error("the deposit is not listed");
  await untilChainState(admin.page.request, deposit.id, "amount_differs");

  await showTransactionsOf(admin.page, customer.user);
  const row = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(row).toContainText("Amount differs");
  await expect(row).toContainText(/29\.50* USDT/);

  await row.getByRole("button", { name: "Approve" }).click();
  const ask = admin.page.getByRole("dialog", { name: "Approve without chain evidence?" });
  await expect(ask).toContainText("This deposit is not confirmed on chain.");
  await expect(ask).toContainText("Amount differs");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toHaveCount(0);
  await expect(row).toContainText("Pending");

  // The server holds the same rule: no acknowledgement, no approval.
  const refused = await admin.page.request.post(`/api/admin/transactions/${deposit.id}/approve`, { headers: originHeaders });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("CHAIN_UNCONFIRMED");

  await row.getByRole("button", { name: "Approve" }).click();
  await ask.getByRole("button", { name: "Approve anyway" }).click();
  await expect(admin.page.getByText("Transaction approved successfully!")).toBeVisible();
  await expect(row.getByText("Approved", { exact: true })).toBeVisible();
  await admin.context.close();
});

test("a transfer nobody asked for is listed in Unclaimed transfers", async ({ browser }) => {
  const admin = await adminBrowser(browser);
  const from = randomTronAddress();
  const txid = randomTxid();
  await sendOnChain(admin.page.request, { amount: "13.370001", from, txid });

  await admin.page.goto("/admin/dashboard");
  await admin.page.getByRole("navigation").getByRole("link", { name: "Unclaimed transfers" }).first().click();
  await expect(admin.page.getByRole("heading", { level: 1, name: "Unclaimed transfers" })).toBeVisible();
  const row = admin.page.getByRole("row").filter({ hasText: from });
  // The watcher polls every second; the screen asks again every 15 s, a reload at once.
  await expect(async () => {
    await admin.page.reload();
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText("13.370001 USDT");
  await expect(row.getByRole("link", { name: `TXID ${txid} on Tronscan` })).toHaveAttribute("href", tronTransactionUrl(txid));
  await admin.context.close();
});

for (const width of [1280, 375] as const) {
  test(`chain evidence and Unclaimed transfers at ${width} px pass axe and are kept as screenshots`, async ({ browser }) => {
    test.setTimeout(120_000);
    const customer = await customerInNewBrowser(browser, `chainshots${width}`);
    const confirmedFrom = randomTronAddress();
    const confirmedTxid = randomTxid();
    const differsFrom = randomTronAddress();
    const differs = await requestDeposit(customer.page.request, "25", { fromAddress: differsFrom });
    await requestDeposit(customer.page.request, "48.5");
    const confirmed = await requestDeposit(customer.page.request, "100", { fromAddress: confirmedFrom, txid: confirmedTxid });
    await sendOnChain(customer.page.request, { amount: "100", from: confirmedFrom, txid: confirmedTxid });
    await sendOnChain(customer.page.request, { amount: "24.75", from: differsFrom, txid: randomTxid() });
    await sendOnChain(customer.page.request, { amount: "61.2", from: randomTronAddress(), txid: randomTxid() });
    await customer.context.close();

    const admin = await adminBrowser(browser, { width, height: width === 375 ? 812 : 800 });
    await untilChainState(admin.page.request, confirmed.id, "confirmed");
    await untilChainState(admin.page.request, differs.id, "amount_differs");
    await showTransactionsOf(admin.page, customer.user);
    const records = admin.page.getByRole(width === 375 ? "listitem" : "row").filter({ hasText: customer.user.email });
    await expect(records).toHaveCount(3);
    for (const label of ["Confirmed on chain", "Amount differs", "Not seen on chain yet"]) {
      await expect(records.filter({ hasText: label })).toHaveCount(1);
    }
    await checkScreen(admin.page, `admin-chain-evidence-${width}`);

    await records
      .filter({ hasText: "Confirmed on chain" })
      .getByRole("button", { name: /details/i })
      .click();
    await expect(admin.page.getByRole("dialog", { name: "Transaction details" })).toContainText(confirmedTxid);
    await checkScreen(admin.page, `admin-transaction-details-${width}`, { fullPage: false });
    await admin.page.keyboard.press("Escape");

    await records.filter({ hasText: "Amount differs" }).getByRole("button", { name: "Approve" }).click();
    await expect(admin.page.getByRole("dialog", { name: "Approve without chain evidence?" })).toBeVisible();
    await checkScreen(admin.page, `admin-approve-anyway-${width}`, { fullPage: false });
    await admin.page.keyboard.press("Escape");

    await admin.page.goto("/admin/unclaimed-transfers");
    await expect(admin.page.getByRole("heading", { level: 1, name: "Unclaimed transfers" })).toBeVisible();
    await expect(admin.page.getByText(/^61\.20* USDT$/).first()).toBeVisible({ timeout: 20_000 });
    await checkScreen(admin.page, `admin-unclaimed-transfers-${width}`);
    await admin.context.close();
  });
}

test("the e2e server's chain watcher polls the simulator", async ({ request }) => {
  await expect
    .poll(async () => ((await (await request.get(`${e2eBaseUrl}/api/health`)).json()) as { chain: { state: string } }).chain.state)
    .toBe("ok");
});
