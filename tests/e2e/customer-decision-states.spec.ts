// The customer's side of the decisions that cannot go wrong (docs/product.md, Customer area ›
// Transactions): one clear state for each deposit and withdrawal, at 375 px in Bangla and at 1280 px
// in English. A withdrawal of 25,000 BDT that one admin approves (202: a second admin must confirm)
// reads "Approved, being paid" on the Dashboard, in Transactions and on its receipt, live, and keeps
// reading it once confirmed, until an admin pays it with its TrxID. A deposit whose named TXID comes
// on the chain with another amount (the TronGrid simulator) says what arrived and that an admin
// credits it, without promising a time; credited for what arrived, it shows what was asked, what came
// and what was credited. Screens are checked by axe and kept as /tmp/customer-states-*.png.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, test, type APIRequestContext, type APIResponse, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { bengaliDigits, displayBdt, displayBdtBangla, parseBdt } from "#shared/money.ts";
import { newUser, signUpViaApi } from "./support/accounts.ts";
import {
  appointAdmin,
  uniqueTrxId,
  myUserId,
  originHeaders,
  randomTronAddress,
  randomTxid,
  requestDeposit,
  sendOnChain,
} from "./support/admin.ts";
import { seriousAxeViolations } from "./support/axe.ts";
import { readPo } from "./support/catalogs.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";

type Language = "en" | "bn";
const layouts = [
  { width: 375, height: 812, language: "bn" },
  { width: 1280, height: 800, language: "en" },
] as const;

// The customer area's Bangla, from its own catalogs (the back office words some of the same English differently).
const customerCatalogs = ["customer", "common"].flatMap((area) => readPo(path.resolve(`src/web/locales/bn/${area}.po`)));

/** A message as the customer reads it: the English text or its Bangla, its {placeholders} filled. */
function says(language: Language, english: string, values: Record<string, string> = {}): string {
  let text = english;
  if (language === "bn") {
    const entry = customerCatalogs.find(({ id, context }) => id === english && context === undefined);
    if (!entry || entry.translation === "") throw new Error(`no Bangla for ${JSON.stringify(english)}`);
    text = entry.translation;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** '5,625.00 BDT' / '৫,৬২৫.০০ ৳'. */
function bdt(language: Language, amount: string): string {
  return language === "bn" ? displayBdtBangla(parseBdt(amount)) : displayBdt(parseBdt(amount));
}

/** A USDT amount as the screens write it: six decimals without trailing zeros, never fewer than two, in the language's digits. */
function usdt(language: Language, amount: string): string {
  const [whole, fraction = ""] = amount.split(".");
  const figure = `${whole}.${fraction.replace(/0+$/, "").padEnd(2, "0")}`;
  return `${language === "bn" ? bengaliDigits(figure) : figure} USDT`;
}

async function screen(page: Page, name: string): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `/tmp/customer-states-${name}.png`, fullPage: true });
}

async function customerBrowser(browser: Browser, layout: (typeof layouts)[number]) {
  const context = await browser.newContext({ viewport: { width: layout.width, height: layout.height } });
  const page = await context.newPage();
  const user = newUser(`cds${layout.width}`);
  await signUpViaApi(page, user);
  const chose = await page.request.put("/api/me/language", { data: { language: layout.language }, headers: originHeaders });
  expect(chose.status(), await chose.text()).toBe(200);
  return { context, page, user, id: await myUserId(page.request) };
}

async function superAdminBrowser(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInAsSuperAdmin(context.request);
  return context;
}

/**
 * A second admin, appointed by the super admin and enrolled in two-factor sign-in. It makes the first
 * approvals; the super admin confirms them (an admin never confirms a request of the admin who appointed it;
 * the run's admins, minutes old, may confirm because playwright.config.ts sets no cooldown).
 */
async function appointedAdmin(browser: Browser, superAdmin: APIRequestContext): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await appointAdmin(superAdmin, context.request, {
    email: `cds-${randomUUID().slice(0, 8)}@example.test`,
    password: "Second-Pair-Of-Eyes-2026",
  });
  return context;
}

