// Four eyes before the payout, and crediting what arrived (docs/product.md, Back office › Transactions),
// as two operations admins at 1280 px take them in Chromium, each in a browser of their own:
// - admin A approves a 30,000 BDT withdrawal: the dialog says a second admin must confirm before
//   anyone pays and asks for no TrxID; admin B sees "Awaiting second approval — requested by A" with
//   Confirm, confirms (a dialog that says no money moves yet); both see "Ready to pay"; the customer
//   sees "Approved, being paid"; A pays with a TrxID and the customer sees it completed with it.
// - a deposit claimed at 50 USDT whose transfer brought 45 USDT: "Credit what arrived (5,625.00 BDT)"
//   is the first choice, and the customer's balance rises by exactly 45 × 125 BDT.
// Both admins are created by the super admin (neither appointed the other) and enrolled in two-factor
// sign-in; the server runs with NEW_ADMIN_COOLDOWN_HOURS=0. Screenshots of both screens at the key
// steps go to /tmp/four-eyes-*.png.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { newUser, signUpViaApi, type TestUser } from "./support/accounts.ts";
import {
  appointAdmin,
  uniqueTrxId,
  myUserId,
  originHeaders,
  randomTxid,
  requestDeposit,
  requestWithdrawal,
  sendOnChain,
} from "./support/admin.ts";
import { e2eBaseUrl } from "./support/e2e-env.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";

const viewport = { width: 1280, height: 800 };
type Admin = { context: BrowserContext; page: Page; username: string };

/** An admin created by the super admin, enrolled in two-factor sign-in, signed in in a browser of its own. */
async function newAdmin(browser: Browser, superAdmin: APIRequestContext, name: string): Promise<Admin> {
  const username = `${name}${randomUUID().slice(0, 6)}`;
  const context = await browser.newContext({ viewport });
  await appointAdmin(superAdmin, context.request, { email: `${username}@example.test`, password: "Four-Eyes-Operator-2026" });
  return { context, page: await context.newPage(), username };
}

async function customerBrowser(
  browser: Browser,
  prefix: string,
): Promise<{ context: BrowserContext; page: Page; user: TestUser; id: string }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const user = newUser(prefix);
  await signUpViaApi(page, user);
  return { context, page, user, id: await myUserId(page.request) };
}

