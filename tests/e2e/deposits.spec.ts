// Deposits asked first, then sent (decision 038), as a customer on a phone (375 px) takes them, in
// English and in Bangla: the request, the review, the exact amount to send with its copy button,
// the address and QR, the countdown; then a transfer of exactly that amount through the TronGrid
// simulator, seen live ('Received', and 'Received on chain' in a Transactions tab never reloaded);
// and, on a second server whose requests expire after one minute (playwright.config.ts), a request
// nobody pays running out: 'Expired', and the way to make a new one. Screens are checked by axe,
// never wider than the phone, kept as screenshots (test-results/screenshots, or tests/e2e/screenshots
// with UPDATE_SCREENSHOTS=1), and in Bangla hold no English sentence of ours.
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { bengaliDigits, displayBdt, displayBdtBangla, parseBdt, parseUsdt } from "#shared/money.ts";
import { newUser, signUpViaApi } from "./support/accounts.ts";
import { randomTronAddress, randomTxid, requestDeposit, sendOnChain } from "./support/admin.ts";
import { seriousAxeViolations } from "./support/axe.ts";
import { englishSentences, readPo } from "./support/catalogs.ts";
import { e2eBaseUrl, e2eDepositAddress, e2eShortWindowBaseUrl } from "./support/e2e-env.ts";
import { untilAnimationsSettle } from "./support/settled.ts";

const screenshotDir = process.env.UPDATE_SCREENSHOTS ? "tests/e2e/screenshots" : "test-results/screenshots";
const phone = { width: 375, height: 812 };
const languages = ["en", "bn"] as const;
type Language = (typeof languages)[number];

/** What POST /api/deposits answers (the fields these journeys read). */
type Deposit = { id: string; amount: string; payAmount: string; expiresAt: string; expired: boolean; status: string };

// The customer area's Bangla, from its own catalogs (the back office words some of the same English differently).
const customerCatalogs = ["customer", "common", "errors"].flatMap((area) => readPo(path.resolve(`src/web/locales/bn/${area}.po`)));

/**
 * A message as the customer reads it in `language`: the English text or its Bangla, its markup tags
 * dropped (they only style a part) and its {placeholders} filled. For an ICU plural, pass `count`:
 * the case English or Bangla takes for it, with # as the count in that language's digits.
 */
