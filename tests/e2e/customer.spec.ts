// The customer area's journeys (docs/product.md, Customer area), as a newcomer takes them in Chromium: deposit,
// withdraw, SIMs, identity documents, profile, the transaction list, and every screen at 1280 px
// and 375 px checked by axe and kept as a screenshot.
import { randomUUID } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { seriousAxeViolations } from "./support/axe.ts";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { newUser, signOutViaApi, signUpViaApi } from "./support/accounts.ts";
import { displayBdt, parseBdt } from "#shared/money.ts";
import { e2eBaseUrl } from "./support/e2e-env.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";

const screenshotDir = process.env.UPDATE_SCREENSHOTS ? "tests/e2e/screenshots" : "test-results/screenshots";
const headers = { origin: e2eBaseUrl };
// A real TRON address (base58check, 0x41 prefix): the USDT contract itself.
const tronAddress = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** axe finds no serious or critical violation; then a picture, of the whole page or (for a dialog) of what is on screen. */
async function checkScreen(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
  // Nothing wider than the screen: no sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  // From the top, so the sticky header is drawn where it belongs.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage });
}

/**
 * A real PNG drawn in memory: a pale card with a coloured band and a grey photo box, like an ID
 * card. `grain` adds noise like a phone photo's, which deflate cannot shrink: a larger upload.
 */
