// The back office's journeys (docs/product.md, Back office), as an operator takes them in Chromium:
// the admin login with its code step, money decisions seen live by the customer in another browser,
// the admin's own deposit, SIM and verification that only another admin may decide, verifications,
// SIMs, suspension, admin accounts with two-factor enrolment, password change, the audit log, and
// every admin screen at 1280 px and 375 px checked by axe and kept as a screenshot.
//
// The super admin is the one first-admin.setup.ts created and enrolled; this file signs in as it
// once, through the login screen, and shares that browser state between its tests.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { displayBdt, formatBdt, parseBdt } from "#shared/money.ts";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { newUser, signUpViaApi } from "./support/accounts.ts";
import {
  addSim,
  approveWithoutChainEvidence,
  checkScreen,
  expectAudited,
  freshTotpCode,
  idCardPng,
  customerInNewBrowser,
  originHeaders,
  requestDeposit,
  requestWithdrawal,
  superAdminTotpUri,
  totpCode,
  uploadDocument,
} from "./support/admin.ts";
import { depositCredit } from "./support/deposit-credit.ts";
import { e2eDataDir } from "./support/e2e-env.ts";
import { superAdmin } from "./support/super-admin.ts";

const adminState = path.join(e2eDataDir, "e2e-admin-spec-state.json");

/** Signs in at /admin/login with e-mail, password and the authenticator code. */
async function signInThroughLoginScreen(page: Page, email: string, password: string, code: () => Promise<string>): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await page.getByLabel("Authentication code").fill(await code());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const totpUri = await superAdminTotpUri();
  await signInThroughLoginScreen(page, superAdmin.email, superAdmin.password, () => Promise.resolve(totpCode(totpUri)));
  await context.storageState({ path: adminState });
  await context.close();
});

async function adminPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: adminState });
  return { context, page: await context.newPage() };
}

async function searchTransactions(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder("Search by user, email, amount or method").fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

test("approving a deposit raises the customer's balance in their open dashboard, without reload", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "apprdep");
  const deposit = await requestDeposit(customer.page.request, "20");
  // The credit is the request's exact amount to pay at the rate, a little over 2,500.00 BDT (decision 038).
  const credit = depositCredit("20", deposit);
  await customer.page.goto("/dashboard");
  await expect(customer.page.getByTestId("balance")).toHaveText("0.00 BDT");

  const admin = await adminPage(browser);
  await admin.page.goto("/admin/transactions");
  await expect(admin.page.getByRole("heading", { level: 1, name: "Manage Transactions" })).toBeVisible();
  await searchTransactions(admin.page, customer.user.username);
  const row = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Deposit");
  await expect(row).toContainText(credit.shownBdt);
  await expect(row).toContainText(`${credit.payUsdt} from`);
  await expect(row).toContainText("Pending");
  // Nothing was sent on the chain: the admin is asked first, and approves anyway.
  await expect(row).toContainText("Not seen on chain yet");
  await row.getByRole("button", { name: "Approve" }).click();
  const ask = admin.page.getByRole("dialog", { name: "Approve without chain evidence?" });
  await expect(ask).toContainText("This deposit is not confirmed on chain.");
  await expect(ask).toContainText("Not seen on chain yet");
  // Approving anyway needs a written reason (decision 040).
  await ask.getByLabel("Why you approve it without the chain's confirmation").fill("Checked the transfer on Tronscan myself");
  await ask.getByRole("button", { name: "Approve anyway" }).click();
  await expect(admin.page.getByText("Transaction approved successfully!")).toBeVisible();
  // The list opens as the Pending queue (decision 021): the approved row leaves it; all statuses show it approved.
  await expect(admin.page.getByText("No transactions matching the current filters")).toBeVisible();
  await admin.page.getByLabel("Status").selectOption("all");
  await expect(row.getByText("Approved", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Approve" })).toHaveCount(0);

  await expect(customer.page.getByTestId("balance")).toHaveText(credit.shownBdt);

  // A second approval of the same row is refused by the server (here straight through the API).
  const again = await approveWithoutChainEvidence(admin.page.request, deposit.id);
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe("ALREADY_PROCESSED");

  await expectAudited(admin.page, "transaction.approved", "Transaction approved", deposit.id.slice(0, 8));
  await customer.context.close();
  await admin.context.close();
});

test("rejecting a withdrawal restores the customer's available balance", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "rejwd");
  const admin = await adminPage(browser);
  const deposit = await requestDeposit(customer.page.request, "20");
  const credit = depositCredit("20", deposit);
  const afterHold = credit.poisha - parseBdt("500");
  const approved = await approveWithoutChainEvidence(admin.page.request, deposit.id);
  expect(approved.status()).toBe(200);
  const withdrawal = await requestWithdrawal(customer.page.request, "500");
  const wallet = await customer.page.request.get("/api/wallet");
  expect(await wallet.json()).toMatchObject({ balance: credit.bdt, availableBalance: formatBdt(afterHold), heldBalance: "500.00" });
  await customer.page.goto("/withdraw");
  await expect(customer.page.getByTestId("available-balance")).toHaveText(displayBdt(afterHold));

  await admin.page.goto("/admin/transactions");
  await admin.page.getByLabel("Type").selectOption("withdraw");
  await admin.page.getByLabel("Status").selectOption("pending");
  await searchTransactions(admin.page, customer.user.username);
  const row = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Withdraw");
  await expect(row).toContainText("500.00 BDT");
  // The wallet and its number, whole and grouped.
  await expect(row).toContainText("bKash 01712-345678");
  await row.getByRole("button", { name: "Reject" }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Reject transaction" });
  await dialog.getByLabel("Reason (optional)").fill("Wallet number does not match the account holder");
  await dialog.getByRole("button", { name: "Reject transaction" }).click();
  await expect(admin.page.getByText("Transaction rejected successfully!")).toBeVisible();
  // The pending filter no longer shows it; all statuses show it rejected, with the reason.
  await expect(admin.page.getByText("No transactions matching the current filters")).toBeVisible();
  await admin.page.getByLabel("Status").selectOption("all");
  await expect(row.getByText("Rejected", { exact: true }).last()).toBeVisible();
  await expect(row).toContainText("Wallet number does not match the account holder");

  await expect(customer.page.getByTestId("available-balance")).toHaveText(credit.shownBdt);
  await expectAudited(admin.page, "transaction.rejected", "Transaction rejected", withdrawal.id.slice(0, 8));
  await customer.context.close();
  await admin.context.close();
});

