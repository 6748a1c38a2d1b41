// The customer's side of real volume (docs/decisions/022-sims-as-payout-numbers.md and
// 023-customer-review-receipt-and-drafts.md), as a newcomer meets it in Chromium: the deposit's
// terms before its address, a review and a receipt for each request, the receipt following the
// admin's decision live, honest verification progress, a request kept across an expired session,
// numbers stored as 01XXXXXXXXX however typed, and approved SIMs offered as payout numbers.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { displayBdt, parseBdt } from "#shared/money.ts";

type Playwright = Parameters<Parameters<typeof test>[2]>[0]["playwright"];
import { newUser, signUpViaApi, type TestUser } from "./support/accounts.ts";
import {
  approveWithoutChainEvidence,
  checkScreen,
  idCardPng,
  originHeaders,
  requestDeposit,
  requestWithdrawal,
  uploadDocument,
  uniqueTrxId,
} from "./support/admin.ts";
import { depositCredit, type DepositCredit } from "./support/deposit-credit.ts";
import { e2eBaseUrl } from "./support/e2e-env.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";

// The super admin signs in once for this file, in an API context of its own (its own cookies). A
// sign-in per step met the per-account sign-in throttle when the whole suite ran: the specs before
// this one sign the same admin in too, within the same minute.
let adminRequest: APIRequestContext | undefined;
test.beforeAll(async ({ playwright }) => {
  adminRequest = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  await signInAsSuperAdmin(adminRequest);
});
test.afterAll(async () => {
  await adminRequest?.dispose();
});

/** Runs `work` with the admin's API session. */
async function withAdmin<T>(_playwright: Playwright, work: (admin: APIRequestContext) => Promise<T>): Promise<T> {
  if (!adminRequest) throw new Error("the admin session is made before the tests");
  return work(adminRequest);
}

/** The admin decides a pending withdrawal: paid with this TrxID, or rejected with this reason. */
async function decideWithdrawal(
  playwright: Playwright,
  id: string,
  decision: { payoutReference: string } | { reason: string },
): Promise<void> {
  await withAdmin(playwright, async (admin) => {
    const verb = "payoutReference" in decision ? "approve" : "reject";
    const decided = await admin.post(`/api/admin/transactions/${id}/${verb}`, { data: decision, headers: originHeaders });
    expect(decided.status(), await decided.text()).toBe(200);
  });
}

/** Long enough for a decision's event to have gone out: the server relays within a second. */
const eventRelayed = () => new Promise((resolve) => setTimeout(resolve, 1500));

/**
 * A customer with a little over 2,500.00 BDT: a 20 USDT deposit an admin approved, credited at its exact
 * amount to pay (decision 038).
 */
async function fundedCustomer(page: Page, playwright: Playwright, prefix: string): Promise<{ user: TestUser; credit: DepositCredit }> {
  const user = newUser(prefix);
  await signUpViaApi(page, user);
  const deposit = await requestDeposit(page.request, "20");
  const credit = depositCredit("20", deposit);
  await withAdmin(playwright, async (admin) => {
    const approved = await approveWithoutChainEvidence(admin, deposit.id);
    expect(approved.status(), await approved.text()).toBe(200);
  });
  return { user, credit };
}

async function signInThroughForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

