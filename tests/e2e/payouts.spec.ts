// Payouts with proof, reasons the customer sees, e-mail on decisions and four eyes on big money
// (docs/product.md; docs/decisions/020-payouts-reasons-email-four-eyes.md), as admins and customers
// take them in Chromium: a withdrawal approved with its bKash TrxID shows "Paid · bKash TrxID …" to
// the customer, who also gets the e-mail (read from the server's .eml outbox and rendered here); a
// rejected withdrawal shows its reason; a verification rejected with "Photo is blurred" shows the
// reason and leads to a new upload; a 30,000 BDT adjustment moves no money until a second admin
// confirms it. Each screen is checked by axe at 1280 px and 375 px and kept as a screenshot
// (tests/e2e/screenshots with UPDATE_SCREENSHOTS=1, as the other specs).
import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { newUser, signUpViaApi, type TestUser } from "./support/accounts.ts";
import {
  appointAdmin,
  checkScreen,
  idCardPng,
  myUserId,
  originHeaders,
  requestWithdrawal,
  screenshotDir,
  uploadDocument,
  uniqueTrxId,
} from "./support/admin.ts";
import { e2eOutboxDir, e2eBaseUrl } from "./support/e2e-env.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";
import { fundCustomer } from "./support/funding.ts";

const widths = [1280, 375] as const;

async function adminBrowser(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInAsSuperAdmin(context.request);
  return { context, page: await context.newPage() };
}

async function customerBrowser(
  browser: Browser,
  prefix: string,
): Promise<{ context: BrowserContext; page: Page; user: TestUser; id: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const user = newUser(prefix);
  await signUpViaApi(page, user);
  return { context, page, user, id: await myUserId(page.request) };
}

/** Credits a customer through the back office's API, by a funding admin (support/funding.ts). */
async function credit(admin: APIRequestContext, userId: string, amount: string): Promise<void> {
  await fundCustomer(admin, e2eBaseUrl, userId, amount);
}

/** A second admin, created by the super admin and enrolled in two-factor sign-in, signed in in a browser of its own. */
async function secondAdminBrowser(browser: Browser, superAdmin: APIRequestContext): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await appointAdmin(superAdmin, context.request, {
    email: `checker-${randomUUID().slice(0, 8)}@example.test`,
    password: "Second-Pair-Of-Eyes-2026",
  });
  return { context, page: await context.newPage() };
}

/** The raw .eml the server wrote for this address with this subject (waiting for the outbox sender). */
async function mailTo(email: string, subject: string): Promise<string> {
  const safe = email.replace(/[^A-Za-z0-9@._-]/g, "_");
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(e2eOutboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${safe}.eml`));
        for (const file of files) {
          const raw = await readFile(path.join(e2eOutboxDir, file), "utf8");
          if (unfoldHeaders(raw).includes(`Subject: ${subject}`)) found = raw;
        }
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail to ${email}: ${subject}` },
    )
    .toBe(true);
  return found!;
}

function unfoldHeaders(raw: string): string {
  return raw.replace(/\r?\n[ \t]+/g, " ");
}

/** The message's part of this type, decoded (quoted-printable or base64), as a mail client shows it. */
function partOf(raw: string, type: "text/plain" | "text/html"): string {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  expect(boundary, "a multipart message").toBeTruthy();
  const part = raw.split(`--${boundary}`).find((p) => new RegExp(`Content-Type: ${type}`, "i").test(p));
  expect(part, `a ${type} part`).toBeTruthy();
  const [head, ...body] = part!.split(/\r?\n\r?\n/);
  const content = body.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(head!)) return content;
  const bytes = content.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
}