test("an admin decides nothing on their own account: their own pending deposit has no Approve or Reject, and says why", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  // An admin is a customer too (a profile, a wallet): with their own session they ask for a deposit,
  // add a SIM and upload a document, as anyone would.
  const deposit = await requestDeposit(admin.page.request, "12.5");
  // Its reference names the exact amount to pay, "12.5037 USDT from T…" (decision 038).
  const { payUsdt } = depositCredit("12.5", deposit);
  const phone = `016${String(Date.now()).slice(-8)}`;
  const sim = await addSim(admin.page.request, phone, "Personal");
  await uploadDocument(admin.page.request, "passport", "front", idCardPng([124, 58, 237]));
  const note = "Your own account: another admin decides.";

  // The rule is the server's: the screen below only spares a button that cannot work.
  const ownAccount = { error: { code: "FORBIDDEN", message: "You cannot decide on your own account." } };
  for (const response of [
    await approveWithoutChainEvidence(admin.page.request, deposit.id),
    await admin.page.request.post(`/api/admin/transactions/${deposit.id}/reject`, { headers: originHeaders }),
    await admin.page.request.patch(`/api/admin/sims/${sim.id}`, { data: { status: "active" }, headers: originHeaders }),
  ]) {
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual(ownAccount);
  }

  for (const width of [1280, 375] as const) {
    await admin.page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    // Phones show each record as a card (a list item), wider screens a table row.
    const recordOf = (text: string) => admin.page.getByRole(width === 375 ? "listitem" : "row").filter({ hasText: text });

    await admin.page.goto("/admin/transactions");
    await admin.page.getByPlaceholder("Search by user, email, amount or method").fill(superAdmin.email);
    await expect(admin.page).toHaveURL(/q=firstadmin/);
    const own = recordOf(`${payUsdt} from`);
    await expect(own).toHaveCount(1);
    await expect(own).toContainText("Pending");
    await expect(own.getByText(note)).toBeVisible();
    await expect(own.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(own.getByRole("button", { name: "Reject" })).toHaveCount(0);
    await checkScreen(admin.page, `admin-own-transaction-${width}`);

    await admin.page.goto("/admin/users");
    await admin.page.getByPlaceholder("Search by email, username or name...").fill(superAdmin.email);
    const me = recordOf(superAdmin.email);
    await expect(me).toHaveCount(1);
    await expect(me.getByText(note)).toBeVisible();
    await expect(me.getByRole("button")).toHaveCount(0);
    await expect(me.getByRole("link", { name: "Edit your profile" })).toHaveAttribute("href", "/profile");
    await checkScreen(admin.page, `admin-own-user-${width}`);

    await admin.page.goto("/admin/sims");
    await admin.page.getByPlaceholder(/Search by phone number/).fill(phone);
    const ownSim = recordOf(phone);
    await expect(ownSim).toHaveCount(1);
    await expect(ownSim.getByText(note)).toBeVisible();
    await expect(ownSim.getByRole("button")).toHaveCount(0);
    await checkScreen(admin.page, `admin-own-sim-${width}`);

    await admin.page.goto("/admin/verifications");
    await admin.page.getByPlaceholder("Search by email or name...").fill(superAdmin.email);
    const ownVerification = recordOf(superAdmin.email);
    await expect(ownVerification).toHaveCount(1);
    await expect(ownVerification.getByText(note)).toBeVisible();
    // Their own documents they may look at; nothing to approve, reject or edit.
    await expect(ownVerification.getByRole("button", { name: /View documents/ })).toBeVisible();
    await expect(ownVerification.getByRole("button", { name: /^(Approve|Reject)|Manage Profile/ })).toHaveCount(0);
    await checkScreen(admin.page, `admin-own-verification-${width}`);
  }
  await admin.context.close();
});

