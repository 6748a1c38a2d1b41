// Customer protection (decision 039) as people meet it. The owner: a sign-in from a second browser
// with another user agent sends a security alert; its "This wasn't me" link, read from the real
// .eml in the outbox of the server with the product's defaults, opens the freeze page, which freezes
// the account and signs everyone out; a made-up link says it is not valid. The back office (the
// main e2e server): beside a withdrawal, plain facts: a new number, a sign-in from a new device in
// the last 24 hours, the second factor. At 375 and 1280 px, in English and Bangla.
import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { newUser, type TestUser } from "./support/accounts.ts";
import { seriousAxeViolations } from "./support/axe.ts";
import { customerInNewBrowser, originHeaders, uniqueTrxId } from "./support/admin.ts";
import { bangla } from "./support/catalogs.ts";
import { e2eBaseUrl, e2eDataDir, e2eOutboxDir, e2eProtectedBaseUrl, e2eProtectedOutboxDir } from "./support/e2e-env.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";
import { fundCustomer } from "./support/funding.ts";

const journeys = [
  { language: "en", width: 375 },
  { language: "bn", width: 375 },
  { language: "en", width: 1280 },
  { language: "bn", width: 1280 },
] as const;
type Language = (typeof journeys)[number]["language"];

const firefoxOnLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0";
const shotDir = "test-results/shots";

/** The words as the shown language writes them (the catalogs' Bangla). */
const wordsIn = (language: Language) => (english: string) => (language === "bn" ? bangla(english) : english);