/** The customer's transactions of every status: the list opens as the Pending queue (decision 021), and these journeys follow rows past their decisions. */
async function showTransactionsOf(page: Page, user: TestUser): Promise<void> {
  await page.goto(`/admin/transactions?status=all&q=${user.username}`);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Transactions" })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test("a withdrawal approved with its bKash TrxID: the customer sees 'Paid · bKash TrxID …' and gets the e-mail; a rejected one shows its reason", async ({
  browser,
}) => {
  const admin = await adminBrowser(browser);
  const customer = await customerBrowser(browser, "payout");
  await credit(admin.context.request, customer.id, "2000");
  const paid = await requestWithdrawal(customer.page.request, "750");
  const refused = await requestWithdrawal(customer.page.request, "600");
  const trxId = uniqueTrxId("PAY");

  // The approve dialog asks for the TrxID and checks it before anything is sent.
  await showTransactionsOf(admin.page, customer.user);
  const row = admin.page.getByRole("row").filter({ hasText: "750.00 BDT" });
  await row.getByRole("button", { name: "Approve" }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Approve withdrawal" });
  await expect(dialog.getByLabel("bKash TrxID")).toBeVisible();
  await dialog.getByLabel("bKash TrxID").fill("9K3L-Q2");
  await dialog.getByRole("button", { name: "Approve withdrawal" }).click();
  await expect(dialog.getByText("Payout reference must be 8 to 20 letters and digits")).toBeVisible();
  await dialog.getByLabel("bKash TrxID").fill(trxId.toLowerCase());
  for (const width of widths) {
    await admin.page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await checkScreen(admin.page, `payout-approve-dialog-${width}`, { fullPage: false });
  }
  await admin.page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Approve withdrawal" }).click();
  await expect(admin.page.getByText("Transaction approved successfully!")).toBeVisible();
  await expect(row).toContainText(trxId);

  // The second one is rejected with a reason the customer will read.
  const second = admin.page.getByRole("row").filter({ hasText: "600.00 BDT" });
  await second.getByRole("button", { name: "Reject" }).click();
  const reject = admin.page.getByRole("dialog", { name: "Reject transaction" });
  await reject.getByLabel("Reason (optional)").fill("The bKash number is not in your name");
  await reject.getByRole("button", { name: "Reject transaction" }).click();
  await expect(admin.page.getByText("Transaction rejected successfully!")).toBeVisible();

  // The customer's list shows where the money went, and why the other was refused.
  await customer.page.goto("/transactions");
  // Wide screens show a table and phones a list; only the one on screen counts.
  const outcomes = customer.page.locator("[data-testid=transaction-outcome]:visible");
  await expect(outcomes.filter({ hasText: `Paid · bKash TrxID ${trxId}` }).first()).toBeVisible();
  await expect(outcomes.filter({ hasText: "Rejected: The bKash number is not in your name" }).first()).toBeVisible();
  for (const width of widths) {
    await customer.page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expect(outcomes.filter({ hasText: `Paid · bKash TrxID ${trxId}` }).first()).toBeVisible();
    await checkScreen(customer.page, `payout-customer-rows-${width}`);
  }
  await customer.page.goto("/dashboard");
  await expect(outcomes.filter({ hasText: `Paid · bKash TrxID ${trxId}` }).first()).toBeVisible();

  // The e-mail: one message for the payout, naming the TrxID; rendered as the customer's mail client would.
  const mail = await mailTo(customer.user.email, "Your withdrawal of 750.00 BDT has been paid");
  expect(partOf(mail, "text/plain")).toContain(trxId);
  const html = partOf(mail, "text/html");
  expect(html).toContain(trxId);
  await mailTo(customer.user.email, "Your withdrawal request was rejected");
  const mailPage = await customer.context.newPage();
  for (const width of widths) {
    await mailPage.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await mailPage.setContent(html);
    await expect(mailPage.getByText(trxId).first()).toBeVisible();
    await mailPage.screenshot({ path: `${screenshotDir}/payout-email-${width}.png`, fullPage: true });
  }
  expect(paid.id).not.toBe(refused.id);
  await customer.context.close();
  await admin.context.close();
});