test("approving a verification makes the customer 'Verified'; documents and profile dialogs", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "kyc");
  await uploadDocument(customer.page.request, "national_id", "front", idCardPng([4, 120, 87]));
  await uploadDocument(customer.page.request, "national_id", "back", idCardPng([30, 64, 175]));
  await customer.page.goto("/verification");
  await expect(customer.page.getByText("Your documents are being reviewed.")).toBeVisible();

  const admin = await adminPage(browser);
  await admin.page.goto("/admin/verifications");
  await expect(admin.page.getByRole("button", { name: "Pending" })).toHaveAttribute("aria-pressed", "true");
  await admin.page.getByPlaceholder("Search by email or name...").fill(customer.user.email);
  const row = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("N/A");
  await expect(row).toContainText("national id");
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);

  await row.getByRole("button", { name: /View documents/ }).click();
  const documents = admin.page.getByRole("dialog", { name: "Verification Documents" });
  await expect(documents.getByText("Review uploaded identification documents")).toBeVisible();
  await expect(documents.getByRole("img", { name: "national id front" })).toBeVisible();
  await expect(documents.getByRole("img", { name: "national id back" })).toBeVisible();
  await expect(documents.getByText("national id front", { exact: true })).toBeVisible();
  await documents.getByRole("button", { name: "Close" }).click();

  await row.getByRole("button", { name: /Manage Profile/ }).click();
  const profile = admin.page.getByRole("dialog", { name: "User Profile" });
  await expect(profile.getByText("View and update user information")).toBeVisible();
  await expect(profile.getByLabel("Document Number")).toHaveAttribute("placeholder", "ID/Passport number");
  await profile.getByLabel("Full Name").fill("Rahima Khatun");
  await profile.getByLabel("Phone Number").fill("01712345678");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(admin.page.getByText("User profile updated successfully")).toBeVisible();
  await expect(row).toContainText("Rahima Khatun");

  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(admin.page.getByText("Verification approved")).toBeVisible();
  await admin.page.getByRole("button", { name: "Approved" }).click();
  await expect(row).toContainText("Approved");
  await expect(row.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /^Reject/ })).toBeVisible();

  await expect(customer.page.getByText("Your identity has been verified successfully.")).toBeVisible();
  await expect(customer.page.getByText("Verified", { exact: true }).first()).toBeVisible();

  await expectAudited(admin.page, "verification.approved", "Verification approved", customer.id);
  await expectAudited(admin.page, "user.profile_updated", "User profile updated", customer.id.slice(0, 8));
  await customer.context.close();
  await admin.context.close();
});