/** Funds a customer through a balance adjustment by `maker`; at or above the threshold it waits for `checker`'s confirmation. */
async function fund(maker: APIRequestContext, checker: APIRequestContext, customerId: string, amount: string): Promise<void> {
  const adjusted = await maker.post(`/api/admin/users/${customerId}/balance-adjustments`, {
    data: { direction: "add", amount, note: "e2e funds" },
    headers: originHeaders,
  });
  expect([201, 202], await adjusted.text()).toContain(adjusted.status());
  if (adjusted.status() === 201) return;
  const { id } = (await adjusted.json()) as { id: string };
  const confirmed = await checker.post(`/api/admin/second-approvals/${id}/confirm`, { headers: originHeaders });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function showTransactionsOf(page: Page, user: TestUser): Promise<void> {
  await page.goto(`/admin/transactions?status=all&q=${user.username}`);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Transactions" })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

async function shoot(admins: { a: Admin; b: Admin }, step: string): Promise<void> {
  await admins.a.page.screenshot({ path: `/tmp/four-eyes-${step}-admin-a.png` });
  await admins.b.page.screenshot({ path: `/tmp/four-eyes-${step}-admin-b.png` });
}

test("a 30,000 BDT withdrawal: A asks, B confirms, nobody pays before; then A pays with the TrxID", async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const superAdmin = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  await signInAsSuperAdmin(superAdmin);
  const a = await newAdmin(browser, superAdmin, "opsa");
  const b = await newAdmin(browser, superAdmin, "opsb");
  const customer = await customerBrowser(browser, "foureyes");
  await fund(a.context.request, b.context.request, customer.id, "31000");
  const withdrawal = await requestWithdrawal(customer.page.request, "30000");

  // A: Approve asks for a second admin first, and for no TrxID.
  await showTransactionsOf(a.page, customer.user);
  const rowA = a.page.locator(`tr[data-row-id="${withdrawal.id}"]`);
  await expect(rowA).toContainText("30,000.00 BDT");
  await expect(rowA).toContainText("bKash 01712-345678");
  await rowA.getByRole("button", { name: "Approve" }).click();
  const ask = a.page.getByRole("dialog", { name: "Approve withdrawal" });
  await expect(ask).toContainText("A second admin must confirm before anyone pays");
  await expect(ask.getByLabel("bKash TrxID")).toHaveCount(0);
  await expect(ask.getByRole("button", { name: "Request second approval" })).toBeFocused();
  await showTransactionsOf(b.page, customer.user);
  await shoot({ a, b }, "1-request");
  await ask.getByRole("button", { name: "Request second approval" }).click();
  await expect(a.page.getByText("Sent for a second approval: the withdrawal waits for a second admin")).toBeVisible();
  await expect(rowA).toContainText("Awaiting second approval — requested by you");
  await expect(rowA.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(rowA.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  await expect(rowA.getByRole("button", { name: "Withdraw request" })).toBeVisible();

  // B: the same row, awaiting, with Confirm and Decline, and no Approve.
  const rowB = b.page.locator(`tr[data-row-id="${withdrawal.id}"]`);
  await expect(rowB).toContainText(`Awaiting second approval — requested by ${a.username}`);
  await expect(rowB.getByRole("button", { name: "Confirm" })).toBeVisible();
  await expect(rowB.getByRole("button", { name: "Decline" })).toBeVisible();
  await expect(rowB.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await shoot({ a, b }, "2-awaiting");
  // The customer sees one state from the first approval on.
  await customer.page.goto("/transactions");
  await expect(customer.page.getByText("Approved, being paid").first()).toBeVisible();

  // B confirms: the dialog says it pays nothing.
  await rowB.getByRole("button", { name: "Confirm" }).click();
  const confirm = b.page.getByRole("dialog", { name: "Confirm this withdrawal?" });
  await expect(confirm).toContainText("Confirming lets an admin pay this withdrawal. No money moves yet.");
  await expect(confirm).not.toContainText("Pay ");
  await expect(confirm.getByRole("button", { name: "Confirm request" })).toBeFocused();
  await b.page.screenshot({ path: "/tmp/four-eyes-3-confirm-dialog-admin-b.png" });
  await confirm.getByRole("button", { name: "Confirm request" }).click();
  await expect(b.page.getByText("Confirmed: the withdrawal is ready to pay.")).toBeVisible();
  await expect(rowB).toContainText("Ready to pay");
  await expect(rowA).toContainText("Ready to pay");
  await expect(rowA.getByRole("button", { name: "Pay" })).toBeVisible();
  await shoot({ a, b }, "4-ready");
  // Still pending: no money moved, and the customer still sees it being paid.
  const wallet = (await (await customer.page.request.get("/api/wallet")).json()) as { balance: string; heldBalance: string };
  expect(wallet).toMatchObject({ balance: "31000.00", heldBalance: "30000.00" });
  await customer.page.reload();
  await expect(customer.page.getByText("Approved, being paid").first()).toBeVisible();

  // A pays, then records the TrxID: the withdrawal is completed.
  await rowA.getByRole("button", { name: "Pay" }).click();
  const pay = a.page.getByRole("dialog", { name: "Pay withdrawal" });
  await expect(pay.getByLabel("bKash TrxID")).toBeFocused();
  const trxId = uniqueTrxId("FEP");
  await a.page.keyboard.type(trxId);
  await shoot({ a, b }, "5-pay");
  await a.page.keyboard.press("Enter");
  await expect(a.page.getByText("Paid: the withdrawal is completed.")).toBeVisible();
  await expect(rowA).toContainText("Approved");
  await expect(rowA).toContainText(trxId);
  await expect(rowB).toContainText(trxId);
  await shoot({ a, b }, "6-paid");

  await customer.page.reload();
  await expect(customer.page.getByText(trxId).first()).toBeVisible();
  await customer.page.screenshot({ path: "/tmp/four-eyes-7-customer.png" });
  const paid = (await (await customer.page.request.get("/api/wallet")).json()) as { balance: string; heldBalance: string };
  expect(paid).toMatchObject({ balance: "1000.00", heldBalance: "0.00" });

  await superAdmin.dispose();
  for (const context of [a.context, b.context, customer.context]) await context.close();
});

test("a deposit whose transfer brought 45 of 50 USDT: 'Credit what arrived' comes first and credits exactly 45 × 125 BDT", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const superAdmin = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  await signInAsSuperAdmin(superAdmin);
  const a = await newAdmin(browser, superAdmin, "opsc");
  const customer = await customerBrowser(browser, "arrived");
  const txid = randomTxid();
  const deposit = await requestDeposit(customer.page.request, "50", { fromAddress: null, txid });
  await sendOnChain(customer.page.request, { amount: "45", from: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", txid });
  await expect
    .poll(
      async () =>
        ((await (await a.context.request.get(`/api/admin/transactions/${deposit.id}`)).json()) as { chain: { state: string } | null }).chain
          ?.state,
      {
        timeout: 30_000,
      },
    )
    .toBe("amount_differs");
  const before = (await (await customer.page.request.get("/api/wallet")).json()) as { balance: string };

  await showTransactionsOf(a.page, customer.user);
  const row = a.page.locator(`tr[data-row-id="${deposit.id}"]`);
  await expect(row).toContainText("Amount differs");
  await row.getByRole("button", { name: "Approve" }).click();
  const dialog = a.page.getByRole("dialog");
  const choices = dialog.getByRole("radio");
  await expect(choices.first()).toHaveAccessibleName("Credit what arrived (5,625.00 BDT)");
  await expect(choices.first()).toBeChecked();
  // Approving the claimed amount instead needs a reason.
  await dialog.getByRole("radio", { name: /^Approve anyway/ }).check();
  await expect(dialog.getByLabel("Why you approve it without the chain's confirmation")).toBeVisible();
  await a.page.screenshot({ path: "/tmp/four-eyes-8-differs-anyway.png" });
  await dialog.getByRole("radio", { name: "Credit what arrived (5,625.00 BDT)" }).check();
  await a.page.screenshot({ path: "/tmp/four-eyes-9-differs-credit.png" });
  await dialog.getByRole("button", { name: "Credit 5,625.00 BDT" }).click();
  await expect(a.page.getByText("Credited what arrived: 5,625.00 BDT.")).toBeVisible();

  const after = (await (await customer.page.request.get("/api/wallet")).json()) as { balance: string };
  expect(Math.round(Number(after.balance) * 100) - Math.round(Number(before.balance) * 100)).toBe(45 * 125 * 100);
  await expect(row).toContainText("5,625.00 BDT");
  await superAdmin.dispose();
  for (const context of [a.context, customer.context]) await context.close();
});
