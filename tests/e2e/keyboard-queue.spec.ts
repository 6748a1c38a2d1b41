// The transactions queue by keyboard alone (docs/product.md, Back office › Transactions): 20 pending
// requests, deposits confirmed on the chain and withdrawals below the four-eyes threshold, cleared
// with j, a, Enter and the typed TrxIDs, never the mouse. After each decision the selection moves to
// the row that took its place, and each dialog opens on what there is to do (the TrxID field, or the
// approve button), so a decision costs at most 4 key presses plus the TrxID. The count is printed.
import { randomBytes, randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { newUser } from "./support/accounts.ts";
import {
  appointAdmin,
  uniqueTrxId,
  originHeaders,
  randomTronAddress,
  requestDeposit,
  requestWithdrawal,
  sendOnChain,
} from "./support/admin.ts";
import { e2eBaseUrl } from "./support/e2e-env.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";

const customers = 10; // each makes one deposit and one withdrawal: 20 requests
const maxPressesPerDecision = 4;

/** A fresh admin, created by the super admin and enrolled in two-factor sign-in, in a browser of its own: no decisions of its own today. */
async function freshAdminBrowser(browser: Browser, superAdmin: APIRequestContext): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await appointAdmin(superAdmin, context.request, {
    email: `keys-${randomUUID().slice(0, 8)}@example.test`,
    password: "Keyboard-Only-Operator-2026",
  });
  return { context, page: await context.newPage() };
}

/** One customer with a pending deposit (its exact amount sent on the chain) and a pending withdrawal of 500 BDT. */
async function customerWithTwoRequests(
  playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } },
  funder: APIRequestContext,
  prefix: string,
): Promise<{ depositId: string; withdrawalId: string }> {
  const request = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  const user = newUser(prefix);
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: { email: user.email, password: user.password, username: user.username, country: user.country },
    headers: originHeaders,
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const me = (await (await request.get("/api/me")).json()) as { id: string };
  const funds = await funder.post(`/api/admin/users/${me.id}/balance-adjustments`, {
    data: { direction: "add", amount: "600", note: "e2e funds" },
    headers: originHeaders,
  });
  expect(funds.status(), await funds.text()).toBe(201);
  const from = randomTronAddress();
  const deposit = await requestDeposit(request, "10", { fromAddress: from });
  await sendOnChain(request, { amount: deposit.payAmount!, from, txid: randomBytes(32).toString("hex") });
  const withdrawal = await requestWithdrawal(request, "500");
  await request.dispose();
  return { depositId: deposit.id, withdrawalId: withdrawal.id };
}

test("20 requests cleared by keyboard only: at most 4 presses a decision, plus the TrxIDs", async ({ browser, playwright }) => {
  test.setTimeout(240_000);
  const superAdmin = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  await signInAsSuperAdmin(superAdmin);
  // A unique prefix: the search shows only this journey's rows.
  const prefix = `kq${randomBytes(3).toString("hex")}`;
  const requests: { depositId: string; withdrawalId: string }[] = [];
  // A funding admin of its own: one admin's adjustments add up over 24 hours towards the four-eyes threshold,
  // and 10 × 600 BDT from a fresh one stays below it, whatever other journeys of the run adjusted.
  const funder = await freshAdminBrowser(browser, superAdmin);
  for (let i = 0; i < customers; i += 1) requests.push(await customerWithTwoRequests(playwright, funder.context.request, prefix));
  await funder.context.close();
  const deposits = new Set(requests.map((r) => r.depositId));
  // The watcher (polling every 5 s) confirms each deposit's transfer: "Approve deposit" asks no question then.
  for (const id of deposits)
    await expect
      .poll(
        async () =>
          ((await (await superAdmin.get(`/api/admin/transactions/${id}`)).json()) as { chain: { state: string } | null }).chain?.state,
        {
          timeout: 30_000,
        },
      )
      .toBe("confirmed");

  const admin = await freshAdminBrowser(browser, superAdmin);
  const page = admin.page;
  await page.goto(`/admin/transactions?q=${prefix}`);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Transactions" })).toBeVisible();
  const rows = page.locator("tr[data-row-id]");
  await expect(rows).toHaveCount(10);

  let presses = 0;
  let trxIdCharacters = 0;
  const press = async (key: string) => {
    presses += 1;
    await page.keyboard.press(key);
  };
  const selected = page.locator('tr[data-row-id][aria-current="true"]');

  await press("j");
  for (let decision = 1; decision <= 2 * customers; decision += 1) {
    await expect(selected).toHaveCount(1);
    const id = (await selected.getAttribute("data-row-id"))!;
    await press("a");
    if (deposits.has(id)) {
      const dialog = page.getByRole("dialog", { name: "Approve deposit" });
      await expect(dialog).toBeVisible();
      // The dialog opens on its main button, never on Cancel.
      await expect(dialog.getByRole("button", { name: "Approve deposit" })).toBeFocused();
    } else {
      const dialog = page.getByRole("dialog", { name: "Approve withdrawal" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("bKash TrxID")).toBeFocused();
      const trxId = uniqueTrxId("KEY");
      trxIdCharacters += trxId.length;
      await page.keyboard.type(trxId);
    }
    await press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The decided row leaves the pending queue, and the one that took its place is selected.
    await expect(page.locator(`tr[data-row-id="${id}"]`)).toHaveCount(0);
    if (decision < 2 * customers) await expect(selected).not.toHaveAttribute("data-row-id", id);
  }
  await expect(page.getByText("No transactions matching the current filters")).toBeVisible();

  const decisions = 2 * customers;
  console.log(
    `Cleared ${decisions} requests with ${presses} key presses (${(presses / decisions).toFixed(2)} a decision), plus the TrxIDs (${trxIdCharacters} characters for ${customers} payouts).`,
  );
  expect(presses).toBeLessThanOrEqual(maxPressesPerDecision * decisions);
  await superAdmin.dispose();
  await admin.context.close();
});