test("approving a SIM disables the customer's delete button; reject and delete", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "sim");
  const phone = `017${String(Date.now()).slice(-8)}`;
  const other = `018${String(Date.now()).slice(-8)}`;
  const sim = await addSim(customer.page.request, phone, "Personal");
  await addSim(customer.page.request, other, "Merchant");
  await customer.page.goto("/sims");
  const removeButton = customer.page.getByRole("button", { name: `Remove SIM ${phone}` });
  await expect(removeButton).toBeEnabled();

  const admin = await adminPage(browser);
  await admin.page.goto("/admin/sims");
  // The list opens as the Pending queue (decision 021); this journey follows the SIMs past their decisions.
  await expect(admin.page.getByLabel("Status")).toHaveValue("pending");
  await admin.page.getByLabel("Status").selectOption("all");
  await admin.page.getByPlaceholder(/Search by phone number/).fill(customer.user.username);
  const row = admin.page.getByRole("row").filter({ hasText: phone });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("Personal");
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(admin.page.getByText("SIM approved successfully!")).toBeVisible();
  await expect(row).toContainText("Active");

  await expect(removeButton).toBeDisabled();

  const otherRow = admin.page.getByRole("row").filter({ hasText: other });
  await otherRow.getByRole("button", { name: /^Reject/ }).click();
  await expect(admin.page.getByText("SIM rejected successfully!")).toBeVisible();
  await expect(otherRow).toContainText("Rejected");
  await otherRow.getByRole("button", { name: /^Delete/ }).click();
  const confirm = admin.page.getByRole("dialog", { name: "Delete this SIM?" });
  await confirm.getByRole("button", { name: "Delete SIM" }).click();
  await expect(admin.page.getByText("SIM deleted successfully!")).toBeVisible();
  await expect(otherRow).toHaveCount(0);
  await expect(customer.page.getByText(other)).toHaveCount(0);

  await expectAudited(admin.page, "sim.approved", "SIM approved", sim.id.slice(0, 8));
  await expectAudited(admin.page, "sim.deleted", "SIM deleted", other);
  await customer.context.close();
  await admin.context.close();
});

