// Two things a Bangla customer reads on a phone, checked as Chromium draws them at 375 px:
//
// - a toast in Bangla is drawn in the Bengali font the app ships (Noto Sans Bengali, from our own
//   origin), not in whatever the system falls back to: this machine has no Bengali system font, so
//   a toast whose font stack left it out would be boxes. Chromium's DevTools protocol names the
//   fonts it really used for the toast's text (CSS.getPlatformFontsForNode);
// - a toast shown before a switch of language reads in the new language while it is still on
//   screen, the server's refusal inside it too;
// - a decision e-mail from a real journey (an admin rejects the customer's deposit request) fits
//   the phone's width, names the transaction by its short reference, and its button opens that
//   transaction's receipt in the signed-in app. A picture of it is kept for a person to look at.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { displayBdtBangla, parseBdt } from "#shared/money.ts";
import { newUser, signUpViaApi } from "./support/accounts.ts";
import { addSim, originHeaders, requestDeposit } from "./support/admin.ts";
import { bangla } from "./support/catalogs.ts";
import { e2eBaseUrl, e2eOutboxDir } from "./support/e2e-env.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";

const phone = { width: 375, height: 800 };
const shippedFont = "Noto Sans Bengali";
// sonner's own font stack (node_modules/sonner/dist/styles.css), which has no Bengali font.
const sonnersOwnStack =
  'ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** A customer reading the app in Bangla on a phone, signed in, in a browser of their own. */
async function banglaCustomer(browser: Browser, prefix: string) {
  const context = await browser.newContext({ locale: "bn-BD", viewport: phone });
  const page = await context.newPage();
  const user = newUser(prefix);
  await signUpViaApi(page, user);
  const chose = await page.request.put("/api/me/language", { data: { language: "bn" }, headers: originHeaders });
  expect(chose.status(), await chose.text()).toBe(200);
  return { context, page, user };
}

type PlatformFont = { familyName: string; isCustomFont: boolean; glyphCount: number };

/** The fonts Chromium used to draw the text inside the first element matching `selector`. */
async function platformFontsOf(page: Page, selector: string): Promise<PlatformFont[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    if (nodeId === 0) return [];
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}

