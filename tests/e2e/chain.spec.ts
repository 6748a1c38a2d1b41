// Chain evidence under decision 038 (docs/product.md, Deposits checked on the chain), as customers and
// admins take it in Chromium against a server whose chain watcher polls the TronGrid simulator every 5
// seconds. Each request gets an exact amount to pay; the transfer of exactly that amount settles it,
// whatever address it came from, and is approved without a question while the customer's balance rises
// live. A transfer of the round amount asked for settles nothing: it waits in Unclaimed transfers until
// an admin assigns it by hand, with a reason, and then approves anyway. A TXID copied from another
// customer is accepted (no 409) and takes nothing. The evidence column, the detail panel, the approval,
// Unclaimed transfers with the watcher's status and the assignment dialog are checked by axe at 1280 px
// and 375 px and kept as screenshots (tests/e2e/screenshots with UPDATE_SCREENSHOTS=1, as the other specs).
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

type Evidence = { state: string; transfer: { id: string; txid: string; amount: string; fromAddress: string } | null };
type AdminDetail = { chain: Evidence | null; payAmount: string | null; audit: { action: string }[] };

async function adminDetail(request: APIRequestContext, id: string): Promise<AdminDetail> {
  const response = await request.get(`/api/admin/transactions/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AdminDetail;
}

/** Waits until the watcher has polled the simulator and matched (or not) this deposit. */
async function untilChainState(request: APIRequestContext, id: string, state: string): Promise<void> {
  await expect.poll(async () => (await adminDetail(request, id)).chain?.state, { timeout: 20_000 }).toBe(state);
}

/** The customer's transactions of every status: the list opens as the Pending queue (decision 021), and these journeys follow rows past their decisions. */
async function showTransactionsOf(page: Page, user: TestUser): Promise<void> {
  await page.goto(`/admin/transactions?status=all&q=${user.username}`);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Transactions" })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/** "50.013700" → "50.0137 USDT", as the back office shows an amount to pay. */
function shownUsdt(amount: string): string {
  return `${amount.includes(".") ? amount.replace(/\.?0+$/, "") : amount} USDT`;
}

/** "6251.71" → "6,251.71 BDT", as the screens show a credit. */
function shownBdt(amount: string): string {
  const [whole = "0", fraction = "00"] = amount.split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction.padEnd(2, "0")} BDT`;
}

/** The exact amount to pay of a new request: the amount asked for plus a small offset, never the round amount itself. */
function payAmountOf(deposit: { payAmount: string | null }, asked: string): string {
  const pay = deposit.payAmount;
  if (pay === null) throw new Error("the deposit request has no amount to pay");
  expect(pay).toMatch(new RegExp(`^${asked}\\.\\d{6}$`));
  expect(pay).not.toBe(`${asked}.000000`);
  return pay;
}

/** Unclaimed transfers with the row of the transfer from `from`, once the watcher has stored it (it polls every 5 s; a reload asks at once). */
async function unclaimedRowFrom(page: Page, from: string) {
  await page.goto("/admin/unclaimed-transfers");
  await expect(page.getByRole("heading", { level: 1, name: "Unclaimed transfers" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: from });
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return row;
}

test("the exact amount to pay settles the request from whatever address; approved without a question, the balance rises live", async ({
  browser,
}) => {
  const customer = await customerInNewBrowser(browser, "chainok");
  const given = randomTronAddress();
  // The USDT comes from another address than the customer typed (an exchange's wallet, say): a fact, not a key.
  const sentFrom = randomTronAddress();
  const txid = randomTxid();
  const deposit = await requestDeposit(customer.page.request, "50", { fromAddress: given });
  const payAmount = payAmountOf(deposit, "50");

  await customer.page.goto("/dashboard");
  await expect(customer.page.getByTestId("balance")).toHaveText("0.00 BDT");

  await sendOnChain(customer.page.request, { amount: payAmount, from: sentFrom, txid });
  const admin = await adminBrowser(browser);
  await untilChainState(admin.page.request, deposit.id, "confirmed");

  await showTransactionsOf(admin.page, customer.user);
  const row = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Confirmed on chain");
  await expect(row).toContainText(`Pay amount ${shownUsdt(payAmount)}`);
  await expect(row).toContainText("Sent from another address");
  const link = row.getByRole("link", { name: `TXID ${txid} on Tronscan` });
  await expect(link).toHaveAttribute("href", tronTransactionUrl(txid));
  await expect(link).toContainText(`${txid.slice(0, 8)}…${txid.slice(-6)}`);

  // The Chain filter keeps it in the address, and finds it.
  await admin.page.getByLabel("Chain", { exact: true }).selectOption("confirmed");
  await expect(admin.page).toHaveURL(/chain=confirmed/);
  await expect(row).toHaveCount(1);

  // Confirmed: no chain question, but the approval states the facts first (decision 021), both addresses among them.
  await row.getByRole("button", { name: "Approve" }).click();
  const confirm = admin.page.getByRole("dialog", { name: "Approve deposit" });
  await expect(confirm).toContainText(shownBdt(deposit.amount));
  await expect(confirm).toContainText(`Pay amount${shownUsdt(payAmount)}`);
  await expect(confirm).toContainText("Valid until");
  await expect(confirm).toContainText("Confirmed on chain");
  await expect(confirm).toContainText(given);
  await expect(confirm).toContainText(`Sent from another address${sentFrom}`);
  await confirm.getByRole("button", { name: "Approve deposit" }).click();
  await expect(admin.page.getByText("Transaction approved successfully!")).toBeVisible();
  await expect(admin.page.getByRole("dialog")).toHaveCount(0);
  await expect(row.getByText("Approved", { exact: true })).toBeVisible();

  // The customer's open dashboard, never reloaded.
  await expect(customer.page.getByTestId("balance")).toHaveText(shownBdt(deposit.amount));
  const recent = customer.page.getByRole("list", { name: "Recent transactions" });
  await expect(recent).toContainText("Completed");
  await expect(recent).toContainText("Received on chain");

  // The detail panel, opened from the keyboard: everything whole, the sender as a fact, and the audit trail.
  await row.getByRole("button", { name: /details/i }).focus();
  await admin.page.keyboard.press("Enter");
  const panel = admin.page.getByRole("dialog", { name: "Transaction details" });
  await expect(panel).toContainText(customer.user.email);
  await expect(panel).toContainText("1 USDT = 125 BDT");
  await expect(panel).toContainText(`Pay amount${shownUsdt(payAmount)}`);
  await expect(panel).toContainText("Window");
  await expect(panel).toContainText("Confirmed on chain");
  await expect(panel.getByText("Sent from another address")).toBeVisible();
  await expect(panel).toContainText(`Customer gave${given}`);
  await expect(panel).toContainText(`Transfer came from${sentFrom}`);
  await expect(panel.getByRole("link", { name: new RegExp(txid) }).first()).toHaveAttribute("href", tronTransactionUrl(txid));
  await expect(panel).toContainText(`Processed by${superAdmin.email}`);
  await expect(panel).toContainText("Matched to a chain transfer");
  await expect(panel).toContainText("Transaction approved");
  await admin.page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);

  await customer.context.close();
  await admin.context.close();
});

test("a transfer of the round amount stays unclaimed; an admin assigns it by hand with a reason, sees Amount differs and approves anyway", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = await customerInNewBrowser(browser, "chainround");
  const from = randomTronAddress();
  const deposit = await requestDeposit(customer.page.request, "30", { fromAddress: from });
  payAmountOf(deposit, "30");
  // The customer sent the 30 USDT they asked for, not the amount they were shown.
  await sendOnChain(customer.page.request, { amount: "30", from, txid: randomTxid() });
  await customer.context.close();

  const admin = await adminBrowser(browser);
  const row = await unclaimedRowFrom(admin.page, from);
  await expect(row).toContainText("30 USDT");
  // The round amount settled nothing.
  expect((await adminDetail(admin.page.request, deposit.id)).chain?.state).toBe("not_seen");

  // The watcher's status stands above the list.
  const watcher = admin.page.getByRole("region", { name: "Chain watcher" });
  await expect(watcher).toContainText("Working");
  await expect(watcher).toContainText("Last successful poll");

  await row.getByRole("button", { name: /^Assign to a request/ }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Assign to a request" });
  await expect(dialog).toContainText(from);
  await dialog.getByLabel("Find the request").fill(customer.user.username);
  const choice = dialog.getByRole("radio", { name: new RegExp(customer.user.username) });
  await expect(choice).toHaveCount(1);
  await expect(dialog.getByRole("listitem").filter({ hasText: customer.user.username })).toContainText("Same as the amount asked for");
  // Nothing chosen, then no reason: the dialog says what is missing before anything is sent.
  await dialog.getByRole("button", { name: "Assign transfer" }).click();
  await expect(dialog).toContainText("Choose the request this transfer belongs to.");
  await choice.check();
  await dialog.getByRole("button", { name: "Assign transfer" }).click();
  await expect(dialog.locator("#assign-reason-error")).toHaveText("Write why this transfer belongs to this request");
  const reason = "Customer sent the round 30 USDT from the address on their request; wallet receipt checked.";
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: "Assign transfer" }).click();
  await expect(admin.page.getByText("Transfer assigned")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);

  // Linked, nothing moved: the request differs by the offset, and the transfer cannot be assigned twice.
  const assigned = await adminDetail(admin.page.request, deposit.id);
  expect(assigned.chain?.state).toBe("amount_differs");
  const transferId = assigned.chain?.transfer?.id ?? "";
  const again = await admin.page.request.post(`/api/admin/chain/transfers/${transferId}/assign`, {
    data: { transactionId: deposit.id, reason: "twice" },
    headers: originHeaders,
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe("TRANSFER_ALREADY_ASSIGNED");

  // Another stray transfer offered to the same request: the server refuses, and the dialog says so in its words.
  const strayFrom = randomTronAddress();
  await sendOnChain(admin.page.request, { amount: "31", from: strayFrom, txid: randomTxid() });
  const strayRow = await unclaimedRowFrom(admin.page, strayFrom);
  await strayRow.getByRole("button", { name: /^Assign to a request/ }).click();
  await dialog.getByLabel("Find the request").fill(customer.user.username);
  await dialog.getByRole("radio", { name: new RegExp(customer.user.username) }).check();
  await dialog.getByLabel("Reason").fill("Trying the wrong request.");
  await dialog.getByRole("button", { name: "Assign transfer" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Only a customer's deposit request that is not rejected and has no transfer yet can take one.",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(strayRow).toHaveCount(1);

  // The request now shows what arrived; approving it asks first, and the audit trail keeps the reason.
  await showTransactionsOf(admin.page, customer.user);
  const request = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(request).toContainText("Amount differs");
  await expect(request).toContainText("Received 30 USDT");
  await request.getByRole("button", { name: /details/i }).click();
  const panel = admin.page.getByRole("dialog", { name: "Transaction details" });
  await expect(panel).toContainText("Chain transfer assigned by hand");
  await expect(panel).toContainText(reason);
  await admin.page.keyboard.press("Escape");

  await request.getByRole("button", { name: "Approve" }).click();
  const ask = admin.page.getByRole("dialog", { name: "Approve without chain evidence?" });
  // A transfer that differs: the dialog offers to credit what arrived, or the claim with a reason (decision 040).
  await expect(ask).toContainText("The transfer that arrived differs from the amount to pay.");
  await expect(ask).toContainText("Amount differs");
  await expect(ask).toContainText(`Pay amount${shownUsdt(deposit.payAmount ?? "")}`);
  await expect(ask).toContainText("Received30 USDT");
  // The server holds the same rule: no acknowledgement, no approval.
  const refused = await admin.page.request.post(`/api/admin/transactions/${deposit.id}/approve`, { headers: originHeaders });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("CHAIN_UNCONFIRMED");
  // What arrived is the first choice; approving the claimed amount instead needs a written reason (decision 040).
  await expect(ask.getByRole("radio", { name: /^Credit what arrived/ })).toBeChecked();
  await ask.getByRole("radio", { name: /^Approve anyway/ }).check();
  await ask.getByLabel("Why you approve it without the chain's confirmation").fill("The customer sent the rest separately, ticket 7781");
  await ask.getByRole("button", { name: "Approve anyway" }).click();
  await expect(admin.page.getByText("Transaction approved successfully!")).toBeVisible();
  await expect(request.getByText("Approved", { exact: true })).toBeVisible();
  await admin.context.close();
});

test("a TXID copied from another customer is accepted and takes nothing: the transfer settles the request whose amount it is", async ({
  browser,
}) => {
  const owner = await customerInNewBrowser(browser, "chainowner");
  const copier = await customerInNewBrowser(browser, "chaincopy");
  const txid = randomTxid();
  const owned = await requestDeposit(owner.page.request, "40", { fromAddress: null });
  const payAmount = payAmountOf(owned, "40");
  // The copier names the owner's TXID (the chain is public): no longer refused, and no longer of any use.
  const copied = await requestDeposit(copier.page.request, "40", { fromAddress: null, txid });
  await sendOnChain(owner.page.request, { amount: payAmount, from: randomTronAddress(), txid });
  await owner.context.close();
  await copier.context.close();

  const admin = await adminBrowser(browser);
  await untilChainState(admin.page.request, owned.id, "confirmed");
  // The next poll has come and gone, and the copier's request still shows nothing arrived for it.
  await admin.page.waitForTimeout(6_000);
  expect((await adminDetail(admin.page.request, copied.id)).chain).toEqual({ state: "not_seen", transfer: null });

  await showTransactionsOf(admin.page, owner.user);
  await expect(admin.page.getByRole("row").filter({ hasText: owner.user.email })).toContainText("Confirmed on chain");

  await showTransactionsOf(admin.page, copier.user);
  const row = admin.page.getByRole("row").filter({ hasText: copier.user.email });
  await expect(row).toContainText("Not seen on chain yet");
  await expect(row).not.toContainText("Confirmed on chain");
  await row.getByRole("button", { name: /details/i }).click();
  const panel = admin.page.getByRole("dialog", { name: "Transaction details" });
  await expect(panel).toContainText("No sending address given");
  await expect(panel.getByRole("link", { name: new RegExp(txid) })).toHaveAttribute("href", tronTransactionUrl(txid));
  await expect(panel).toContainText("Not seen on chain yet");
  await expect(panel).not.toContainText("Transfer TXID");
  await admin.page.keyboard.press("Escape");

  await row.getByRole("button", { name: "Approve" }).click();
  const ask = admin.page.getByRole("dialog", { name: "Approve without chain evidence?" });
  await expect(ask).toContainText("No sending address given");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toContainText("Pending");
  await admin.context.close();
});

test("an expired pending deposit says Expired beside its wait, and can still be rejected", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "chainexpired");
  const deposit = await requestDeposit(customer.page.request, "12", { fromAddress: null });
  await customer.context.close();

  const admin = await adminBrowser(browser);
  // The e2e server's window is 60 minutes: the browser is shown this request as the server shows it once its
  // window has ended with nothing received (`expired`), and everything else goes to the server unchanged.
  const ended = new Date(Date.now() - 60_000).toISOString();
  const expire = (item: { id: string; status?: string }) =>
    item.id === deposit.id && item.status === "pending" ? { ...item, expired: true, expiresAt: ended } : item;
  await admin.page.route(/\/api\/admin\/transactions(\/[0-9a-f-]+)?(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { items?: { id: string }[]; id?: string };
    const patched = body.items ? { ...body, items: body.items.map(expire) } : expire(body as { id: string });
    await route.fulfill({ response, json: patched });
  });

  await showTransactionsOf(admin.page, customer.user);
  const row = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(row).toContainText("Expired");
  await expect(row).toContainText("Not seen on chain yet");
  await row.getByRole("button", { name: /details/i }).click();
  const panel = admin.page.getByRole("dialog", { name: "Transaction details" });
  await expect(panel).toContainText("Expired");
  await expect(panel).toContainText("Window ended");
  await admin.page.keyboard.press("Escape");
  await checkScreen(admin.page, "admin-chain-expired-1280");

  await row.getByRole("button", { name: "Reject" }).click();
  await admin.page.getByRole("dialog", { name: "Reject transaction" }).getByRole("button", { name: "Reject transaction" }).click();
  await expect(admin.page.getByText("Transaction rejected successfully!")).toBeVisible();
  await expect(row.getByRole("cell").last()).toHaveText("Rejected");
  await expect(row).not.toContainText("Expired");
  await admin.context.close();
});

for (const width of [1280, 375] as const) {
  test(`chain evidence, Unclaimed transfers and the assignment at ${width} px pass axe and are kept as screenshots`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const customer = await customerInNewBrowser(browser, `chainshots${width}`);
    const given = randomTronAddress();
    const confirmedTxid = randomTxid();
    const differsTxid = randomTxid();
    const strayFrom = randomTronAddress();
    const confirmed = await requestDeposit(customer.page.request, "100", { fromAddress: given });
    // Names a TXID that then comes with another amount: it settles nothing, and the request shows what came.
    const differs = await requestDeposit(customer.page.request, "25", { fromAddress: null, txid: differsTxid });
    await requestDeposit(customer.page.request, "48.5", { fromAddress: null });
    await sendOnChain(customer.page.request, { amount: payAmountOf(confirmed, "100"), from: randomTronAddress(), txid: confirmedTxid });
    await sendOnChain(customer.page.request, { amount: "24.75", from: randomTronAddress(), txid: differsTxid });
    await sendOnChain(customer.page.request, { amount: "61.2", from: strayFrom, txid: randomTxid() });
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
    await expect(records.filter({ hasText: "Pay amount" })).toHaveCount(3);
    await checkScreen(admin.page, `admin-chain-evidence-${width}`);

    await records
      .filter({ hasText: "Confirmed on chain" })
      .getByRole("button", { name: /details/i })
      .click();
    const panel = admin.page.getByRole("dialog", { name: "Transaction details" });
    await expect(panel).toContainText(confirmedTxid);
    await expect(panel).toContainText("Sent from another address");
    await checkScreen(admin.page, `admin-transaction-details-${width}`, { fullPage: false });
    // Further down the panel: the transfer's sender beside the address the customer gave.
    await panel.getByText("Transfer came from").scrollIntoViewIfNeeded();
    await checkScreen(admin.page, `admin-transaction-details-sender-${width}`, { fullPage: false });
    await admin.page.keyboard.press("Escape");

    await records.filter({ hasText: "Amount differs" }).getByRole("button", { name: "Approve" }).click();
    await expect(admin.page.getByRole("dialog", { name: "Approve without chain evidence?" })).toContainText("Received24.75 USDT");
    await checkScreen(admin.page, `admin-approve-anyway-${width}`, { fullPage: false });
    await admin.page.keyboard.press("Escape");

    await admin.page.goto("/admin/unclaimed-transfers");
    await expect(admin.page.getByRole("heading", { level: 1, name: "Unclaimed transfers" })).toBeVisible();
    await expect(admin.page.getByText(strayFrom)).toBeVisible({ timeout: 20_000 });
    await expect(admin.page.getByRole("region", { name: "Chain watcher" })).toContainText("Working");
    await checkScreen(admin.page, `admin-unclaimed-transfers-${width}`);

    const stray = admin.page.getByRole(width === 375 ? "listitem" : "row").filter({ hasText: strayFrom });
    await stray.getByRole("button", { name: /^Assign to a request/ }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Assign to a request" });
    await dialog.getByLabel("Find the request").fill(customer.user.username);
    // The request that named a TXID which came with another amount has no transfer of its own: it is offered.
    await expect(dialog.getByRole("radio")).toHaveCount(2);
    await checkScreen(admin.page, `admin-assign-transfer-${width}`, { fullPage: false });
    await admin.page.keyboard.press("Escape");
    await admin.context.close();
  });
}

test("the e2e server's chain watcher polls the simulator, and admins read why it would fail", async ({ request, browser }) => {
  await expect
    .poll(async () => ((await (await request.get(`${e2eBaseUrl}/api/health`)).json()) as { chain: { state: string } }).chain.state)
    .toBe("ok");
  const admin = await adminBrowser(browser);
  const status = (await (await admin.page.request.get("/api/admin/chain/status")).json()) as { watcher: string; state: string };
  expect(status).toMatchObject({ watcher: "on", state: "ok" });
  await admin.context.close();
});