/** A decision that answered 202 (a second admin must confirm) is confirmed by the other admin; 200 or 201 needs nothing more. */
async function confirmedIfAsked(response: APIResponse, checker: APIRequestContext): Promise<void> {
  expect([200, 201, 202], await response.text()).toContain(response.status());
  if (response.status() !== 202) return;
  const { id } = (await response.json()) as { id: string };
  const confirmed = await checker.post(`/api/admin/second-approvals/${id}/confirm`, { headers: originHeaders });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** Credits a customer through the back office's API; a 202 (a second admin must confirm) is confirmed by `checker`. */
async function fund(admin: APIRequestContext, userId: string, amount: string, checker: APIRequestContext): Promise<void> {
  const response = await admin.post(`/api/admin/users/${userId}/balance-adjustments`, {
    data: { direction: "add", amount, note: "e2e funds" },
    headers: originHeaders,
  });
  await confirmedIfAsked(response, checker);
}

/** The customer's rows for this transaction: the Dashboard's list and the Transactions page (cards on a phone, a table wider). */
function transactionsRow(page: Page, width: number) {
  return width < 768 ? page.getByRole("listitem") : page.getByRole("row");
}

for (const layout of layouts) {
  const { width, language } = layout;

  test(`an approved withdrawal reads 'Approved, being paid' until it is paid (${width} px, ${language})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const superAdmin = await superAdminBrowser(browser);
    const maker = await appointedAdmin(browser, superAdmin.request);
    const customer = await customerBrowser(browser, layout);

    // 30,000 BDT: the appointed admin's adjustment, which the super admin confirms (the super admin's own
    // adjustments of the run add up, and nobody it appointed may confirm them).
    await fund(maker.request, customer.id, "30000", superAdmin.request);
    const withdrawal = await customer.page.request.post("/api/withdrawals", {
      data: { walletType: "bKash", walletNumber: "01712345678", amount: "25000" },
      headers: { ...originHeaders, "idempotency-key": randomUUID() },
    });
    expect(withdrawal.status(), await withdrawal.text()).toBe(201);
    const { id } = (await withdrawal.json()) as { id: string };

    const beingPaid = says(language, "Approved, being paid");
    const onItsWay = says(language, "An admin approved it. The money is on its way to your {wallet} number.", { wallet: "bKash" });
    const pending = says(language, "Pending");

    // Before any admin: plain Pending.
    await customer.page.goto("/dashboard");
    const recent = customer.page.getByRole("list", { name: says(language, "Recent transactions") });
    await expect(recent.getByRole("listitem").first()).toContainText(pending);
    await expect(recent).not.toContainText(beingPaid);

    // One admin approves: at or above the threshold a second admin must confirm before anyone pays (202, no TrxID).
    const first = await maker.request.post(`/api/admin/transactions/${id}/approve`, { data: {}, headers: originHeaders });
    expect(first.status(), await first.text()).toBe(202);
    const secondApproval = (await first.json()) as { id: string };

    // The open dashboard follows, never reloaded.
    const row = recent.getByRole("listitem").first();
    await expect(row).toContainText(beingPaid);
    await expect(row).toContainText(onItsWay);
    await expect(row).not.toContainText(pending);
    await screen(customer.page, `being-paid-dashboard-${width}-${language}`);

    await customer.page.goto("/transactions");
    const listed = transactionsRow(customer.page, width).filter({ hasText: beingPaid });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(onItsWay);
    await screen(customer.page, `being-paid-transactions-${width}-${language}`);

    await customer.page.goto(`/transactions/${id}`);
    const receipt = customer.page.getByTestId("transaction-receipt");
    await expect(customer.page.getByTestId("receipt-status")).toHaveText(beingPaid);
    await expect(receipt.getByTestId("decision-notice")).toHaveText(onItsWay);
    await screen(customer.page, `being-paid-receipt-${width}-${language}`);

    // The second admin confirms: the withdrawal is ready to pay, and the customer still reads the same one state.
    const confirmed = await superAdmin.request.post(`/api/admin/second-approvals/${secondApproval.id}/confirm`, { headers: originHeaders });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await customer.page.reload();
    await expect(customer.page.getByTestId("receipt-status")).toHaveText(beingPaid);

    // Paid with its TrxID: Completed, and the payout under it, live.
    const trxId = uniqueTrxId("CDS");
    const paid = await maker.request.post(`/api/admin/transactions/${id}/approve`, {
      data: { payoutReference: trxId },
      headers: originHeaders,
    });
    expect(paid.status(), await paid.text()).toBe(200);
    await expect(customer.page.getByTestId("receipt-status")).toHaveText(says(language, "Completed"));
    await expect(customer.page.getByTestId("receipt-payout-reference")).toHaveText(trxId);
    await expect(receipt.getByTestId("decision-notice")).toHaveCount(0);

    await customer.context.close();
    await maker.close();
    await superAdmin.close();
  });

  test(`a transfer of another amount: what arrived, then credited for it (${width} px, ${language})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const superAdmin = await superAdminBrowser(browser);
    const customer = await customerBrowser(browser, layout);

    // The request names its TXID; the transfer with that TXID comes with 45 USDT instead of the amount to pay.
    const txid = randomTxid();
    const deposit = await requestDeposit(customer.page.request, "50", { fromAddress: null, txid });
    const payAmount = deposit.payAmount!;
    await sendOnChain(customer.page.request, { amount: "45", from: randomTronAddress(), txid });
    await expect
      .poll(
        async () => {
          const detail = await superAdmin.request.get(`/api/admin/transactions/${deposit.id}`);
          return ((await detail.json()) as { chain: { state: string } | null }).chain?.state;
        },
        { timeout: 30_000 },
      )
      .toBe("amount_differs");

    const differs = says(
      language,
      "We received {received}, not the {asked} you asked to pay. An admin will credit what arrived; you don't need to do anything. If you sent more in another transfer, contact support with its TXID.",
      { received: usdt(language, "45"), asked: usdt(language, payAmount) },
    );
    const sendExactly = says(language, "Send exactly {amount}", { amount: usdt(language, payAmount) });

    await customer.page.goto("/transactions");
    const listed = transactionsRow(customer.page, width).filter({ has: customer.page.getByTestId("decision-notice") });
    await expect(listed).toHaveCount(1);
    await expect(listed.getByTestId("decision-notice")).toHaveText(differs);
    await expect(listed).toContainText(says(language, "Pending"));
    // Nothing invites a second transfer.
    await expect(listed).not.toContainText(sendExactly);
    await screen(customer.page, `amount-differs-transactions-${width}-${language}`);

    await customer.page.goto(`/transactions/${deposit.id}`);
    const receipt = customer.page.getByTestId("transaction-receipt");
    await expect(receipt.getByTestId("decision-notice")).toHaveText(differs);
    // No promised time: an admin credits what arrived.
    await expect(receipt).not.toContainText(says(language, "Expected"));
    await screen(customer.page, `amount-differs-receipt-${width}-${language}`);

    // An admin credits what arrived: 45 USDT at 125 BDT. The open receipt follows.
    const credit = await superAdmin.request.post(`/api/admin/transactions/${deposit.id}/approve`, {
      data: { credit: "received" },
      headers: originHeaders,
    });
    expect(credit.status(), await credit.text()).toBe(200);
    const credited = says(language, "Asked to pay {asked} · Received {received} · Credited {credited}", {
      asked: usdt(language, payAmount),
      received: usdt(language, "45"),
      credited: bdt(language, "5625.00"),
    });
    // Completed, and 'Received on chain' beside it: the transfer is now this deposit's.
    await expect(customer.page.getByTestId("receipt-status")).toContainText(says(language, "Completed"));
    await expect(receipt.getByTestId("decision-notice")).toHaveText(credited);
    await screen(customer.page, `credited-received-receipt-${width}-${language}`);

    await customer.page.goto("/dashboard");
    await expect(customer.page.getByTestId("balance")).toHaveText(bdt(language, "5625.00"));
    const recent = customer.page.getByRole("list", { name: says(language, "Recent transactions") });
    await expect(recent.getByTestId("decision-notice")).toHaveText(credited);
    await screen(customer.page, `credited-received-dashboard-${width}-${language}`);

    await customer.context.close();
    await superAdmin.close();
  });
}