function idCardPng(band: readonly [number, number, number], { width = 240, height = 150, grain = false } = {}): Buffer {
  const row = width * 3 + 1;
  const pixels = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    pixels[y * row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const inBand = y < 30;
      const inPhoto = x >= 16 && x < 76 && y >= 44 && y < 124;
      const inLine = x >= 92 && x < 220 && (y - 50) % 18 < 6 && y >= 50 && y < 120;
      const color = inBand ? band : inPhoto ? [148, 163, 184] : inLine ? [203, 213, 225] : [248, 250, 252];
      const noise = grain ? Math.floor(Math.random() * 16) - 8 : 0;
      pixels.set(
        color.map((c) => Math.max(0, Math.min(255, c + noise))),
        y * row + 1 + x * 3,
      );
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** What a deposit request answers: the credit (`amount`, BDT) is the exact amount to send (`payAmount`) at the rate (decision 038). */
type Deposit = { id: string; amount: string; payAmount: string };

async function requestDeposit(request: APIRequestContext, usdtAmount: string): Promise<Deposit> {
  const response = await request.post("/api/deposits", {
    data: { fromAddress: tronAddress, usdtAmount },
    headers: { ...headers, "idempotency-key": randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Deposit;
}

/** A BDT amount as the screens write it: '2,501.71 BDT'. */
function bdtShown(amount: string): string {
  return displayBdt(parseBdt(amount));
}

/** The amount to send as the screens show it: "20.013700" → '20.0137' (no trailing zeros, never fewer than two decimals). */
function payFigure(payAmount: string): string {
  const [whole, fraction = ""] = payAmount.split(".");
  return `${whole}.${fraction.replace(/0+$/, "").padEnd(2, "0")}`;
}

async function addSimViaApi(request: APIRequestContext, phoneNumber: string, walletType: "Personal" | "Merchant"): Promise<{ id: string }> {
  const response = await request.post("/api/sims", { data: { phoneNumber, walletType }, headers });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

async function uploadViaApi(request: APIRequestContext, documentType: string, side: string, png: Buffer): Promise<void> {
  const response = await request.put(`/api/verification/documents/${documentType}/${side}`, {
    multipart: { file: { name: `${side}.png`, mimeType: "image/png", buffer: png } },
    headers,
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("deposit: live BDT figure, request, the amount to send, and the pending row in another tab without reload", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpViaApi(page, newUser("deposit"));

  // A second tab on the dashboard, never reloaded: it must learn of the deposit by itself.
  const dashboard = await context.newPage();
  await dashboard.goto("/dashboard");
  await expect(dashboard.getByText("No transactions yet")).toBeVisible();
  await expect(dashboard.getByTestId("balance")).toHaveText("0.00 BDT");

  await page.goto("/deposit");
  await expect(page.getByRole("heading", { level: 1, name: "Deposit" })).toBeVisible();
  for (const line of ["TRC-20 only", "10 USDT", "Credited within 10-30 minutes after network confirmation", "1 USDT = 125 BDT"]) {
    await expect(page.getByText(line)).toBeVisible();
  }
  // Ask first, then send (decision 038): the address comes with the amount to send, not before.
  await expect(page.getByTestId("deposit-address")).toHaveCount(0);

  // The form's messages (the sending address is optional), then the schema's checksum check on an address given.
  await page.getByRole("button", { name: "Submit Deposit Request" }).click();
  await expect(page.getByText("Please enter a valid amount greater than 0")).toBeVisible();
  await expect(page.locator("#fromAddress-error")).toHaveCount(0);
  await page.getByLabel("Your TRON wallet address").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T");
  await page.getByRole("button", { name: "Submit Deposit Request" }).click();
  await expect(page.getByText("Enter a valid TRON (TRC-20) address")).toBeVisible();

  await page.getByLabel("Your TRON wallet address").fill(tronAddress);
  await page.getByLabel("Amount (USDT)").fill("20");
  await expect(page.getByText("You will receive")).toBeVisible();
  await expect(page.getByTestId("you-will-receive")).toHaveText("2,500.00 BDT");
  await page.getByRole("button", { name: "Submit Deposit Request" }).click();
  // The review: nothing is sent until Confirm (docs/decisions/023).
  await expect(page.getByRole("heading", { name: `Request a deposit of 20 USDT from ${tronAddress}?` })).toBeVisible();
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/deposits") && response.request().method() === "POST");
  await page.getByRole("button", { name: "Confirm" }).click();
  const deposit = (await (await answer).json()) as Deposit;
  const figure = payFigure(deposit.payAmount);
  await expect(page.getByText("Deposit request submitted successfully!")).toBeVisible();
  await expect(page.getByText("Deposit request submitted", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Send exactly ${figure} USDT` })).toBeVisible();
  await expect(page.getByTestId("deposit-receive")).toHaveText(bdtShown(deposit.amount));

  // Where to send it: the company's address, as text, copied, and as a QR code.
  const address = (await page.getByTestId("deposit-address").textContent()) ?? "";
  expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(page.getByRole("img", { name: /QR code of the deposit address/ })).toBeVisible();
  await page.getByRole("button", { name: "Copy address" }).click();
  await expect(page.getByText("Address copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  await page.getByRole("button", { name: "Make another deposit" }).click();
  await expect(page.getByLabel("Amount (USDT)")).toHaveValue("");
  // Nothing to receive while no amount is typed.
  await expect(page.getByTestId("you-will-receive")).toHaveCount(0);

  // Below the minimum: no BDT figure, the form says so, and submitting gives the server's own words under the field, before any review.
  await page.getByLabel("Your TRON wallet address").fill(tronAddress);
  await page.getByLabel("Amount (USDT)").fill("5");
  await expect(page.getByTestId("you-will-receive")).toHaveCount(0);
  await expect(page.getByTestId("below-minimum")).toHaveText("This is below the minimum deposit of 10 USDT and cannot be credited.");
  await page.getByRole("button", { name: "Submit Deposit Request" }).click();
  await expect(page.locator("#usdtAmount-error")).toHaveText("The minimum deposit is 10 USDT");
  await expect(page.getByTestId("review-step")).toHaveCount(0);

  const recent = dashboard.getByRole("list", { name: "Recent transactions" });
  await expect(recent.getByRole("listitem")).toHaveCount(1);
  await expect(recent).toContainText("Deposit");
  await expect(recent).toContainText(bdtShown(deposit.amount));
  await expect(recent).toContainText(`${figure} USDT from ${tronAddress}`);
  await expect(recent).toContainText("Pending");
  await expect(recent).toContainText(`Send exactly ${figure} USDT`);
  await expect(dashboard.getByTestId("balance")).toHaveText("0.00 BDT");

  await page.goto("/transactions");
  const row = page.getByRole("row").filter({ hasText: bdtShown(deposit.amount) });
  await expect(row).toContainText("Deposit");
  await expect(row).toContainText(`${figure} USDT from ${tronAddress}`);
  await expect(row).toContainText("Pending");
  await expect(row).toContainText(/Expires in (60:00|59:[0-5]\d)/);
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/);
});

test("withdraw: the form's messages, 'Insufficient balance' under the amount, and a signed-out submission", async ({ page }) => {
  const user = newUser("withdraw");
  await signUpViaApi(page, user);
  await page.goto("/withdraw");
  await expect(page.getByTestId("available-balance")).toHaveText("0.00 BDT");
  for (const line of ["500 BDT", "50,000 BDT per day", "15-30 minutes during business hours", "0%"]) {
    await expect(page.getByText(line, { exact: true })).toBeVisible();
  }

  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  await expect(page.getByText("Wallet type is required")).toBeVisible();
  await expect(page.getByText("Wallet number is required")).toBeVisible();
  await expect(page.getByText("Please enter a valid amount greater than 0")).toBeVisible();

  await page.getByLabel("Wallet type").selectOption("bKash");
  await page.getByLabel("Wallet number").fill("01712345678");
  // Under the server's minimum (the wallet answers it): its words under the amount, and no review step.
  await page.getByLabel("Amount (BDT)").fill("100");
  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  await expect(page.locator("#amount-error")).toHaveText("The minimum withdrawal is 500.00 BDT");
  await expect(page.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  await page.getByLabel("Amount (BDT)").fill("1000");
  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  await expect(page.getByRole("heading", { name: "Send 1,000.00 BDT to bKash 01712-345678?" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Failed to submit withdrawal request: Insufficient balance")).toBeVisible();
  await expect(page.locator("#amount-error")).toHaveText("Insufficient balance");
  await expect(page.getByLabel("Amount (BDT)")).toHaveAttribute("aria-invalid", "true");

  // Signed out elsewhere while the form is open: the screen's message, then the sign-in screen and back, to the request as typed.
  await signOutViaApi(page);
  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("You must be logged in to make a withdrawal")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/withdraw$/);
  await expect(page.getByText("Your session expired. We kept your request; check it and send again.")).toBeVisible();
  await expect(page.getByLabel("Wallet type")).toHaveValue("bKash");
  await expect(page.getByLabel("Wallet number")).toHaveValue("01712345678");
  await expect(page.getByLabel("Amount (BDT)")).toHaveValue("1000");
});

test("SIMs: add with the form's messages, pending in the list, remove after confirmation", async ({ page }) => {
  await signUpViaApi(page, newUser("sims"));
  await page.goto("/sims");
  await expect(page.getByText("No SIMs added yet")).toBeVisible();

  await page.getByRole("button", { name: "Add SIM" }).click();
  await expect(page.getByText("Phone number is required")).toBeVisible();
  await expect(page.getByText("Wallet type is required")).toBeVisible();
  await page.getByLabel("Phone number").fill("01712abc");
  await page.getByRole("button", { name: "Add SIM" }).click();
  await expect(page.getByText("Phone number should contain only digits")).toBeVisible();
  await page.getByLabel("Phone number").fill("0171234");
  await page.getByRole("button", { name: "Add SIM" }).click();
  await expect(page.getByText("Phone number should be at least 10 digits")).toBeVisible();

  await page.getByLabel("Phone number").fill("01712345678");
  await page.getByLabel("Wallet type").selectOption("Personal");
  await page.getByRole("button", { name: "Add SIM" }).click();
  await expect(page.getByText("SIM added successfully! Waiting for admin approval.")).toBeVisible();
  const list = page.getByRole("list", { name: "Your SIMs" });
  const sim = list.getByRole("listitem").filter({ hasText: "01712345678" });
  await expect(sim).toContainText("Personal");
  await expect(sim).toContainText("Pending");
  await expect(page.getByLabel("Phone number")).toHaveValue("");

  // The same number again: the server's refusal, in the screen's toast.
  await page.getByLabel("Phone number").fill("01712345678");
  await page.getByLabel("Wallet type").selectOption("Merchant");
  await page.getByRole("button", { name: "Add SIM" }).click();
  await expect(page.getByText("Failed to add SIM: This phone number is already registered")).toBeVisible();

  await page.getByLabel("Phone number").fill("01812345678");
  await page.getByRole("button", { name: "Add SIM" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // Remove asks first; Cancel keeps the SIM.
  await page.getByRole("button", { name: "Remove SIM 01812345678" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove this SIM?" });
  await expect(confirm).toContainText("01812345678");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Remove SIM 01812345678" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove SIM" }).click();
  await expect(page.getByText("SIM removed successfully!")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).not.toContainText("01812345678");
});

test("verification: both sides of a National ID make the request pending; Manage Profile saves", async ({ page }) => {
  await signUpViaApi(page, newUser("kyc"));
  await page.goto("/verification");
  await expect(page.getByText("Not Verified").first()).toBeVisible();
  await expect(page.getByRole("tab", { name: "National ID" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Driving License" })).toBeVisible();
  await page.getByRole("tab", { name: "Passport" }).click();
  await expect(page.getByRole("region", { name: "Front side" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Back side" })).toHaveCount(0);
  await page.getByRole("tab", { name: "National ID" }).click();

  const front = page.getByRole("region", { name: "Front side" });
  const back = page.getByRole("region", { name: "Back side" });

  // Only images: a text file is refused before anything is sent.
  await front
    .getByLabel("Front side image file")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(front.getByText("Only JPEG, PNG or WebP images can be uploaded")).toBeVisible();

  await front
    .getByLabel("Front side image file")
    .setInputFiles({ name: "national-id-front.png", mimeType: "image/png", buffer: idCardPng([4, 120, 87]) });
  await expect(front.getByRole("img", { name: "Preview of front side" })).toBeVisible();
  await expect(front.getByText("national-id-front.png")).toBeVisible();
  await front.getByRole("button", { name: /^Upload/ }).click();
  await expect(page.getByText("Document uploaded successfully")).toBeVisible();
  await expect(front.getByRole("img", { name: "Uploaded front side" })).toBeVisible();
  await expect(front.getByRole("button", { name: /^Replace/ })).toBeVisible();
  // The thumbnail really loaded from the private URL.
  await expect
    .poll(() => front.getByRole("img", { name: "Uploaded front side" }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(240);
  // One side of a two-sided ID is not yet something to review (decision 023): the page says how far it is.
  await expect(page.getByTestId("verification-message")).toHaveText("1 of 2 sides uploaded");
  await expect(page.getByText("Your documents are being reviewed.")).toHaveCount(0);

  // Files over 5 MB are refused before anything is sent.
  await back.getByLabel("Back side image file").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5_242_881) });
  await expect(back.getByText("The file is larger than 5 MB")).toBeVisible();

  // On a slow connection the upload shows its progress.
  const photo = idCardPng([30, 64, 175], { width: 480, height: 300, grain: true });
  expect(photo.length).toBeGreaterThan(90_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 40_000 });
  await back.getByLabel("Back side image file").setInputFiles({ name: "national-id-back.png", mimeType: "image/png", buffer: photo });
  await back.getByRole("button", { name: /^Upload/ }).click();
  const progress = back.getByRole("progressbar", { name: "Uploading back side" });
  await expect(progress).toBeVisible();
  await expect(back.getByRole("button", { name: /^Uploading/ })).toBeDisabled();
  await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(back.getByRole("img", { name: "Uploaded back side" })).toBeVisible({ timeout: 20_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(progress).toBeHidden();
  await expect(page.getByRole("tab", { name: /National ID.*uploaded/ })).toBeVisible();
  await expect(page.getByText("Pending").first()).toBeVisible();
  await expect(page.getByTestId("verification-message")).toHaveText("Your documents are being reviewed.");

  // After a reload the uploads are still there (from the server, not the page's memory).
  await page.reload();
  await expect(page.getByRole("region", { name: "Front side" }).getByRole("img", { name: "Uploaded front side" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Back side" }).getByRole("img", { name: "Uploaded back side" })).toBeVisible();
  await expect(page.getByTestId("verification-message")).toHaveText("Your documents are being reviewed.");

  await page.getByRole("button", { name: "Manage Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Manage Profile" });
  await expect(dialog.getByText("Email cannot be changed")).toBeVisible();
  await dialog.getByLabel("Full name").fill("Rahima Akter");
  await dialog.getByLabel("Phone").fill("01712345678");
  await dialog.getByLabel("Address").fill("House 12, Road 5, Dhanmondi, Dhaka");
  await dialog.getByLabel("ID/Passport/License number").fill("1990123456789");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto("/profile");
  await expect(page.getByLabel("Full name")).toHaveValue("Rahima Akter");
  await expect(page.getByLabel("ID/Passport/License number")).toHaveValue("1990123456789");
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  await expect(page.getByText("Email cannot be changed")).toBeVisible();
  await expect(page.getByText("Pending", { exact: true })).toBeVisible();

  // Emptying a field saves it as empty (null on the server).
  await page.getByLabel("Phone").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  const me = (await (await page.request.get("/api/me")).json()) as { phone: string | null; fullName: string | null };
  expect(me).toMatchObject({ phone: null, fullName: "Rahima Akter" });
});

test("transactions: server-side search, type filter and five to a page", async ({ page }) => {
  await signUpViaApi(page, newUser("history"));
  const made = new Map<string, Deposit>();
  for (const usdt of ["10", "11", "12", "13", "14", "15", "16"]) made.set(usdt, await requestDeposit(page.request, usdt));
  // Each is credited at its exact amount to send, a little over what was asked (decision 038).
  const shown = (usdt: string) => bdtShown(made.get(usdt)!.amount);

  await page.goto("/transactions");
  await expect(page.getByText("Showing 1–5 of 7")).toBeVisible();
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager.getByRole("button", { name: "Previous page" })).toBeDisabled();
  await expect(pager.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  // Newest first: 16 USDT is at the top of page 1, 10 USDT on page 2.
  await expect(page.getByRole("row").nth(1)).toContainText(shown("16"));
  await pager.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText("Showing 6–7 of 7")).toBeVisible();
  await expect(pager.getByRole("button", { name: "Next page" })).toBeDisabled();
  await expect(page.getByRole("row").filter({ hasText: shown("10") })).toBeVisible();
  await expect(page).toHaveURL(/page=2/);

  // Typed as the screen shows it, grouping comma included ("1,501.71").
  await page.getByLabel("Search transactions").fill(shown("12").replace(" BDT", ""));
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: shown("12") })).toBeVisible();
  await expect(pager).toBeHidden();
  await expect(page).not.toHaveURL(/page=2/);
  // The method as the screen shows it: the amount to send ("13.0042 USDT from T…").
  await page.getByLabel("Search transactions").fill(payFigure(made.get("13")!.payAmount));
  await expect(page.getByRole("row").filter({ hasText: shown("13") })).toBeVisible();
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();

  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page.getByText("No transactions match your search")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(page.getByText("No transactions match your search")).toBeVisible();
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(page.getByText("Showing 1–5 of 7")).toBeVisible();
  await page.getByRole("button", { name: "Deposit", exact: true }).click();
  await expect(page.getByText("Showing 1–5 of 7")).toBeVisible();
});

test("an approved deposit raises the dashboard balance without reload; an active SIM cannot be deleted", async ({ page, playwright }) => {
  await signUpViaApi(page, newUser("approved"));
  const deposit = await requestDeposit(page.request, "20");
  const sim = await addSimViaApi(page.request, "01912345678", "Merchant");
  await page.goto("/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("0.00 BDT");
  await expect(page.getByRole("list", { name: "Recent transactions" })).toContainText("Pending");

  // An admin decides in another browser (its own cookies).
  const admin = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  try {
    await signInAsSuperAdmin(admin);
    // Never sent on the chain (the watcher runs in this run): approved as after "Approve anyway".
    const approved = await admin.post(`/api/admin/transactions/${deposit.id}/approve`, {
      data: { acknowledgeNoChainEvidence: true, reason: "Set up by the test run: never sent on the chain" },
      headers,
    });
    expect(approved.status(), await approved.text()).toBe(200);
    const activated = await admin.patch(`/api/admin/sims/${sim.id}`, { data: { status: "active" }, headers });
    expect(activated.status(), await activated.text()).toBe(200);
  } finally {
    await admin.dispose();
  }

  await expect(page.getByTestId("balance")).toHaveText(bdtShown(deposit.amount));
  await expect(page.getByRole("list", { name: "Recent transactions" })).toContainText("Completed");

  await page.goto("/sims");
  const row = page.getByRole("list", { name: "Your SIMs" }).getByRole("listitem").filter({ hasText: "01912345678" });
  await expect(row).toContainText("Active");
  await expect(row.getByRole("button", { name: "Remove SIM 01912345678" })).toBeDisabled();
  await expect(row.getByText("Active SIMs cannot be deleted")).toBeVisible();

  // With money in the wallet, a withdrawal is accepted and held.
  await page.goto("/withdraw");
  await expect(page.getByTestId("available-balance")).toHaveText(bdtShown(deposit.amount));
  await page.getByLabel("Wallet type").selectOption("Nagad");
  await page.getByLabel("Wallet number").fill("01812345678");
  await page.getByLabel("Amount (BDT)").fill("500");
  await page.getByRole("button", { name: "Submit Withdrawal Request" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Withdrawal request submitted successfully!")).toBeVisible();
  await expect(page.getByTestId("available-balance")).toHaveText(displayBdt(parseBdt(deposit.amount) - 50_000n));
  await expect(page.getByText("500.00 BDT on hold for pending withdrawals")).toBeVisible();
  await page.getByRole("button", { name: "Make another withdrawal" }).click();
  await expect(page.getByLabel("Wallet type")).toHaveValue("");
});

for (const width of [1280, 375] as const) {
  test(`every customer screen at ${width} px passes axe and is kept as a screenshot`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    const user = newUser(`screens${width}`);
    await signUpViaApi(page, user);
    for (const usdt of ["20", "48.5", "100", "12", "250", "36"]) await requestDeposit(page.request, usdt);
    await addSimViaApi(page.request, "01712345678", "Personal");
    await addSimViaApi(page.request, "01812345678", "Merchant");
    await uploadViaApi(page.request, "national_id", "front", idCardPng([4, 120, 87]));
    const profile = await page.request.patch("/api/me", {
      data: { fullName: "Rahima Akter", phone: "01712345678", address: "House 12, Road 5, Dhanmondi, Dhaka", documentNumber: null },
      headers,
    });
    expect(profile.status()).toBe(200);

    await page.goto("/dashboard");
    await expect(page.getByTestId("balance")).toHaveText("0.00 BDT");
    await expect(page.getByRole("list", { name: "Recent transactions" }).getByRole("listitem")).toHaveCount(5);
    await checkScreen(page, `customer-dashboard-${width}`);

    await page.goto("/deposit");
    await page.getByLabel("Amount (USDT)").fill("20");
    await expect(page.getByTestId("you-will-receive")).toHaveText("2,500.00 BDT");
    await checkScreen(page, `customer-deposit-${width}`);

    await page.goto("/withdraw");
    await expect(page.getByTestId("available-balance")).toHaveText("0.00 BDT");
    await checkScreen(page, `customer-withdraw-${width}`);

    await page.goto("/transactions");
    await expect(page.getByText("Showing 1–5 of 6")).toBeVisible();
    await checkScreen(page, `customer-transactions-${width}`);

    await page.goto("/sims");
    await expect(page.getByRole("list", { name: "Your SIMs" }).getByRole("listitem")).toHaveCount(2);
    await checkScreen(page, `customer-sims-${width}`);

    await page.goto("/profile");
    await expect(page.getByLabel("Full name")).toHaveValue("Rahima Akter");
    await checkScreen(page, `customer-profile-${width}`);

    await page.goto("/verification");
    await expect(page.getByRole("region", { name: "Front side" }).getByRole("img", { name: "Uploaded front side" })).toBeVisible();
    await page
      .getByRole("region", { name: "Back side" })
      .getByLabel("Back side image file")
      .setInputFiles({ name: "national-id-back.png", mimeType: "image/png", buffer: idCardPng([30, 64, 175]) });
    await expect(page.getByRole("img", { name: "Preview of back side" })).toBeVisible();
    await checkScreen(page, `customer-verification-${width}`);

    await page.getByRole("button", { name: "Manage Profile" }).click();
    await expect(page.getByRole("dialog", { name: "Manage Profile" }).getByLabel("Full name")).toHaveValue("Rahima Akter");
    await checkScreen(page, `customer-verification-profile-dialog-${width}`, { fullPage: false });
    await page.keyboard.press("Escape");

    // After a deposit request: the exact amount to send, the address and the countdown (decision 038).
    await page.goto("/deposit");
    await page.getByLabel("Amount (USDT)").fill("20");
    await page.getByRole("button", { name: "Submit Deposit Request" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { name: /^Send exactly 20\.\d{2,6} USDT$/ })).toBeVisible();
    await expect(page.getByTestId("expires-in")).toHaveText(/^Expires in (60:00|59:[0-5]\d)$/);
    await checkScreen(page, `customer-deposit-send-${width}`);

    if (width === 375) {
      // The bottom bar holds five items; the menu reaches the other two.
      const bottomBar = page.getByRole("navigation", { name: "Quick access" });
      await expect(bottomBar.getByRole("link")).toHaveCount(5);
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu.getByRole("link")).toHaveCount(7);
      await checkScreen(page, `customer-menu-${width}`, { fullPage: false });
      await menu.getByRole("link", { name: "SIMs" }).click();
      await expect(page).toHaveURL(/\/sims$/);
      await expect(menu).toBeHidden();
      await page.goto("/dashboard");
      await page.getByRole("link", { name: /^Transactions/ }).click();
      await expect(page).toHaveURL(/\/transactions$/);
    }
  });
}