test("users: balance adjustments, and suspending a customer signs them out and stops their sign-in", async ({ browser }) => {
  const customer = await customerInNewBrowser(browser, "susp");
  await customer.page.goto("/dashboard");
  await expect(customer.page.getByTestId("balance")).toHaveText("0.00 BDT");

  const admin = await adminPage(browser);
  await admin.page.goto("/admin/users");
  await admin.page.getByPlaceholder("Search by email, username or name...").fill(customer.user.email);
  const row = admin.page.getByRole("row").filter({ hasText: customer.user.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customer.user.username);
  await expect(row).toContainText("0.00 BDT");
  await expect(row).toContainText("Not Verified");
  await expect(row).toContainText("Active");

  // Balance adjustments: the form's message, 'Insufficient balance' from the server, then an add.
  await row.getByRole("button", { name: /Adjust balance/ }).click();
  const adjust = admin.page.getByRole("dialog", { name: "Adjust balance" });
  await adjust.getByRole("button", { name: "Add to balance" }).click();
  await expect(adjust.getByText("Please enter a valid amount")).toBeVisible();
  await adjust.getByText("Subtract", { exact: true }).click();
  await adjust.getByLabel("Amount (BDT)").fill("50");
  await adjust.getByRole("button", { name: "Subtract from balance" }).click();
  // The server's message, as a toast and under the amount.
  await expect(admin.page.getByRole("region", { name: /Notifications/ }).getByText("Insufficient balance")).toBeVisible();
  await expect(adjust.locator("#adjust-amount-error")).toHaveText("Insufficient balance");
  await adjust.getByText("Add", { exact: true }).click();
  await adjust.getByLabel("Amount (BDT)").fill("1250.50");
  await adjust.getByLabel("Note (optional)").fill("Goodwill credit");
  await adjust.getByRole("button", { name: "Add to balance" }).click();
  await expect(admin.page.getByText("Balance updated successfully")).toBeVisible();
  await expect(row).toContainText("1,250.50 BDT");
  await expect(customer.page.getByTestId("balance")).toHaveText("1,250.50 BDT");

  await row.getByRole("button", { name: /^Suspend/ }).click();
  await admin.page.getByRole("dialog", { name: "Suspend this user?" }).getByRole("button", { name: "Suspend user" }).click();
  await expect(admin.page.getByText("User suspended successfully!")).toBeVisible();
  await expect(row).toContainText("Suspended");

  // The customer's session is gone: the next page load is the sign-in screen, and signing in is refused.
  await customer.page.reload();
  await expect(customer.page).toHaveURL(/\/login$/);
  await customer.page.getByLabel("Email").fill(customer.user.email);
  await customer.page.getByLabel("Password", { exact: true }).fill(customer.user.password);
  await customer.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(customer.page.getByText("Your account has been suspended. Please contact support.").first()).toBeVisible();
  await expect(customer.page).toHaveURL(/\/login$/);

  await row.getByRole("button", { name: /^Activate/ }).click();
  await expect(admin.page.getByText("User activated successfully!")).toBeVisible();
  await expect(row).toContainText("Active");
  const signIn = await customer.page.request.post("/api/auth/sign-in/email", {
    data: { email: customer.user.email, password: customer.user.password },
    headers: originHeaders,
  });
  expect(signIn.status()).toBe(200);

  await expectAudited(admin.page, "balance.adjusted", "Balance adjusted", "Goodwill credit");
  await expectAudited(admin.page, "user.suspended", "User suspended", customer.id.slice(0, 8));
  await expectAudited(admin.page, "user.activated", "User activated", customer.id.slice(0, 8));
  await customer.context.close();
  await admin.context.close();
});

test("a super admin creates an admin, who enrols two-factor sign-in, cannot create another, and changes their password", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await adminPage(browser);
  const created = { email: newUser("opsadmin").email, password: "Operations-Desk-2025!" };

  await admin.page.goto("/admin/settings");
  await expect(admin.page.getByRole("heading", { level: 1, name: "Admin Settings" })).toBeVisible();
  await admin.page.getByRole("button", { name: "Create New Admin" }).click();
  const form = admin.page.getByRole("region", { name: "Create New Admin" });
  await form.getByRole("button", { name: "Create Admin" }).click();
  await expect(form.getByText("Invalid email address")).toBeVisible();
  await expect(form.getByText("Password must be at least 12 characters")).toBeVisible();
  await form.getByLabel("Email").fill(created.email);
  await form.getByLabel("Password", { exact: true }).fill(created.password);
  await form.getByLabel("Role").selectOption("admin");
  await form.getByRole("button", { name: "Create Admin" }).click();
  await expect(admin.page.getByText("Admin user added successfully!")).toBeVisible();
  const adminRow = admin.page.getByRole("row").filter({ hasText: created.email });
  await expect(adminRow).toContainText("Admin");
  await expect(adminRow).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);

  // Promote: a customer becomes an admin, then a super admin; an unknown e-mail is refused.
  const customer = await customerInNewBrowser(browser, "promoted");
  await admin.page.getByRole("button", { name: "Promote Existing User" }).click();
  const promote = admin.page.getByRole("region", { name: "Promote Existing User" });
  await promote.getByLabel("Email").fill(`nobody-${Date.now()}@example.test`);
  await promote.getByRole("button", { name: "Promote User" }).click();
  await expect(admin.page.getByText("User not found with this email. Please ensure they have logged in at least once.")).toBeVisible();
  await promote.getByLabel("Email").fill(customer.user.email);
  await promote.getByRole("button", { name: "Promote User" }).click();
  await expect(admin.page.getByText("User promoted to admin successfully!")).toBeVisible();
  await admin.page.getByRole("button", { name: "Promote Existing User" }).click();
  await promote.getByLabel("Email").fill(customer.user.email);
  await promote.getByLabel("Role").selectOption("super_admin");
  await promote.getByRole("button", { name: "Promote User" }).click();
  await expect(admin.page.getByText("Admin role updated successfully")).toBeVisible();
  await expect(admin.page.getByRole("row").filter({ hasText: customer.user.email })).toContainText("Super admin");
  await customer.context.close();

  // The new admin signs in: no second factor yet, so the enrolment screen comes first.
  const context = await browser.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(created.email);
  await page.getByLabel("Password", { exact: true }).fill(created.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  // The back office itself stays closed until then.
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/admin\/two-factor$/);

  await page.getByLabel("Password", { exact: true }).fill(created.password);
  const enabled = page.waitForResponse((r) => r.url().endsWith("/api/auth/two-factor/enable"));
  await page.getByRole("button", { name: "Continue" }).click();
  const { totpURI, backupCodes } = (await (await enabled).json()) as { totpURI: string; backupCodes: string[] };
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await checkScreen(page, "admin-two-factor-enrolment-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await checkScreen(page, "admin-two-factor-enrolment-375");
  await page.setViewportSize({ width: 1280, height: 800 });
  const recoveryList = page.getByRole("list", { name: "Recovery codes" });
  await expect(recoveryList.getByRole("listitem")).toHaveCount(backupCodes.length);
  await page.getByRole("button", { name: "Copy codes" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes.join("\n"));
  await expect(page.getByLabel("Authentication code")).toBeDisabled();
  await page.getByLabel("I have saved these codes").check();
  // (No wrong-code attempt here: code checks are limited to 5 a minute per IP, shared by every spec.)
  const enrolCode = totpCode(totpURI);
  await page.getByLabel("Authentication code").fill(enrolCode);
  await page.getByRole("button", { name: "Verify and finish" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // An admin (not super admin) cannot manage admin accounts.
  await page.goto("/admin/settings");
  await expect(page.getByRole("button", { name: "Create New Admin" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Promote Existing User" })).toBeDisabled();
  await expect(page.getByText("Only a super admin can manage admin accounts.")).toBeVisible();
  const refused = await page.request.post("/api/admin/admins", {
    data: { email: newUser("sneaky").email, password: "Another-Long-Pass-77", adminRole: "admin" },
    headers: originHeaders,
  });
  expect(refused.status()).toBe(403);

  // Change Password: the form's messages, the server's refusal of a wrong current password, success.
  const newPassword = "Fresh-Operations-Key-2026";
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is required")).toBeVisible();
  await expect(page.getByText("New password must be at least 12 characters")).toBeVisible();
  await page.getByLabel("Current password").fill("Not-my-password-at-all");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Failed to change password: Current password is incorrect")).toBeVisible();
  await page.getByLabel("Current password").fill(created.password);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated successfully!")).toBeVisible();

  // Signed out, the old password no longer works; the new one does, with a recovery code as second factor.
  await page.getByRole("button", { name: "Log out" }).first().click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel("Email").fill(created.email);
  await page.getByLabel("Password", { exact: true }).fill(created.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(backupCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // And with the authenticator app, on a code not used before.
  await page.getByRole("button", { name: "Log out" }).first().click();
  await signInThroughLoginScreen(page, created.email, newPassword, () => freshTotpCode(totpURI, enrolCode));

  // New recovery codes: the password again (a wrong one is refused), then ten new codes shown once.
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "New recovery codes" }).click();
  await page.getByLabel("Your password").fill("Not-my-password-at-all");
  await page.getByRole("button", { name: "Generate new codes" }).click();
  await expect(page.getByText("Password is incorrect").first()).toBeVisible();
  await page.getByLabel("Your password").fill(newPassword);
  const renewed = page.waitForResponse((r) => r.url().endsWith("/api/auth/two-factor/generate-backup-codes") && r.ok());
  await page.getByRole("button", { name: "Generate new codes" }).click();
  const { backupCodes: newCodes } = (await (await renewed).json()) as { backupCodes: string[] };
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(newCodes.length);
  await expect(page.getByRole("list", { name: "Recovery codes" })).toContainText(newCodes[0] ?? "missing");
  expect(newCodes).not.toContain(backupCodes[1]);
  await checkScreen(page, "admin-settings-recovery-codes-1280");

  // Lost phone: the super admin resets the new admin's second factor; their session ends at once.
  await admin.page.goto("/admin/settings");
  const row = admin.page.getByRole("row").filter({ hasText: created.email });
  await expect(row).toContainText("Set up");
  await row.getByRole("button", { name: "Reset two-factor" }).click();
  const confirm = admin.page.getByRole("dialog", { name: "Reset two-factor sign-in?" });
  await expect(confirm).toContainText(created.email);
  await confirm.getByRole("button", { name: "Reset two-factor" }).click();
  await expect(admin.page.getByText("Two-factor sign-in reset. They will set up their authenticator app again")).toBeVisible();
  await expect(row).toContainText("Not set up");
  await expect(row.getByRole("button", { name: "Reset two-factor" })).toHaveCount(0);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/admin(\/login)?$/);

  await expectAudited(admin.page, "admin.created", "Admin created", superAdmin.email);
  await expectAudited(admin.page, "user.password_changed", "Password changed", created.email);
  await expectAudited(admin.page, "admin.two_factor_enabled", "Two-factor sign-in set up", created.email);
  await expectAudited(admin.page, "admin.recovery_codes_regenerated", "Recovery codes renewed", created.email);
  await expectAudited(admin.page, "admin.role_granted", "Admin role granted", "super_admin");
  await expectAudited(admin.page, "admin.two_factor_reset", "Two-factor sign-in reset", superAdmin.email);
  await context.close();
  await admin.context.close();
});

test("an ended admin session returns to the login with the server's message in red", async ({ browser }) => {
  const admin = await adminPage(browser);
  const message = "Your admin session ended after 15 minutes of inactivity. Please sign in again.";
  // Fifteen idle minutes are too long to wait for: the server's answer is played back instead.
  await admin.page.route("**/api/admin/stats", (route) =>
    route.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "SESSION_IDLE_TIMEOUT", message } }),
    }),
  );
  await admin.page.goto("/admin/dashboard");
  await expect(admin.page).toHaveURL(/\/admin\/login$/);
  const notice = admin.page.getByRole("alert").filter({ hasText: message });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveClass(/text-red-700/);
  await admin.context.close();
});