function says(language: Language, english: string, values: Record<string, string> = {}, count?: number): string {
  let text = english;
  if (language === "bn") {
    const entry = customerCatalogs.find(({ id, context }) => id === english && context === undefined);
    if (!entry || entry.translation === "") throw new Error(`no Bangla for ${JSON.stringify(english)}`);
    text = entry.translation;
  }
  if (count !== undefined) {
    const plural = /^\{\w+, plural, one \{(.*)\} other \{(.*)\}\}$/.exec(text);
    if (!plural) throw new Error(`not a plural: ${text}`);
    text = (count === 1 ? plural[1]! : plural[2]!).replace(/#/g, digits(language, String(count)));
  }
  return text.replace(/<\/?\d+>/g, "").replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function digits(language: Language, text: string): string {
  return language === "bn" ? bengaliDigits(text) : text;
}

/** The BDT figure as the screens write it: '2,501.71 BDT' / '২,৫০১.৭১ ৳'. */
function bdt(language: Language, amount: string): string {
  return language === "bn" ? displayBdtBangla(parseBdt(amount)) : displayBdt(parseBdt(amount));
}

/** The amount to send as shown and copied: the server's six decimals without trailing zeros, never fewer than two. */
function shownFigure(payAmount: string): string {
  const [whole, fraction = ""] = payAmount.split(".");
  return `${whole}.${fraction.replace(/0+$/, "").padEnd(2, "0")}`;
}

/** 'Expires in 59:12' as a pattern, its time any of `times` (e.g. "(60:00|59:[0-5]\\d)") in the language's digits. */
function expiresInPattern(language: Language, times: string): RegExp {
  const escaped = says(language, "Expires in {time}").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const time = language === "bn" ? times.replace(/\\d/g, "[০-৯]").replace(/[0-9]/g, (d) => bengaliDigits(d)) : times;
  return new RegExp(`^${escaped.replace("\\{time\\}", time)}$`);
}

async function chooseLanguage(page: Page, language: Language, origin: string): Promise<void> {
  const chose = await page.request.put("/api/me/language", { data: { language }, headers: { origin } });
  expect(chose.status(), await chose.text()).toBe(200);
}

/** Axe finds no serious or critical violation, nothing is wider than the phone, no English is left in Bangla; then a picture. */
async function checkScreen(page: Page, language: Language, name: string): Promise<void> {
  await untilAnimationsSettle(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  if (language === "bn") {
    const text = await page.locator("body").innerText();
    expect(englishSentences().filter((sentence) => text.includes(sentence))).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

/** Submits the deposit form and confirms its review; answers what the server created. */
async function requestThroughTheForm(page: Page, language: Language, usdt: string): Promise<Deposit> {
  await page.getByLabel(says(language, "Amount (USDT)")).fill(digits(language, usdt));
  await page.getByRole("button", { name: says(language, "Submit Deposit Request") }).click();
  return confirmReview(page, language, usdt);
}

/** At the review step: the question, the warning not to send yet, then Confirm; answers what the server created. */
async function confirmReview(page: Page, language: Language, usdt: string): Promise<Deposit> {
  await expect(
    page.getByRole("heading", { name: says(language, "Request a deposit of {usdt}?", { usdt: `${digits(language, usdt)} USDT` }) }),
  ).toBeVisible();
  await expect(
    page.getByText(says(language, "Do not send anything yet. After you confirm, we show the exact amount to send.")),
  ).toBeVisible();
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/deposits") && response.request().method() === "POST");
  await page.getByRole("button", { name: says(language, "Confirm") }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(201);
  const deposit = (await response.json()) as Deposit;
  // A little more than asked, never the round amount itself, and at most 0.01 more (decision 038).
  expect(deposit.payAmount).toMatch(/^\d+\.\d{6}$/);
  expect(parseUsdt(deposit.payAmount)).toBeGreaterThan(parseUsdt(usdt));
  expect(parseUsdt(deposit.payAmount)).toBeLessThanOrEqual(parseUsdt(usdt) + 10_000n);
  expect(deposit).toMatchObject({ status: "pending", expired: false });
  await expect(page.getByText(says(language, "Deposit request submitted successfully!"))).toBeVisible();
  return deposit;
}

for (const language of languages) {
  const name = language === "en" ? "in English" : "in Bangla";

  test.describe(`${name} at 375 px`, () => {
    test.use({ viewport: phone, ...(language === "bn" ? { locale: "bn-BD" } : {}) });

    test("ask first, send exactly the amount shown, and see it received live", async ({ page, context }) => {
      test.setTimeout(120_000);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await signUpViaApi(page, newUser(`deposit${language}`));
      if (language === "bn") await chooseLanguage(page, "bn", e2eBaseUrl);

      // A second tab on Transactions, never reloaded: it must learn of the request and its transfer by itself.
      const list = await context.newPage();
      await list.goto("/transactions");
      await expect(list.getByText(says(language, "No transactions yet"))).toBeVisible();

      await page.goto("/deposit");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByTestId("deposit-terms")).toContainText(digits(language, "10") + " USDT");
      // Nowhere to send before asking: the address comes with the amount to send.
      await expect(page.getByTestId("deposit-address")).toHaveCount(0);
      await expect(
        page.getByText(says(language, "The TRC-20 address you will send from (starts with T). Only our team sees it.")),
      ).toBeVisible();
      await page.getByLabel(says(language, "Amount (USDT)")).fill(digits(language, "20"));
      await expect(page.getByTestId("you-will-receive")).toHaveText(bdt(language, "2500.00"));
      await checkScreen(page, language, `deposit-form-${language}-375`);

      // The sending address is optional: the request goes without it.
      await page.getByRole("button", { name: says(language, "Submit Deposit Request") }).click();
      const deposit = await confirmReview(page, language, "20");
      const figure = shownFigure(deposit.payAmount);
      const amount = `${digits(language, figure)} USDT`;

      const panel = page.getByTestId("deposit-send");
      await expect(panel.getByRole("heading", { name: says(language, "Send exactly <0>{amount}</0>", { amount }) })).toBeVisible();
      await expect(panel.getByText(says(language, "Deposit request submitted"), { exact: true })).toBeVisible();
      await panel.getByRole("button", { name: says(language, "Copy amount") }).click();
      await expect(page.getByText(says(language, "Amount copied to clipboard!"))).toBeVisible();
      // The exact figure, in the digits an exchange's form takes.
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(figure);

      // The countdown runs, and one line says why the amount matters.
      const countdown = panel.getByTestId("expires-in");
      await expect(countdown).toHaveText(expiresInPattern(language, "(60:00|59:[0-5]\\d)"));
      const before = await countdown.textContent();
      await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(before);
      await expect(
        panel.getByText(
          says(
            language,
            "{minutes, plural, one {This exact amount tells us the transfer is yours. Send it within # minute, in one transfer.} other {This exact amount tells us the transfer is yours. Send it within # minutes, in one transfer.}}",
            {},
            60,
          ),
        ),
      ).toBeVisible();

      // Where to send: the company's address, copied, and as a QR code.
      await expect(panel.getByTestId("deposit-address")).toHaveText(e2eDepositAddress);
      await expect(
        panel.getByRole("img", { name: says(language, "QR code of the deposit address {address}", { address: e2eDepositAddress }) }),
      ).toBeVisible();
      await panel.getByRole("button", { name: says(language, "Copy<0> address</0>") }).click();
      await expect(page.getByText(says(language, "Address copied to clipboard!"))).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(e2eDepositAddress);

      // What they will receive: the amount to send at the rate.
      await expect(panel.getByTestId("deposit-receive")).toHaveText(bdt(language, deposit.amount));
      await expect(panel.getByTestId("deposit-status")).toHaveText(says(language, "Waiting for your transfer"));
      await checkScreen(page, language, `deposit-send-${language}-375`);

      // The other tab shows the request with its amount to send and the time left.
      const row = list.getByRole("list", { name: says(language, "Transactions") }).getByRole("listitem");
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId("deposit-window")).toContainText(says(language, "Send exactly {amount}", { amount }));
      await expect(row.getByTestId("deposit-window").getByRole("timer")).toHaveText(expiresInPattern(language, "(60:00|59:[0-5]\\d)"));
      await expect(row).toContainText(says(language, "Pending"));

      // Exactly that amount arrives, from an address the customer never gave: the watcher (every 5 s) settles the request.
      await sendOnChain(page.request, { amount: deposit.payAmount, from: randomTronAddress(), txid: randomTxid() });
      await expect(panel.getByTestId("deposit-status")).toHaveText(says(language, "Received"), { timeout: 30_000 });
      await expect(panel.getByRole("heading", { name: says(language, "Received {amount}", { amount }) })).toBeVisible();
      // Nothing more to send: the amount and the address are gone.
      await expect(panel.getByTestId("deposit-address")).toHaveCount(0);
      await expect(panel.getByTestId("expires-in")).toHaveCount(0);
      await expect(panel.getByTestId("deposit-receive")).toHaveText(bdt(language, deposit.amount));
      await checkScreen(page, language, `deposit-received-${language}-375`);

      // The other tab, never reloaded: 'Received on chain', and no more countdown.
      await expect(row).toContainText(says(language, "Received on chain"), { timeout: 15_000 });
      await expect(row.getByTestId("deposit-window")).toHaveCount(0);

      // The receipt: the amount that was to be sent, and until when.
      await panel.getByRole("link", { name: says(language, "View transaction") }).click();
      await expect(page).toHaveURL(new RegExp(`/transactions/${deposit.id}$`));
      const receipt = page.getByTestId("transaction-receipt");
      await expect(receipt.getByText(says(language, "Amount to send"), { exact: true })).toBeVisible();
      await expect(receipt.getByTestId("receipt-pay-amount")).toHaveText(amount);
      await expect(receipt.getByText(says(language, "Valid until"), { exact: true })).toBeVisible();
      await expect(receipt.getByTestId("receipt-valid-until").locator("time")).toHaveAttribute("datetime", deposit.expiresAt);
      await expect(receipt.getByTestId("receipt-status")).toContainText(says(language, "Pending"));
      await expect(receipt.getByTestId("receipt-status")).toContainText(says(language, "Received on chain"));
      await checkScreen(page, language, `deposit-receipt-${language}-375`);
    });
  });

  test.describe(`${name} at 375 px, with ten requests waiting`, () => {
    test.use({ viewport: phone, ...(language === "bn" ? { locale: "bn-BD" } : {}) });

    test("an eleventh is refused under the amount, in the server's words", async ({ page }) => {
      await signUpViaApi(page, newUser(`openmax${language}`));
      if (language === "bn") await chooseLanguage(page, "bn", e2eBaseUrl);
      // DEPOSIT_OPEN_MAX is 10 by default: one account cannot hold every amount near a figure (decision 038).
      for (let n = 0; n < 10; n += 1) await requestDeposit(page.request, "10", { fromAddress: null });

      await page.goto("/deposit");
      await page.getByLabel(says(language, "Amount (USDT)")).fill(digits(language, "10"));
      await page.getByRole("button", { name: says(language, "Submit Deposit Request") }).click();
      await page.getByRole("button", { name: says(language, "Confirm") }).click();
      const refusal = says(language, "You have too many deposit requests waiting. Send one of them, or wait until they expire.");
      await expect(page.locator("#usdtAmount-error")).toHaveText(refusal);
      await expect(page.getByText(`${says(language, "Failed to submit deposit request")}: ${refusal}`)).toBeVisible();
      await expect(page.getByTestId("deposit-send")).toHaveCount(0);
    });
  });

  test.describe(`${name} at 375 px, with requests that expire after a minute`, () => {
    test.use({ baseURL: e2eShortWindowBaseUrl, viewport: phone, ...(language === "bn" ? { locale: "bn-BD" } : {}) });

    test("a request nobody pays expires, and a new one is a tap away", async ({ page }) => {
      test.setTimeout(180_000);
      await signUpViaApi(page, newUser(`expiry${language}`), e2eShortWindowBaseUrl);
      if (language === "bn") await chooseLanguage(page, "bn", e2eShortWindowBaseUrl);

      await page.goto("/deposit");
      const first = await requestThroughTheForm(page, language, "10");
      const panel = page.getByTestId("deposit-send");
      const amount = `${digits(language, shownFigure(first.payAmount))} USDT`;
      await expect(panel.getByRole("heading", { name: says(language, "Send exactly <0>{amount}</0>", { amount }) })).toBeVisible();
      await expect(panel.getByTestId("expires-in")).toHaveText(expiresInPattern(language, "(1:00|0:[0-5]\\d)"));
      await expect(
        panel.getByText(
          says(
            language,
            "{minutes, plural, one {This exact amount tells us the transfer is yours. Send it within # minute, in one transfer.} other {This exact amount tells us the transfer is yours. Send it within # minutes, in one transfer.}}",
            {},
            1,
          ),
        ),
      ).toBeVisible();

      // The minute passes with nothing sent: 'Expired', nothing left to send to, and the way to ask again.
      await expect(panel.getByTestId("deposit-status")).toHaveText(says(language, "Expired"), { timeout: 75_000 });
      await expect(panel.getByRole("heading", { name: says(language, "This request has expired") })).toBeVisible();
      await expect(
        panel.getByText(says(language, "Nothing arrived in time, so this amount no longer works. Make a new request to get a new one.")),
      ).toBeVisible();
      await expect(panel.getByTestId("deposit-address")).toHaveCount(0);
      await expect(panel.getByTestId("pay-amount")).toHaveCount(0);
      await checkScreen(page, language, `deposit-expired-${language}-375`);
      // The server says so too: still pending, and expired.
      const read = (await (await page.request.get(`/api/transactions/${first.id}`)).json()) as Deposit;
      expect(read).toMatchObject({ status: "pending", expired: true });

      // 'Make a new request': the same request to review again, then a new amount and a new minute.
      await panel.getByRole("button", { name: says(language, "Make a new request") }).click();
      const second = await confirmReview(page, language, "10");
      // The expired amount stays held for another window: the new request gets another one.
      expect(second.payAmount).not.toBe(first.payAmount);
      await expect(page.getByTestId("deposit-send").getByTestId("expires-in")).toHaveText(expiresInPattern(language, "(1:00|0:[0-5]\\d)"));
      await expect(page.getByTestId("deposit-send").getByTestId("deposit-status")).toHaveText(says(language, "Waiting for your transfer"));

      // Everywhere the customer sees them: the expired one reads 'Expired', not 'Pending'; the new one counts down.
      await page.goto("/transactions");
      const rows = page.getByRole("list", { name: says(language, "Transactions") }).getByRole("listitem");
      await expect(rows).toHaveCount(2);
      const expiredRow = rows.filter({ hasText: amount });
      await expect(expiredRow).toContainText(says(language, "Expired"));
      await expect(expiredRow).not.toContainText(says(language, "Pending"));
      await expect(expiredRow.getByTestId("deposit-window")).toHaveCount(0);
      const newRow = rows.filter({ hasText: `${digits(language, shownFigure(second.payAmount))} USDT` });
      await expect(newRow).toContainText(says(language, "Pending"));
      await expect(newRow.getByTestId("deposit-window")).toBeVisible();
      await checkScreen(page, language, `deposit-transactions-expired-${language}-375`);

      await page.goto("/dashboard");
      const recent = page.getByRole("list", { name: says(language, "Recent transactions") });
      await expect(recent.getByRole("listitem").filter({ hasText: amount })).toContainText(says(language, "Expired"));

      // Its receipt: 'Expired', the amount that was to be sent and until when, and the way to a new request.
      await page.goto(`/transactions/${first.id}`);
      const receipt = page.getByTestId("transaction-receipt");
      await expect(receipt.getByTestId("receipt-status")).toHaveText(says(language, "Expired"));
      await expect(receipt.getByTestId("receipt-pay-amount")).toHaveText(amount);
      await expect(receipt.getByTestId("receipt-valid-until").locator("time")).toHaveAttribute("datetime", first.expiresAt);
      await expect(receipt.getByText(says(language, "Expected"), { exact: true })).toHaveCount(0);
      await checkScreen(page, language, `deposit-receipt-expired-${language}-375`);
      await page.getByRole("link", { name: says(language, "Make a new request") }).click();
      await expect(page).toHaveURL(/\/deposit$/);
      await expect(page.getByLabel(says(language, "Amount (USDT)"))).toBeVisible();
    });
  });
}