test.describe("in Bangla at 375 px", () => {
  test("a toast is drawn in the app's Bengali font, not a system fallback", async ({ browser }) => {
    const customer = await banglaCustomer(browser, "toastfont");
    const { page } = customer;
    await page.goto("/profile");
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await page.getByRole("button", { name: bangla("Save Changes") }).click();
    const toastText = bangla("Profile updated successfully");
    const title = "[data-sonner-toast] [data-title]";
    await expect(page.locator(title)).toHaveText(toastText);
    // A pointer on the toast keeps it on screen (sonner pauses its timer) while it is measured.
    await page.locator("[data-sonner-toast]").hover();

    // The webfont downloads when its first Bengali letter is drawn (font-display: swap): the
    // toast is redrawn in it once it has arrived, and only a stack that names it gets there.
    let fonts: PlatformFont[] = [];
    await expect
      .poll(
        async () => {
          fonts = await platformFontsOf(page, title);
          return fonts.find((font) => font.familyName === shippedFont)?.glyphCount ?? 0;
        },
        { message: `the toast's fonts: ${JSON.stringify(fonts)}` },
      )
      .toBeGreaterThan(0);
    const bengali = fonts.find((font) => font.familyName === shippedFont)!;
    // Our own file (a web font), not one of the system's.
    expect(bengali.isCustomFont).toBe(true);
    // Every Bengali letter of the sentence (conjuncts are one glyph each, so at least the words'
    // count): the other fonts draw no more than the spaces between them.
    expect(bengali.glyphCount).toBeGreaterThanOrEqual(toastText.split(" ").length);
    const others = fonts.filter((font) => font !== bengali).reduce((sum, font) => sum + font.glyphCount, 0);
    expect(others, JSON.stringify(fonts)).toBeLessThanOrEqual(toastText.split(" ").length - 1);
    await page.screenshot({ path: "test-results/screenshots/bn-toast-375.png" });

    // What the toast's own stack would have done: the same text in sonner's default fonts gets no
    // Bengali font from its stack, and is drawn by the system's fallback (here: boxes).
    await page.locator("[data-sonner-toaster]").evaluate((toaster, stack) => {
      (toaster as HTMLElement).style.fontFamily = stack;
    }, sonnersOwnStack);
    await expect.poll(async () => (await platformFontsOf(page, title)).some((font) => font.familyName === shippedFont)).toBe(false);
    await customer.context.close();
  });

  test("a decision e-mail fits the phone, names the transaction and its button opens the receipt", async ({ browser }) => {
    const customer = await banglaCustomer(browser, "mail375");
    const deposit = await requestDeposit(customer.page.request, "20");

    // The admin rejects the request; the outbox sender writes the customer's e-mail at once.
    const admin = await browser.newContext();
    await signInAsSuperAdmin(admin.request);
    const rejected = await admin.request.post(`/api/admin/transactions/${deposit.id}/reject`, {
      data: { reason: "টাকা আসেনি" },
      headers: originHeaders,
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
    await admin.close();
    const raw = await mailOfEvent(`transaction.rejected:${deposit.id}`, customer.user.email);
    expect(subjectOf(raw)).toBe("আপনার জমার অনুরোধ প্রত্যাখ্যাত হয়েছে");
    const receipt = `${e2eBaseUrl}/transactions/${deposit.id}`;
    const text = partOf(raw, "text/plain");
    expect(text).toContain(`${bangla("View transaction")}: ${receipt}\n`);
    expect(text).toContain(`রেফারেন্স: ${deposit.id.slice(0, 8)}`);
    // The amount as the app writes it in Bangla: Bengali digits, grouped in lakh.
    expect(text).toContain(displayBdtBangla(parseBdt(deposit.amount)));

    // Its HTML as a phone's mail client shows it (which has a Bengali font: Android's is Noto
    // Sans Bengali, which this machine lacks, so the page is given the app's copy of it).
    const mail = await customer.context.newPage();
    await mail.setViewportSize(phone);
    await mail.setContent(partOf(raw, "text/html"));
    await withBengaliFont(mail);
    await expect(mail.locator('meta[name="viewport"]')).toHaveAttribute("content", "width=device-width, initial-scale=1");
    expect(await mail.evaluate(() => document.documentElement.scrollWidth), "sideways scroll").toBeLessThanOrEqual(phone.width);
    await expect(mail.getByText(`রেফারেন্স: ${deposit.id.slice(0, 8)}`)).toBeVisible();
    const button = mail.getByRole("link", { name: bangla("View transaction") });
    await expect(button).toHaveAttribute("href", receipt);
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    expect(box.height).toBeGreaterThanOrEqual(40); // a finger's target
    await mail.screenshot({ path: "/tmp/mail-375.png", fullPage: true });
    await mail.screenshot({ path: "test-results/screenshots/bn-mail-375.png", fullPage: true });

    // Followed in the signed-in customer's browser, the button opens that transaction's receipt.
    await button.click();
    await expect(mail).toHaveURL(receipt);
    await expect(mail.getByRole("heading", { level: 1, name: bangla("Deposit receipt") })).toBeVisible();
    await expect(mail.getByTestId("receipt-reference")).toHaveText(deposit.id);
    expect(await mail.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await customer.context.close();
  });
});

/** The .eml file the outbox sender wrote for one event (its name carries the event key), waiting for it. */
async function mailOfEvent(eventKey: string, email: string): Promise<string> {
  const key = eventKey.replace(/[^A-Za-z0-9._-]/g, "_");
  const to = email.replace(/[^A-Za-z0-9@._-]/g, "_");
  let file: string | undefined;
  await expect
    .poll(
      async () => {
        file = (await readdir(e2eOutboxDir).catch(() => [] as string[])).find((name) => name.includes(`-${key}-${to}.eml`));
        return file !== undefined;
      },
      { timeout: 20_000, message: `the e-mail of ${eventKey}` },
    )
    .toBe(true);
  return readFile(path.join(e2eOutboxDir, file!), "utf8");
}

/** The Subject header, its RFC 2047 words decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(word, "base64").toString("utf8")
        : Buffer.from(
            word.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .replace(/\r?\n[ \t]+/g, " ");
}

/** The message's part of this type, its transfer encoding undone, as a mail client shows it. */
function partOf(raw: string, type: "text/plain" | "text/html"): string {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  expect(boundary, "a multipart message").toBeTruthy();
  const part = raw.split(`--${boundary}`).find((p) => new RegExp(`Content-Type: ${type}`, "i").test(p));
  expect(part, `a ${type} part`).toBeTruthy();
  const [head, ...body] = part!.split(/\r?\n\r?\n/);
  const content = body.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(head!)) return content;
  const unfolded = content.replace(/=\r?\n/g, "");
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** Gives a page the app's own Noto Sans Bengali files, as a phone with the font installed has it. */
async function withBengaliFont(page: Page): Promise<void> {
  const files = path.resolve("node_modules/@fontsource/noto-sans-bengali/files");
  const faces = await Promise.all(
    ([400, 600] as const).map(async (weight) => {
      const woff2 = await readFile(path.join(files, `noto-sans-bengali-bengali-${weight}-normal.woff2`));
      return `@font-face{font-family:"${shippedFont}";font-weight:${weight};src:url(data:font/woff2;base64,${woff2.toString("base64")}) format("woff2")}`;
    }),
  );
  await page.addStyleTag({ content: faces.join("") });
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate((family) => document.fonts.load(`400 16px "${family}"`, "অ"), shippedFont);
}

test("a toast shown before a switch to বাংলা reads in Bangla, the server's refusal inside it too", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signUpViaApi(page, newUser("toastlang"));
  const taken = `019${String(Date.now()).slice(-8)}`;
  await addSim(page.request, taken, "Personal");
  await page.goto("/sims");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByLabel("Phone number").fill(taken);
  await page.getByLabel("Wallet type").selectOption("Personal");
  await page.getByRole("button", { name: "Add SIM" }).click();
  const title = page.locator("[data-sonner-toast] [data-title]");
  await expect(title).toHaveText("Failed to add SIM: This phone number is already registered");
  // A pointer on the toast keeps it on screen (sonner pauses its timer) across the switch.
  await page.locator("[data-sonner-toast]").hover();
  await page.getByRole("button", { name: "বাংলা" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  const reason = bangla("This phone number is already registered");
  await expect(title).toHaveText(bangla("Failed to add SIM: {reason}").replace("{reason}", reason));
  await page.screenshot({ path: "test-results/screenshots/toast-after-switch-to-bn.png" });
  await page.screenshot({ path: "/tmp/web-rest-toast-bn.png" });
  await context.close();
});