test("a customer signing in at the admin login is refused and signed out", async ({ page }) => {
  const user = newUser("notanadmin");
  await signUpViaApi(page, user);
  await page.request.post("/api/auth/sign-out", { headers: originHeaders });
  await page.goto("/admin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Access denied. Admin privileges required.").first()).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);
});

test("manage transactions: empty filter, pages of ten, and the CSV export of the current filter", async ({ browser }) => {
  // Twelve pending deposits under one search. A customer holds at most ten open deposit requests
  // (decision 038): two customers whose usernames share the searched word make six each.
  const group = `pager${randomBytes(3).toString("hex")}`;
  const customers = [await customerInNewBrowser(browser, group), await customerInNewBrowser(browser, group)] as const;
  for (let i = 0; i < 12; i += 1) await requestDeposit(customers[i % 2 === 0 ? 0 : 1].page.request, String(10 + i));
  const emails = customers.map((customer) => customer.user.email);
  const admin = await adminPage(browser);
  await admin.page.goto("/admin/transactions");
  await searchTransactions(admin.page, group);
  await expect(admin.page.getByText("Showing 1–10 of 12")).toBeVisible();
  const pager = admin.page.getByRole("navigation", { name: "Transactions pages" });
  await expect(pager.getByRole("button", { name: /Previous/ })).toBeDisabled();
  await pager.getByRole("button", { name: "Page 2" }).click();
  await expect(admin.page.getByText("Showing 11–12 of 12")).toBeVisible();
  await expect(pager.getByRole("button", { name: /Next/ })).toBeDisabled();

  const download = admin.page.waitForEvent("download");
  await admin.page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  // The list opens on Pending (decision 021): the file is named for that filter and the search.
  expect(file.suggestedFilename()).toMatch(/^transactions-pending-search-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  const lines = Buffer.concat(csv as Buffer[])
    .toString("utf8")
    .trim()
    .split("\r\n");
  expect(lines).toHaveLength(13);
  expect(lines[0]).toContain("Amount (BDT)");
  expect(lines.slice(1).every((line) => emails.some((email) => line.includes(email)))).toBe(true);
  for (const email of emails) expect(lines.filter((line) => line.includes(email))).toHaveLength(6);

  await admin.page.getByPlaceholder("Search by user, email, amount or method").fill(`${group}-nothing`);
  await expect(admin.page.getByText("No transactions matching the current filters")).toBeVisible();
  for (const customer of customers) await customer.context.close();
  await admin.context.close();
});

for (const width of [1280, 375] as const) {
  test(`every admin screen at ${width} px passes axe and is kept as a screenshot`, async ({ browser }) => {
    test.setTimeout(120_000);
    const viewport = { width, height: width === 375 ? 812 : 800 };
    // Something to show on every screen.
    const customer = await customerInNewBrowser(browser, `adminshots${width}`);
    await requestDeposit(customer.page.request, "48.5");
    await requestDeposit(customer.page.request, "100");
    await addSim(customer.page.request, `019${String(Date.now()).slice(-8)}`, "Personal");
    await uploadDocument(customer.page.request, "national_id", "front", idCardPng([4, 120, 87]));
    await uploadDocument(customer.page.request, "national_id", "back", idCardPng([30, 64, 175]));
    await customer.context.close();

    // The login screen and its code step (the code is never sent: no session is made).
    const visitor = await browser.newContext({ viewport });
    const login = await visitor.newPage();
    await login.goto("/admin/login");
    await expect(login.getByRole("heading", { name: "Admin login" })).toBeVisible();
    await checkScreen(login, `admin-login-${width}`);
    await login.getByLabel("Email").fill(superAdmin.email);
    await login.getByLabel("Password", { exact: true }).fill(superAdmin.password);
    await login.getByRole("button", { name: "Sign in" }).click();
    await expect(login.getByLabel("Authentication code")).toBeVisible();
    await checkScreen(login, `admin-login-code-${width}`);
    await visitor.close();

    const context = await browser.newContext({ storageState: adminState, viewport });
    const page = await context.newPage();
    const screens = [
      ["dashboard", "/admin/dashboard", "Admin Dashboard"],
      ["users", "/admin/users", "Users"],
      ["transactions", "/admin/transactions", "Manage Transactions"],
      ["unclaimed-transfers", "/admin/unclaimed-transfers", "Unclaimed transfers"],
      ["verifications", "/admin/verifications", "Verifications"],
      ["sims", "/admin/sims", "SIMs"],
      ["settings", "/admin/settings", "Admin Settings"],
      ["audit-log", "/admin/audit-log", "Audit Log"],
    ] as const;
    for (const [name, route, heading] of screens) {
      await page.goto(route);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      if (name === "dashboard") await expect(page.locator(".recharts-surface").first()).toBeVisible();
      await checkScreen(page, `admin-${name}-${width}`);
    }

    // Dialogs and inline forms. Phones show each record as a card (a list item), wider screens a table row.
    const recordOf = (text: string) => page.getByRole(width === 375 ? "listitem" : "row").filter({ hasText: text });
    // The lists open as queues, oldest first, among the seeded volume (decision 021): the new customer's records are
    // found by searching for them.
    await page.goto(`/admin/verifications?q=${encodeURIComponent(customer.user.email)}`);
    const row = recordOf(customer.user.email);
    await row.getByRole("button", { name: /View documents/ }).click();
    await expect(page.getByRole("dialog").getByRole("img").first()).toBeVisible();
    await checkScreen(page, `admin-verification-documents-${width}`, { fullPage: false });
    await page.keyboard.press("Escape");
    await row.getByRole("button", { name: /Manage Profile/ }).click();
    await expect(page.getByRole("dialog").getByLabel("Full Name")).toBeVisible();
    await checkScreen(page, `admin-user-profile-${width}`, { fullPage: false });
    await page.keyboard.press("Escape");

    await page.goto("/admin/users");
    await recordOf(customer.user.email)
      .getByRole("button", { name: /Adjust balance/ })
      .click();
    await expect(page.getByRole("dialog", { name: "Adjust balance" })).toBeVisible();
    await checkScreen(page, `admin-balance-adjustment-${width}`, { fullPage: false });
    await page.keyboard.press("Escape");

    await page.goto(`/admin/transactions?q=${customer.user.username}`);
    await recordOf(customer.user.email).first().getByRole("button", { name: "Reject" }).click();
    await expect(page.getByRole("dialog", { name: "Reject transaction" })).toBeVisible();
    await checkScreen(page, `admin-reject-transaction-${width}`, { fullPage: false });
    await page.keyboard.press("Escape");

    await page.goto("/admin/settings");
    await page.getByRole("button", { name: "Create New Admin" }).click();
    await page.getByRole("button", { name: "Change Password" }).click();
    await checkScreen(page, `admin-settings-forms-${width}`);

    if (width === 375) {
      await page.goto("/admin/dashboard");
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("navigation", { name: "Admin" });
      for (const item of ["Dashboard", "Users", "Transactions", "Unclaimed transfers", "Verifications", "SIMs", "Settings", "Audit Log"]) {
        await expect(menu.getByRole("link", { name: item })).toBeVisible();
      }
      await checkScreen(page, `admin-mobile-menu-${width}`, { fullPage: false });
      await menu.getByRole("link", { name: "Users" }).click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(menu).toHaveCount(0);
    }
    await context.close();
  });
}