async function noWiderThanViewport(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

// ------------------------------------------------------------------ the protected server's outbox

function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

function splitMessage(raw: string): { headers: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  return { headers: raw.slice(0, split).replace(/\r?\n[ \t]+/g, " "), body: raw.slice(split).replace(/^\r?\n\r?\n/, "") };
}

/** The text part of an .eml file (alone, or in a multipart message), its transfer encoding undone. */
function textOf(raw: string): string {
  const { headers, body } = splitMessage(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const part = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((chunk) => splitMessage(chunk.replace(/^\r?\n/, "")))
        .find((chunk) => /content-type:\s*text\/plain/i.test(chunk.headers))
    : { headers, body };
  if (!part) throw new Error(`no text part in:\n${raw}`);
  if (/content-transfer-encoding:\s*base64/i.test(part.headers))
    return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(part.headers)) return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The messages to `email` in a server's outbox (the protected server's unless told), oldest first. */
async function mailFilesTo(email: string, outboxDir = e2eProtectedOutboxDir): Promise<string[]> {
  const safe = email.replace(/[^A-Za-z0-9@._-]/g, "_");
  return (await readdir(outboxDir).catch(() => [] as string[])).filter((name) => name.endsWith(`-${safe}.eml`)).sort();
}

/** Waits for a message to `email` beyond the first `known` ones (the outbox sender polls every 5 s) and answers its decoded text. */
async function nextMailTo(email: string, known: number, outboxDir = e2eProtectedOutboxDir, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await mailFilesTo(email, outboxDir);
    if (files.length > known) return textOf(await readFile(path.join(outboxDir, files.at(-1)!), "utf8"));
    if (Date.now() > deadline) throw new Error(`no new mail to ${email} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function freezeLinkIn(mail: string): string {
  const link = /https?:\/\/\S+\/freeze\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no freeze link in:\n${mail}`);
  return link;
}

async function signUp(page: Page, user: TestUser, language: Language): Promise<void> {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email: user.email, password: user.password, username: user.username, country: user.country, language },
    headers: { origin: e2eProtectedBaseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A second browser, with another user agent: a device the account has never used. */
async function signInFromNewDevice(browser: Browser, user: TestUser) {
  const context = await browser.newContext({ baseURL: e2eProtectedBaseUrl, userAgent: firefoxOnLinux });
  const response = await context.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
    headers: { origin: e2eProtectedBaseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

for (const { language, width } of journeys) {
  test.describe(`the freeze link, ${language}, ${width} px`, () => {
    test.use({ baseURL: e2eProtectedBaseUrl, viewport: { width, height: 900 }, ...(language === "bn" ? { locale: "bn-BD" } : {}) });

    test("a sign-in from a new device sends an alert; its link freezes the account and signs everyone out", async ({ page, browser }) => {
      const say = wordsIn(language);
      const user = newUser(`frz${language}${width}`);
      await signUp(page, user, language);
      expect(await mailFilesTo(user.email)).toHaveLength(0); // sign-up alerts no one

      const elsewhere = await signInFromNewDevice(browser, user);
      const alert = await nextMailTo(user.email, 0);
      expect(alert).toContain(language === "bn" ? "ডিভাইস: Firefox, Linux" : "Device: Firefox, Linux");
      const link = freezeLinkIn(alert);
      expect(link.startsWith(`${e2eProtectedBaseUrl}/freeze?token=`)).toBe(true);

      // The owner opens the link in their own browser, still signed in there.
      expect((await page.request.get("/api/me")).status()).toBe(200);
      await page.goto(link);
      const frozen = page.getByRole("status");
      await expect(frozen).toContainText(say("Your account is frozen."));
      await expect(frozen).toContainText(
        say("Everyone has been signed out and withdrawals are stopped. We sent you an e-mail to choose a new password."),
      );
      await expect(page.getByRole("link", { name: say("Contact support") })).toBeVisible();
      await noWiderThanViewport(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shotDir}/freeze-done-${language}-${width}.png`, fullPage: true });

      // Everyone is signed out: this browser and the other device.
      expect((await page.request.get("/api/me")).status()).toBe(401);
      expect((await elsewhere.request.get("/api/me")).status()).toBe(401);
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/login/);
      // The e-mail to choose a new password.
      const reset = await nextMailTo(user.email, 1);
      expect(reset).toMatch(/reset-password\?token=/);
      await elsewhere.close();
    });

    test("a link that is not valid says so, and freezes nothing", async ({ page }) => {
      const say = wordsIn(language);
      await page.goto(`/freeze?token=${"A".repeat(43)}`);
      await expect(page.getByRole("alert")).toContainText(say("This link is not valid or has expired."));
      await expect(page.getByRole("link", { name: say("Contact support") })).toBeVisible();
      await noWiderThanViewport(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shotDir}/freeze-invalid-${language}-${width}.png`, fullPage: true });
    });
  });
}

// ------------------------------------------------------------------ the back office's risk facts (main server)

const adminState = path.join(e2eDataDir, "e2e-freeze-and-risk-admin-state.json");

test.describe("risk facts beside a withdrawal", () => {
  test.use({ baseURL: e2eBaseUrl });

  // The super admin signs in once for the file (the per-account sign-in throttle).
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: e2eBaseUrl });
    await signInAsSuperAdmin(context.request);
    await context.storageState({ path: adminState });
    await context.close();
  });

  async function withdraw(request: APIRequestContext, walletNumber: string): Promise<string> {
    const response = await request.post("/api/withdrawals", {
      data: { walletType: "bKash", walletNumber, amount: "500" },
      headers: { ...originHeaders, "idempotency-key": randomUUID() },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  for (const { language, width } of [
    { language: "en", width: 1280 },
    { language: "bn", width: 375 },
    { language: "en", width: 375 },
    { language: "bn", width: 1280 },
  ] as const) {
    test(`a new number and a new device in the queue, the approve dialog and the details, ${language}, ${width} px`, async ({
      browser,
    }) => {
      const say = wordsIn(language);
      const customer = await customerInNewBrowser(browser, `risk${language}${width}`);
      const admin = await browser.newContext({
        baseURL: e2eBaseUrl,
        storageState: adminState,
        viewport: { width, height: 900 },
        ...(language === "bn" ? { locale: "bn-BD" } : {}),
      });
      const page = await admin.newPage();
      // The back office follows the admin's own choice of language, kept on their profile: Bangla for
      // this journey, English again after it (other journeys share this admin).
      const chose = await page.request.put("/api/me/language", { data: { language }, headers: originHeaders });
      expect(chose.status(), await chose.text()).toBe(200);
      try {
        await riskJourney();
      } finally {
        await page.request.put("/api/me/language", { data: { language: "en" }, headers: originHeaders });
        await admin.close();
      }

      async function riskJourney() {
        await fundCustomer(page.request, e2eBaseUrl, customer.id, "5000");

        // Paid once to 01712345678: a second withdrawal there is to a known number.
        const paid = await withdraw(customer.page.request, "01712345678");
        const approve = await page.request.post(`/api/admin/transactions/${paid}/approve`, {
          data: { payoutReference: uniqueTrxId("RISK") },
          headers: originHeaders,
        });
        expect(approve.status(), await approve.text()).toBe(200);
        const known = await withdraw(customer.page.request, "01712345678");
        // Then someone signs in from a new device and asks for money to a number never paid before.
        const thief = await browser.newContext({ baseURL: e2eBaseUrl, userAgent: firefoxOnLinux });
        const signIn = await thief.request.post("/api/auth/sign-in/email", {
          data: { email: customer.user.email, password: customer.user.password },
          headers: originHeaders,
        });
        expect(signIn.status(), await signIn.text()).toBe(200);
        const fresh = await withdraw(thief.request, "01812345678");

        await page.goto(`/admin/transactions?q=${customer.user.username}`);
        const record = (id: string) => page.locator(width === 1280 ? `tbody tr[data-row-id="${id}"]` : `li[data-row-id="${id}"]`);
        await expect(record(fresh)).toBeVisible();
        await expect(record(fresh)).toContainText(say("New number"));
        await expect(record(fresh)).toContainText(say("Signed in from a new device in the last 24 h"));
        await expect(record(fresh)).toContainText(say("No second factor"));
        await expect(record(known)).not.toContainText(say("New number"));
        await expect(record(known)).toContainText(say("Signed in from a new device in the last 24 h"));
        await noWiderThanViewport(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: `${shotDir}/risk-queue-${language}-${width}.png`, fullPage: true });

        await record(fresh)
          .getByRole("button", { name: say("Approve") })
          .click();
        const dialog = page.getByRole("dialog", { name: say("Approve withdrawal") });
        await expect(dialog).toContainText(say("Risk facts"));
        await expect(dialog).toContainText(say("New number"));
        await expect(dialog).toContainText(say("Signed in from a new device in the last 24 h"));
        await page.screenshot({ path: `${shotDir}/risk-approve-${language}-${width}.png` });
        await dialog.getByRole("button", { name: say("Cancel") }).click();
        await expect(dialog).toHaveCount(0);

        // The detail panel: from the user's name in the table, from the card's Details button on a phone.
        if (width === 1280) await record(fresh).locator("td").nth(1).getByRole("button").click();
        else
          await record(fresh)
            .getByRole("button", { name: /Details|বিস্তারিত/ })
            .click();
        const detail = page.getByRole("dialog", { name: say("Transaction details") });
        await expect(detail).toContainText(say("Risk facts"));
        await expect(detail).toContainText(say("New number"));
        await page.screenshot({ path: `${shotDir}/risk-detail-${language}-${width}.png` });

        await thief.close();
        await customer.context.close();
      }
    });
  }

  test("an account its owner froze: the users list says so, and another admin unfreezes it with a note", async ({ browser }) => {
    const customer = await customerInNewBrowser(browser, "unfreeze");
    // A sign-in from another device, its alert, and the owner's click on its link (the page's POST, here through the API).
    const thief = await browser.newContext({ baseURL: e2eBaseUrl, userAgent: firefoxOnLinux });
    const signIn = await thief.request.post("/api/auth/sign-in/email", {
      data: { email: customer.user.email, password: customer.user.password },
      headers: originHeaders,
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const token = new URL(freezeLinkIn(await nextMailTo(customer.user.email, 0, e2eOutboxDir))).searchParams.get("token");
    const frozen = await thief.request.post("/api/account/freeze", { data: { token }, headers: originHeaders });
    expect(frozen.status(), await frozen.text()).toBe(200);
    await thief.close();

    const admin = await browser.newContext({ baseURL: e2eBaseUrl, storageState: adminState, viewport: { width: 1280, height: 900 } });
    const page = await admin.newPage();
    await page.goto(`/admin/users?q=${customer.user.username}`);
    const row = page.locator("tbody tr").filter({ hasText: customer.user.email });
    await expect(row).toContainText("Frozen by the customer");
    await row.getByRole("button", { name: `Unfreeze ${customer.user.email}` }).click();
    const dialog = page.getByRole("dialog", { name: "Unfreeze this account?" });
    await expect(dialog).toContainText(customer.user.email);
    await dialog.getByRole("button", { name: "Unfreeze" }).click();
    await expect(dialog.getByText("Write why you are unfreezing this account")).toBeVisible();
    await dialog.getByLabel("Note").fill("Called the owner on their number on file: it was them, on a new laptop.");
    await page.screenshot({ path: `${shotDir}/unfreeze-dialog-en-1280.png` });
    await dialog.getByRole("button", { name: "Unfreeze" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).not.toContainText("Frozen by the customer");
    await page.screenshot({ path: `${shotDir}/unfreeze-done-en-1280.png` });

    // On a phone, the card of another frozen account shows it too (the same customer, frozen again by the same link).
    const again = await customer.page.request.post("/api/account/freeze", { data: { token }, headers: originHeaders });
    expect(again.status()).toBe(200);
    await page.setViewportSize({ width: 375, height: 900 });
    await page.reload();
    const card = page.locator("li").filter({ hasText: customer.user.email });
    await expect(card).toContainText("Frozen by the customer");
    await expect(card.getByRole("button", { name: `Unfreeze ${customer.user.email}` })).toBeVisible();
    await noWiderThanViewport(page);
    await page.screenshot({ path: `${shotDir}/unfreeze-card-en-375.png`, fullPage: true });
    await customer.context.close();
    await admin.close();
  });
});
