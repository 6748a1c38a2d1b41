// The back office as a queue among real volume (decision 021): the e2e server starts on 300 demo
// customers and 4,000 transactions, hundreds of them pending. Manage Transactions opens on the
// oldest pending request; j/k and a approve through the same confirmation as the button; nothing
// moves before the admin confirms; the Actions column stays in view at 1280 px with long text; and
// a verification with only the front of a two-sided document says "Back side missing".
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { newUser, signUpViaApi } from "./support/accounts.ts";
import {
  checkScreen,
  customerInNewBrowser,
  idCardPng,
  myUserId,
  originHeaders,
  requestDeposit,
  requestWithdrawal,
  uploadDocument,
} from "./support/admin.ts";
import { depositCredit } from "./support/deposit-credit.ts";
import { e2eDataDir, e2eBaseUrl } from "./support/e2e-env.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";
import { fundCustomer } from "./support/funding.ts";

type AdminTransaction = { id: string; createdAt: string; status: string; username: string };
type ListPage<T> = { items: T[]; total: number };

const adminState = path.join(e2eDataDir, "e2e-queue-spec-state.json");

// The super admin signs in once for the file: five sign-ins within a minute would meet the per-account throttle.
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  await signInAsSuperAdmin(context.request);
  await context.storageState({ path: adminState });
  await context.close();
});

async function adminBrowser(browser: Browser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: adminState, viewport: { width, height: 800 } });
  return { context, page: await context.newPage() };
}