test("a verification rejected with 'Photo is blurred': the customer reads the reason and uploads again", async ({ browser }) => {
  const customer = await customerBrowser(browser, "blurred");
  await uploadDocument(customer.page.request, "national_id", "front", idCardPng([4, 120, 87]));
  await uploadDocument(customer.page.request, "national_id", "back", idCardPng([30, 64, 175]));

  const admin = await adminBrowser(browser);
  await admin.page.goto("/admin/verifications");
  await admin.page.getByPlaceholder("Search by email or name...").fill(customer.user.email);
  const row = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Reject verification of ${customer.user.email}` }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Reject verification" });
  // "Other…" needs words of its own.
  await dialog.getByRole("radio", { name: "Other…" }).check();
  await dialog.getByRole("button", { name: "Reject verification", exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: "Photo is blurred" }).check();
  await dialog.getByRole("button", { name: "Reject verification", exact: true }).click();
  await expect(admin.page.getByText("Verification rejected")).toBeVisible();

  await customer.page.goto("/verification");
  await expect(customer.page.getByTestId("verification-reject-reason")).toHaveText(/Reason: Photo is blurred/);
  for (const width of widths) {
    await customer.page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await checkScreen(customer.page, `verification-rejected-reason-${width}`);
  }
  await customer.page.setViewportSize({ width: 1280, height: 800 });
  await mailTo(customer.user.email, "Your identity verification was rejected");

  // "Upload new documents" leads to the upload form; a new front side puts the request back in review.
  await customer.page.getByRole("button", { name: "Upload new documents" }).click();
  const front = customer.page.getByRole("region", { name: "Front side" });
  await expect(front).toBeInViewport();
  await front.getByRole("button", { name: /^Replace/ }).click();
  await front
    .getByLabel("Front side image file")
    .setInputFiles({ name: "sharper-front.png", mimeType: "image/png", buffer: idCardPng([22, 101, 52]) });
  await front.getByRole("button", { name: /^Upload/ }).click();
  await expect(customer.page.getByText("Document uploaded successfully")).toBeVisible();
  await expect(customer.page.getByTestId("verification-message")).toHaveText("Your documents are being reviewed.");
  await expect(customer.page.getByTestId("verification-reject-reason")).toHaveCount(0);
  await customer.context.close();
  await admin.context.close();
});

test("a 30,000 BDT adjustment waits for a second admin: no money moves until another admin confirms", async ({ browser }) => {
  // Two admins the super admin appointed: neither confirms a request of the admin who appointed
  // them (decision 040), so the maker is not the super admin.
  const appointer = await adminBrowser(browser);
  const maker = await secondAdminBrowser(browser, appointer.context.request);
  const customer = await customerBrowser(browser, "foureyes");
  await customer.page.goto("/dashboard");
  await expect(customer.page.getByTestId("balance")).toHaveText("0.00 BDT");

  await maker.page.goto("/admin/users");
  await maker.page.getByPlaceholder("Search by email, username or name...").fill(customer.user.email);
  const row = maker.page.getByRole("row").filter({ hasText: customer.user.email });
  await row.getByRole("button", { name: /Adjust balance/ }).click();
  const adjust = maker.page.getByRole("dialog", { name: "Adjust balance" });
  await adjust.getByLabel("Amount (BDT)").fill("30000");
  await adjust.getByLabel("Note (optional)").fill("Refund of a failed payout");
  await adjust.getByRole("button", { name: "Add to balance" }).click();
  await expect(maker.page.getByText("Sent for a second approval: another admin must confirm it.")).toBeVisible();
  await expect(row).toContainText("0.00 BDT");

  // The maker sees the request in the queue but cannot confirm it.
  await maker.page.goto("/admin/second-approvals");
  await expect(maker.page.getByRole("heading", { level: 1, name: "Second approvals" })).toBeVisible();
  const mine = maker.page.getByRole("row").filter({ hasText: customer.user.username });
  await expect(mine).toContainText("30,000.00");
  await expect(mine).toContainText("Your request: another admin confirms it.");
  await expect(mine.getByRole("button", { name: `Confirm request for ${customer.user.username}` })).toHaveCount(0);
  // Nor through the API: the server refuses the requester.
  const listed = await maker.context.request.get("/api/admin/second-approvals");
  const request = ((await listed.json()) as { items: { id: string; username: string }[] }).items.find(
    (item) => item.username === customer.user.username,
  );
  expect(request).toBeTruthy();
  const own = await maker.context.request.post(`/api/admin/second-approvals/${request!.id}/confirm`, { headers: originHeaders });
  expect(own.status()).toBe(403);
  await expect(customer.page.getByTestId("balance")).toHaveText("0.00 BDT");

  // The dashboard shows the queue.
  await maker.page.goto("/admin/dashboard");
  await expect(maker.page.getByText("Awaiting second approval").first()).toBeVisible();

  // A second admin confirms: now the money moves, and the customer's balance rises live.
  const checker = await secondAdminBrowser(browser, appointer.context.request);
  await checker.page.goto("/admin/second-approvals");
  const awaiting = checker.page.getByRole("row").filter({ hasText: customer.user.username });
  await expect(awaiting.getByRole("button", { name: `Confirm request for ${customer.user.username}` })).toBeVisible();
  for (const width of widths) {
    await checker.page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expect(checker.page.getByText(customer.user.username).first()).toBeVisible();
    await checkScreen(checker.page, `second-approvals-queue-${width}`);
  }
  await checker.page.setViewportSize({ width: 1280, height: 800 });
  await awaiting.getByRole("button", { name: `Confirm request for ${customer.user.username}` }).click();
  await checker.page.getByRole("dialog", { name: "Confirm and move the money?" }).getByRole("button", { name: "Confirm request" }).click();
  await expect(checker.page.getByText("Confirmed: the balance adjustment is booked.")).toBeVisible();
  await expect(customer.page.getByTestId("balance")).toHaveText("30,000.00 BDT");

  // Confirming again is refused: the money moved once.
  const again = await checker.context.request.post(`/api/admin/second-approvals/${request!.id}/confirm`, { headers: originHeaders });
  expect(again.status()).toBe(409);
  await customer.page.reload();
  await expect(customer.page.getByTestId("balance")).toHaveText("30,000.00 BDT");
  await checker.context.close();
  await customer.context.close();
  await maker.context.close();
  await appointer.context.close();
});