for (const width of [1280, 375] as const) {
  test(`deposit at ${width} px: network, minimum and rate come before the address and QR; below the minimum the form says so and leads to support`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await signUpViaApi(page, newUser(`depositorder${width}`));
    await page.goto("/deposit");
    const terms = page.getByTestId("deposit-terms");
    await expect(terms).toContainText("Minimum deposit: 10 USDT");
    await expect(terms).toContainText("Network: TRC-20 only");
    await expect(terms).toContainText("1 USDT = 125 BDT");
    const address = page.getByTestId("deposit-address");
    const qr = page.getByRole("img", { name: /QR code of the deposit address/ });
    // Ask first, then send (decision 038): the terms come with the request form, and no address or QR
    // is shown until a request has its exact amount to send.
    await expect(page.getByLabel("Amount (USDT)")).toBeVisible();
    await expect(address).toHaveCount(0);
    await expect(qr).toHaveCount(0);

    await page.getByLabel("Amount (USDT)").fill("5");
    await expect(page.getByTestId("you-will-receive")).toHaveCount(0);
    await expect(page.getByTestId("below-minimum")).toBeVisible();
    await checkScreen(page, `customer-volume-deposit-below-minimum-${width}`);
    await page.getByLabel("Amount (USDT)").fill("12");
    await expect(page.getByTestId("below-minimum")).toHaveCount(0);
    await expect(page.getByTestId("you-will-receive")).toHaveText("1,500.00 BDT");
    await checkScreen(page, `customer-volume-deposit-${width}`);

    // The request made, the address and QR come, below the exact amount to send: above on screen and
    // first in the document, what to send is read before where to send it. The terms stay beside them.
    await page.getByRole("button", { name: "Submit Deposit Request" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    const payAmount = page.getByTestId("pay-amount");
    await expect(payAmount).toHaveText(/^12\.\d+ USDT$/);
    await expect(address).toBeVisible();
    await expect(qr).toBeVisible();
    const payBox = (await payAmount.boundingBox())!;
    for (const later of [address, qr]) {
      const box = (await later.boundingBox())!;
      expect(payBox.y + payBox.height).toBeLessThanOrEqual(box.y);
    }
    const payFirst = await page.evaluate(() => {
      const payNode = document.querySelector('[data-testid="pay-amount"]')!;
      const addressNode = document.querySelector('[data-testid="deposit-address"]')!;
      return Boolean(payNode.compareDocumentPosition(addressNode) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(payFirst).toBe(true);
    await expect(terms).toContainText("Minimum deposit: 10 USDT");
    await page.getByRole("button", { name: "Make another deposit" }).click();

    // A customer who already sent too little: the public contact form, its message started for them.
    await page.getByRole("link", { name: "I sent less than the minimum" }).click();
    await expect(page).toHaveURL(/\/contact\?/);
    await expect(page.getByLabel("Subject")).toHaveValue("Technical Support");
    await expect(page.locator("#contact-message")).toHaveValue(/below the minimum of 10 USDT/);
    await expect(page.locator("#contact-email")).toHaveValue("");
  });
}

test("withdrawal: review with Back, one request even when the answer is lost, a receipt that follows the admin's decision live, and every row opens it", async ({
  page,
  playwright,
}) => {
  const { credit } = await fundedCustomer(page, playwright, "review");
  await page.goto("/withdraw");
  await expect(page.getByTestId("available-balance")).toHaveText(credit.shownBdt);
  await page.getByLabel("Wallet type").selectOption("bKash");
  await page.getByLabel("Wallet number").fill("+880 1712-345678");
  await page.getByLabel("Amount (BDT)").fill("600");
  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  const question = page.getByRole("heading", { name: "Send 600.00 BDT to bKash 01712-345678?" });
  await expect(question).toBeVisible();

  // Back keeps what was typed.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Wallet number")).toHaveValue("+880 1712-345678");
  await expect(page.getByLabel("Amount (BDT)")).toHaveValue("600");

  // The first answer is lost on the way back: the request was made, the browser does not know.
  let lost = false;
  await page.route("**/api/withdrawals", async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  for (const w of [1280, 375] as const) {
    await page.setViewportSize({ width: w, height: w === 375 ? 812 : 800 });
    await checkScreen(page, `customer-volume-withdrawal-review-${w}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(/^Failed to submit withdrawal request/)).toBeVisible();
  // Sent again unchanged: the same Idempotency-Key, so the server answers the first request.
  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Withdrawal request submitted successfully!")).toBeVisible();
  await expect(page.getByTestId("available-balance")).toHaveText(displayBdt(credit.poisha - parseBdt("600")));
  const withdrawals = (await (await page.request.get("/api/transactions?type=withdraw")).json()) as {
    total: number;
    items: { id: string; reference: string }[];
  };
  expect(withdrawals.total).toBe(1);
  // Typed with +880, spaces and a dash; stored as 01XXXXXXXXX.
  expect(withdrawals.items[0]!.reference).toBe("bKash:01712345678");
  const id = withdrawals.items[0]!.id;

  const receipt = page.getByTestId("transaction-receipt");
  await expect(page.getByRole("heading", { name: "Withdrawal request submitted" })).toBeVisible();
  await expect(page.getByTestId("receipt-reference")).toHaveText(id);
  await expect(page.getByTestId("receipt-status")).toContainText("Pending");
  await expect(receipt).toContainText("15-30 minutes during business hours");
  await expect(receipt).toContainText("bKash 01712-345678");
  for (const w of [1280, 375] as const) {
    await page.setViewportSize({ width: w, height: w === 375 ? 812 : 800 });
    await checkScreen(page, `customer-volume-withdrawal-receipt-${w}`);
    // The number stays on one line.
    const number = receipt.getByText("01712-345678");
    const box = (await number.boundingBox())!;
    expect(box.height).toBeLessThan(30);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The receipt's own page, live: the admin pays it with a TrxID.
  await page.getByRole("link", { name: "View transaction" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${id}$`));
  // The receipt's own page, not the one on Withdraw, which shows until this page has loaded.
  await expect(page.getByRole("heading", { level: 1, name: "Withdraw receipt" })).toBeVisible();
  await expect(page.getByTestId("receipt-status")).toContainText("Pending");
  const trxId = uniqueTrxId("VOL");
  await decideWithdrawal(playwright, id, { payoutReference: trxId });
  await expect(page.getByTestId("receipt-status")).toContainText("Completed");
  await expect(page.getByTestId("receipt-payout-reference")).toHaveText(trxId);
  await expect(page.getByTestId("transaction-receipt")).not.toContainText("15-30 minutes");

  // Every row of Transactions opens its receipt, on a phone too.
  await page.goto("/transactions");
  await page.getByRole("row").filter({ hasText: credit.shownBdt }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Deposit receipt" })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/transactions");
  await page.getByRole("list", { name: "Transactions" }).getByRole("link").filter({ hasText: "600.00 BDT" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Withdraw receipt" })).toBeVisible();

  // Someone else's id, or no id at all: not found, never an error page.
  await page.goto("/transactions/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Transaction not found")).toBeVisible();
  await page.goto("/transactions/not-an-id");
  await expect(page.getByText("Transaction not found")).toBeVisible();
});

test("a receipt whose live stream was refused, then broke, still catches up with the admin's decisions when the stream is back", async ({
  page,
  playwright,
}) => {
  await fundedCustomer(page, playwright, "catchup");
  const first = await requestWithdrawal(page.request, "600");
  const second = await requestWithdrawal(page.request, "700");

  // The first stream is refused (a busy server: 503), which the browser never retries by itself.
  // Later, a stream ends at once (a restart, a proxy's timeout), which the browser does retry. Each
  // stream asked for after a failure waits at the door until the admin has decided: the decision's
  // event goes out while this page has no stream, and never reaches it.
  let asked = 0;
  let firstPaid: () => void = () => {};
  let secondRejected: () => void = () => {};
  const decided = [new Promise<void>((resolve) => (firstPaid = resolve)), new Promise<void>((resolve) => (secondRejected = resolve))];
  await page.route("**/api/events", async (route) => {
    const nth = ++asked;
    if (nth === 1) return route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"message":"busy"}}' });
    if (nth === 3) return route.fulfill({ status: 200, contentType: "text/event-stream", body: "retry: 500\n\n" });
    if (nth === 2 || nth === 4) {
      await decided[nth === 2 ? 0 : 1];
      await eventRelayed();
    }
    return route.continue();
  });
  await page.goto(`/transactions/${first.id}`);
  await expect(page.getByTestId("receipt-status")).toContainText("Pending");
  await expect.poll(() => asked).toBe(2);
  const trxVOLB = uniqueTrxId("VOLB");
  await decideWithdrawal(playwright, first.id, { payoutReference: trxVOLB });
  firstPaid();
  // Once its stream is open, the page asks again for what it shows.
  await expect(page.getByTestId("receipt-status")).toContainText("Completed");
  await expect(page.getByTestId("receipt-payout-reference")).toHaveText(trxVOLB);

  // A new page, a new stream: it ends at once, and the browser's own retry waits at the door.
  await page.goto(`/transactions/${second.id}`);
  await expect(page.getByTestId("receipt-status")).toContainText("Pending");
  await expect.poll(() => asked).toBe(4);
  await decideWithdrawal(playwright, second.id, { reason: "Wallet number does not match the account name" });
  secondRejected();
  await expect(page.getByTestId("receipt-status")).toContainText("Rejected");
  await expect(page.getByTestId("transaction-receipt")).toContainText("Wallet number does not match the account name");
});

test("a receipt opened just as the admin decides shows the decision: its first answer, from before it, is asked again", async ({
  page,
  playwright,
}) => {
  await fundedCustomer(page, playwright, "race");
  const withdrawal = await requestWithdrawal(page.request, "800");

  // The receipt's first read is answered before the approval but reaches the page after the
  // approval's event, which is how the last CI run met it by chance.
  let reads = 0;
  let approved: () => void = () => {};
  const approval = new Promise<void>((resolve) => (approved = resolve));
  await page.route(`**/api/transactions/${withdrawal.id}`, async (route) => {
    reads += 1;
    if (reads > 1) return route.continue();
    const beforeTheApproval = await route.fetch();
    await approval;
    await eventRelayed(); // the approval's event reaches the page meanwhile
    // The page may have given up this read by then; answering it is then refused, which is fine.
    await route.fulfill({ response: beforeTheApproval }).catch(() => undefined);
  });
  const streamOpen = page.waitForResponse((response) => response.url().endsWith("/api/events"));
  await page.goto(`/transactions/${withdrawal.id}`);
  await streamOpen;
  await expect.poll(() => reads).toBe(1);
  const trxVOLC = uniqueTrxId("VOLC");
  await decideWithdrawal(playwright, withdrawal.id, { payoutReference: trxVOLC });
  approved();
  await expect(page.getByTestId("receipt-status")).toContainText("Completed");
  await expect(page.getByTestId("receipt-payout-reference")).toHaveText(trxVOLC);
});

test("an expired session keeps the withdrawal: sign in again and the form is filled, with the reason", async ({
  page,
  playwright,
  context,
}) => {
  const { user } = await fundedCustomer(page, playwright, "draft");
  await page.goto("/withdraw");
  await page.getByLabel("Wallet type").selectOption("Nagad");
  await page.getByLabel("Wallet number").fill("01812-345678");
  await page.getByLabel("Amount (BDT)").fill("750.50");
  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  // The session ends while the review is open: its cookie is gone.
  await context.clearCookies();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("You must be logged in to make a withdrawal")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/withdraw$/);
  await expect(page.getByText("Your session expired. We kept your request; check it and send again.")).toBeVisible();
  await expect(page.getByLabel("Wallet type")).toHaveValue("Nagad");
  await expect(page.getByLabel("Wallet number")).toHaveValue("01812-345678");
  await expect(page.getByLabel("Amount (BDT)")).toHaveValue("750.50");
  // Nothing was sent meanwhile; sending now makes the one request.
  expect(((await (await page.request.get("/api/transactions?type=withdraw")).json()) as { total: number }).total).toBe(0);
  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  await expect(page.getByRole("heading", { name: "Send 750.50 BDT to Nagad 01812-345678?" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Withdrawal request submitted successfully!")).toBeVisible();
  // Kept once: opening the form again starts empty.
  await page.reload();
  await expect(page.getByText("Your session expired. We kept your request; check it and send again.")).toHaveCount(0);
  await expect(page.getByLabel("Amount (BDT)")).toHaveValue("");
});

for (const width of [1280, 375] as const) {
  test(`verification at ${width} px: one side of a two-sided ID is '1 of 2 sides uploaded', not 'being reviewed'`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await signUpViaApi(page, newUser(`sides${width}`));
    await uploadDocument(page.request, "national_id", "front", idCardPng([4, 120, 87]));
    await page.goto("/verification");
    await expect(page.getByTestId("verification-message")).toHaveText("1 of 2 sides uploaded");
    await expect(page.getByText("Your documents are being reviewed.")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Upload the back side" })).toBeVisible();
    await checkScreen(page, `customer-volume-verification-progress-${width}`);

    await uploadDocument(page.request, "national_id", "back", idCardPng([4, 120, 87]));
    await page.reload();
    await expect(page.getByTestId("verification-message")).toHaveText("Your documents are being reviewed.");
  });
}

test("SIMs: the page says what a SIM is for; +880 is stored as 01…; an approved SIM is offered on Withdraw for its wallet", async ({
  page,
  playwright,
}) => {
  await fundedCustomer(page, playwright, "simpayout");
  await page.goto("/sims");
  await expect(page.getByTestId("sims-purpose")).toContainText("saved as a payout number");
  await page.getByLabel("Phone number").fill("+880 1911-223344");
  await page.getByLabel("Wallet type").selectOption("Personal");
  await page.getByLabel("Operator").selectOption("Nagad");
  await page.getByRole("button", { name: "Add SIM" }).click();
  await expect(page.getByText("SIM added successfully! Waiting for admin approval.")).toBeVisible();
  const sims = (await (await page.request.get("/api/sims")).json()) as { items: { id: string; phoneNumber: string; operator: string }[] };
  expect(sims.items).toEqual([expect.objectContaining({ phoneNumber: "01911223344", operator: "Nagad" })]);
  const row = page.getByRole("list", { name: "Your SIMs" }).getByRole("listitem");
  await expect(row).toContainText("01911-223344");
  await expect(row).toContainText("Personal · Nagad");

  // Pending: not offered yet.
  await page.goto("/withdraw");
  await expect(page.getByRole("group", { name: "Your approved numbers" })).toHaveCount(0);

  await withAdmin(playwright, async (admin) => {
    const list = await admin.get("/api/admin/sims?q=01911223344");
    const item = ((await list.json()) as { items: { id: string; operator: string; history: unknown }[] }).items.find(
      (sim) => sim.id === sims.items[0]!.id,
    );
    // The admin sees the operator and the number's history before approving.
    expect(item).toMatchObject({ operator: "Nagad", history: { withdrawals: 0, withdrawalsByOthers: 0, otherAccounts: 0 } });
    const approved = await admin.patch(`/api/admin/sims/${sims.items[0]!.id}`, { data: { status: "active" }, headers: originHeaders });
    expect(approved.status(), await approved.text()).toBe(200);
  });

  await page.reload();
  const offered = page.getByRole("group", { name: "Your approved numbers" });
  await page.getByLabel("Wallet type").selectOption("bKash");
  await expect(offered).toHaveCount(0);
  await page.getByLabel("Wallet type").selectOption("Nagad");
  await offered.getByRole("button", { name: /01911-223344/ }).click();
  await expect(page.getByLabel("Wallet number")).toHaveValue("01911223344");
  await page.getByLabel("Amount (BDT)").fill("500");
  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  await expect(page.getByRole("heading", { name: "Send 500.00 BDT to Nagad 01911-223344?" })).toBeVisible();
});