async function adminTransactions(request: APIRequestContext, query: string): Promise<ListPage<AdminTransaction>> {
  const response = await request.get(`/api/admin/transactions?${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ListPage<AdminTransaction>;
}

async function wallet(request: APIRequestContext): Promise<{ balance: string }> {
  const response = await request.get("/api/wallet");
  expect(response.status()).toBe(200);
  return (await response.json()) as { balance: string };
}

/** The customer's own transactions, as the API lists them: how many of them completed. */
async function completedCount(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/transactions?pageSize=100");
  expect(response.status()).toBe(200);
  const list = (await response.json()) as { items: { status: string }[] };
  return list.items.filter((item) => item.status === "completed").length;
}

const queueRows = (page: Page) => page.locator("tbody tr[data-row-id]");

test("the queue opens on Pending, oldest first: its first row is the pending request that has waited longest", async ({ browser }) => {
  const admin = await adminBrowser(browser);
  // The API, oldest first: its first pending request is the oldest by the server's clock (checked against the others here).
  const pending = await adminTransactions(admin.page.request, "status=pending&pageSize=100&direction=asc");
  expect(pending.total).toBeGreaterThan(100); // the seeded volume
  const oldest = pending.items[0];
  expect(oldest).toBeDefined();
  const newestFirst = await adminTransactions(admin.page.request, "status=pending&pageSize=1&direction=desc");
  expect(Date.parse(oldest?.createdAt ?? "")).toBeLessThanOrEqual(Date.parse(newestFirst.items[0]?.createdAt ?? ""));
  for (const item of pending.items) expect(Date.parse(item.createdAt)).toBeGreaterThanOrEqual(Date.parse(oldest?.createdAt ?? ""));

  await admin.page.goto("/admin/transactions");
  await expect(admin.page.getByLabel("Status")).toHaveValue("pending");
  await expect(admin.page.getByLabel("Order")).toHaveValue("createdAt:asc");
  await expect(admin.page.getByLabel("Rows per page")).toHaveValue("10");
  await expect(queueRows(admin.page)).toHaveCount(10);
  await expect(queueRows(admin.page).first()).toHaveAttribute("data-row-id", oldest?.id ?? "");
  // Days old: red.
  await expect(queueRows(admin.page).first().locator("[data-waiting]")).toHaveAttribute("data-waiting", "overdue");
  await expect(queueRows(admin.page).first()).toContainText(/\d+ d/);

  // The page size and order are choices kept in the address.
  await admin.page.getByLabel("Rows per page").selectOption("25");
  await expect(admin.page).toHaveURL(/pageSize=25/);
  await expect(queueRows(admin.page)).toHaveCount(25);
  await admin.page.getByLabel("Order").selectOption("amount:desc");
  await expect(admin.page).toHaveURL(/sort=amount&direction=desc|direction=desc.*sort=amount/);
  const largest = await adminTransactions(admin.page.request, "status=pending&sort=amount&direction=desc&pageSize=1");
  await expect(queueRows(admin.page).first()).toHaveAttribute("data-row-id", largest.items[0]?.id ?? "");
  await admin.page.reload();
  await expect(admin.page.getByLabel("Order")).toHaveValue("amount:desc");
  await expect(admin.page.getByLabel("Rows per page")).toHaveValue("25");

  // The help dialog, from the button and from "?".
  await admin.page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  const help = admin.page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toContainText("Approve the selected request");
  await help.getByRole("button", { name: "Close" }).first().click();
  await expect(help).toHaveCount(0);
  await admin.page.keyboard.press("?");
  await expect(help).toBeVisible();
  await admin.page.keyboard.press("Escape");

  for (const width of [1280, 375]) {
    await admin.page.setViewportSize({ width, height: 800 });
    await admin.page.goto("/admin/transactions");
    await expect(admin.page.getByText("Loading transactions...")).toHaveCount(0);
    await checkScreen(admin.page, `admin-queue-${width}`);
  }
  await admin.context.close();
});

test("keyboard approval: j selects, a opens the confirmation, and the balance changes exactly once", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "jakra");
  const deposit = await requestDeposit(customer.page.request, "20");
  // Credited at its exact amount to pay, a little over 20 USDT (decision 038).
  const credit = depositCredit("20", deposit);
  const admin = await adminBrowser(browser);
  await admin.page.goto("/admin/transactions");
  // Typing in the search box is typing: the username's a, r, j and k move nothing and open nothing.
  await admin.page.getByPlaceholder("Search by user, email, amount or method").click();
  await admin.page.keyboard.type(customer.user.username);
  await expect(admin.page).toHaveURL(new RegExp(`q=${customer.user.username}`));
  await expect(admin.page.getByRole("dialog")).toHaveCount(0);
  await expect(queueRows(admin.page)).toHaveCount(1);
  await expect(queueRows(admin.page).first()).toHaveAttribute("data-row-id", deposit.id);

  // Out of the search box: j selects the row, a asks to confirm.
  await admin.page.getByRole("heading", { level: 1, name: "Manage Transactions" }).click();
  await admin.page.keyboard.press("j");
  await expect(queueRows(admin.page).first()).toHaveAttribute("aria-current", "true");
  await admin.page.keyboard.press("a");
  const confirm = admin.page.getByRole("dialog", { name: "Approve without chain evidence?" });
  // The dialog states the credit and, beside it, the exact amount the customer was asked to send.
  await expect(definitionOf(confirm, "Amount")).toHaveText(credit.shownBdt);
  await expect(definitionOf(confirm, "Pay amount")).toHaveText(credit.payUsdt);
  await expect(confirm).toContainText(customer.user.email);
  // Keys belong to the dialog while it is open: another a moves nothing.
  await admin.page.keyboard.press("a");
  expect((await wallet(customer.page.request)).balance).toBe("0.00");
  // Approving anyway needs a written reason (decision 040).
  await confirm.getByLabel("Why you approve it without the chain's confirmation").fill("Checked the transfer on Tronscan myself");
  await confirm.getByRole("button", { name: "Approve anyway" }).click();
  await expect(admin.page.getByText("Transaction approved successfully!")).toBeVisible();
  // Approved, it leaves the pending queue.
  await expect(admin.page.getByText("No transactions matching the current filters")).toBeVisible();

  expect((await wallet(customer.page.request)).balance).toBe(credit.bdt);
  expect(await completedCount(customer.page.request)).toBe(1);
  // Pressing a again finds nothing to approve: the balance stays as it is.
  await admin.page.keyboard.press("a");
  await expect(admin.page.getByRole("dialog")).toHaveCount(0);
  const approved = await adminTransactions(admin.page.request, `q=${customer.user.username}&status=all`);
  expect(approved.items.map((item) => [item.id, item.status])).toEqual([[deposit.id, "completed"]]);
  expect((await wallet(customer.page.request)).balance).toBe(credit.bdt);
  await customer.context.close();
  await admin.context.close();
});

test("the confirmation comes before any money moves: Cancel leaves the balance and the status as they were", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "confirm");
  const admin = await adminBrowser(browser);
  await fundCustomer(admin.page.request, e2eBaseUrl, customer.id, "5000");
  const withdrawal = await requestWithdrawal(customer.page.request, "1500");

  for (const width of [1280, 375]) {
    await admin.page.setViewportSize({ width, height: 800 });
    await admin.page.goto(`/admin/transactions?q=${customer.user.username}`);
    const record = width === 1280 ? queueRows(admin.page) : admin.page.locator("li[data-row-id]");
    await expect(record).toHaveCount(1);
    if (width === 375) await expectTouchTargets(record);
    await record.getByRole("button", { name: "Approve" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Approve withdrawal" });
    await expect(dialog).toContainText("1,500.00 BDT");
    await expect(dialog).toContainText("bKash 01712-345678");
    await expect(dialog).toContainText(customer.user.email);
    await expect(dialog.getByLabel("bKash TrxID")).toBeVisible();
    await checkScreen(admin.page, `admin-approve-confirmation-${width}`, { fullPage: false });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  }

  expect(await wallet(customer.page.request)).toMatchObject({ balance: "5000.00", availableBalance: "3500.00" });
  const still = await adminTransactions(admin.page.request, `q=${customer.user.username}&status=all&type=withdraw`);
  expect(still.items.map((item) => [item.id, item.status])).toEqual([[withdrawal.id, "pending"]]);
  await customer.context.close();
  await admin.context.close();
});

/** What a dialog's list of terms says for one term (its <dd>), e.g. "Amount" → "2,500.36 BDT". */
function definitionOf(scope: Locator, term: string): Locator {
  return scope
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/** Approve and Reject on a phone's card: at least 44 × 44 px each, with at least 8 px between them. */
async function expectTouchTargets(card: Locator): Promise<void> {
  const approve = await card.getByRole("button", { name: "Approve" }).boundingBox();
  const reject = await card.getByRole("button", { name: "Reject" }).boundingBox();
  expect(approve && reject).toBeTruthy();
  if (!approve || !reject) return;
  for (const box of [approve, reject]) {
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  expect(reject.x - (approve.x + approve.width)).toBeGreaterThanOrEqual(8);
}

/** Every cell of the table's last column (Actions) lies inside the visible box of the table's scroller. */
async function expectActionsInView(page: Page, caption: string): Promise<void> {
  const region = page.getByRole("region", { name: caption });
  const box = await region.boundingBox();
  expect(box).toBeTruthy();
  if (!box) return;
  const cells = region.locator("tr > :last-child");
  const count = await cells.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i += 1) {
    const cell = await cells.nth(i).boundingBox();
    expect(cell, `cell ${i}`).toBeTruthy();
    if (!cell) continue;
    expect(cell.x, `cell ${i} starts inside`).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(cell.x + cell.width, `cell ${i} ends inside`).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  await expect(region.locator("th").last()).toHaveText("Actions");
}

test("no column is cut off at 1280 px: with long reasons, e-mails and methods the Actions stay in view", async ({ browser }) => {
  const long = newUser("longwidthname");
  const context = await browser.newContext();
  const customerPage = await context.newPage();
  const user = { ...long, email: `${"x".repeat(40)}.${long.email}` };
  await signUpViaApi(customerPage, user);
  const admin = await adminBrowser(browser);
  const customerId = await myUserId(customerPage.request);
  await fundCustomer(admin.page.request, e2eBaseUrl, customerId, "9000");
  const reason = "The wallet number does not belong to the account holder named in the profile; ".repeat(5).trim();
  for (let i = 0; i < 3; i += 1) {
    const withdrawal = await requestWithdrawal(customerPage.request, "600");
    const rejected = await admin.page.request.post(`/api/admin/transactions/${withdrawal.id}/reject`, {
      data: { reason },
      headers: originHeaders,
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
  }
  await requestDeposit(customerPage.request, "20");

  await admin.page.goto(`/admin/transactions?status=all&q=${user.username}`);
  await expect(queueRows(admin.page)).toHaveCount(5);
  await expectActionsInView(admin.page, "Transactions");
  // The pending deposit's Approve is in view and can be pressed where it is.
  await expect(queueRows(admin.page).getByRole("button", { name: "Approve" })).toBeInViewport();
  await admin.page.goto("/admin/transactions?status=all");
  await expectActionsInView(admin.page, "Transactions");
  await admin.page.goto(`/admin/users?q=${user.username}`);
  await expect(admin.page.getByRole("region", { name: "Users" })).toContainText(user.email);
  await expectActionsInView(admin.page, "Users");
  await admin.page.goto("/admin/users");
  await expectActionsInView(admin.page, "Users");
  await context.close();
  await admin.context.close();
});

test("a national ID with only its front uploaded waits under Incomplete, says 'Back side missing' in the row and the documents dialog", async ({
  browser,
}) => {
  const customer = await customerInNewBrowser(browser, "frontonly");
  await uploadDocument(customer.page.request, "national_id", "front", idCardPng([37, 99, 235]));
  const admin = await adminBrowser(browser);
  await admin.page.goto(`/admin/verifications?status=incomplete&q=${customer.user.email}`);
  const row = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Back side missing");
  await row.getByRole("button", { name: `View documents of ${customer.user.email}` }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Verification Documents" });
  await expect(dialog.getByText("Back side missing")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // With the back uploaded too, neither says it, and the request is in the default list (Pending).
  await uploadDocument(customer.page.request, "national_id", "back", idCardPng([22, 163, 74]));
  await admin.page.goto(`/admin/verifications?q=${customer.user.email}`);
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText("Back side missing");
  await customer.context.close();
  await admin.context.close();
});
