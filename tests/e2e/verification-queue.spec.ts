// The verification queue (docs/product.md, Back office › Verifications): a request whose chosen
// document misses a side is not in the default (Pending) list, only under Incomplete, and there has
// no Approve; a complete one opens in the document viewer, which zooms (the image grows, the frame
// pans) and approves with the row's own button. The viewer stays usable with a large portrait
// image at 1280 px and at 375 px.
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { checkScreen, customerInNewBrowser, idCardPng, uploadDocument } from "./support/admin.ts";
import { e2eDataDir } from "./support/e2e-env.ts";
import { signInAsSuperAdmin } from "./support/super-admin.ts";

const adminState = path.join(e2eDataDir, "e2e-verification-queue-spec-state.json");

// The super admin signs in once for the file: sign-ins are throttled per account.
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  await signInAsSuperAdmin(context.request);
  await context.storageState({ path: adminState });
  await context.close();
});

async function adminBrowser(browser: Browser, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: adminState, viewport: { width, height: 800 } });
  return { context, page: await context.newPage() };
}

/** A customer who uploaded both sides of a National ID: the front a large photo taken upright (portrait). */
async function completeCustomer(browser: Browser, prefix: string) {
  const customer = await customerInNewBrowser(browser, prefix);
  await uploadDocument(customer.page.request, "national_id", "front", idCardPng([4, 120, 87], 900, 1400));
  await uploadDocument(customer.page.request, "national_id", "back", idCardPng([30, 64, 175]));
  return customer;
}

test("an incomplete request waits under 'Incomplete' without Approve; a complete one zooms in the viewer and is approved from it", async ({
  browser,
}) => {
  const incomplete = await customerInNewBrowser(browser, "halfid");
  await uploadDocument(incomplete.page.request, "national_id", "front", idCardPng([37, 99, 235]));
  const complete = await completeCustomer(browser, "wholeid");
  const admin = await adminBrowser(browser, 1280);
  const { page } = admin;
  const rowOf = (email: string) => page.getByRole("row").filter({ hasText: email });

  // Not in the default list, even when searched for.
  await page.goto(`/admin/verifications?q=${encodeURIComponent(incomplete.user.email)}`);
  await expect(page.getByRole("button", { name: "Pending" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("No verification requests found")).toBeVisible();
  await expect(rowOf(incomplete.user.email)).toHaveCount(0);

  // Under Incomplete: marked, Reject offered, Approve not.
  await page.getByRole("button", { name: "Incomplete" }).click();
  await expect(page).toHaveURL(/status=incomplete/);
  const waiting = rowOf(incomplete.user.email);
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText("Back side missing");
  await expect(waiting.getByRole("button", { name: `Reject verification of ${incomplete.user.email}` })).toBeVisible();
  await expect(waiting.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  // Its viewer says why, and offers no Approve either.
  await waiting.getByRole("button", { name: `View documents of ${incomplete.user.email}` }).click();
  const halfViewer = page.getByRole("dialog", { name: "Verification Documents" });
  await expect(halfViewer.getByText("It can be approved once every side is in.")).toBeVisible();
  await expect(halfViewer.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await expect(halfViewer.getByRole("button", { name: /^Reject/ })).toBeVisible();
  await page.keyboard.press("Escape");

  // The complete one is in the default list; its viewer zooms.
  await page.goto(`/admin/verifications?q=${encodeURIComponent(complete.user.email)}`);
  const row = rowOf(complete.user.email);
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText("missing");
  await row.getByRole("button", { name: `View documents of ${complete.user.email}` }).click();
  const viewer = page.getByRole("dialog", { name: "Verification Documents" });
  const front = viewer.getByRole("img", { name: "national id front" });
  await expect(front).toBeVisible();
  await expect.poll(() => front.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(900);
  const widthAt100 = (await front.boundingBox())!.width;
  await viewer.getByRole("button", { name: "Zoom in on national id front" }).click();
  await viewer.getByRole("button", { name: "Zoom in on national id front" }).click();
  await expect(viewer.getByText("156%")).toBeVisible();
  await expect.poll(async () => (await front.boundingBox())!.width).toBeGreaterThan(widthAt100 * 1.5);
  // The frame pans: it scrolls, and keeps its size inside the dialog.
  const frame = viewer.getByRole("group", { name: /national id front, zoom/ });
  await frame.evaluate((element) => element.scrollTo(80, 120));
  expect(await frame.evaluate((element) => [element.scrollLeft > 0, element.scrollTop > 0])).toEqual([true, true]);
  const dialogBox = (await viewer.boundingBox())!;
  const frameBox = (await frame.boundingBox())!;
  expect(frameBox.x + frameBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  // The keyboard: - zooms out, 0 resets.
  await frame.focus();
  await page.keyboard.press("-");
  await expect(viewer.getByText("125%")).toBeVisible();
  await page.keyboard.press("+");
  await expect(viewer.getByText("156%")).toBeVisible();
  // The picture shows the top of the zoomed card, where its coloured band is.
  await frame.evaluate((element) => element.scrollTo((element.scrollWidth - element.clientWidth) / 2, 0));
  await page.screenshot({ path: "/tmp/viewer.png" });
  await checkScreen(page, "verification-viewer-zoomed-1280", { fullPage: false });
  await page.keyboard.press("0");
  await expect(viewer.getByText("100%").first()).toBeVisible();

  // Approve from the viewer: it closes, and the request leaves the queue for Approved.
  const approve = viewer.getByRole("button", { name: `Approve verification of ${complete.user.email}` });
  await expect(approve).toBeInViewport();
  await approve.click();
  await expect(page.getByText("Verification approved")).toBeVisible();
  await expect(viewer).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await page.getByRole("button", { name: "Approved" }).click();
  await expect(row).toContainText("Approved");
  await expect(complete.page.request.get("/api/verification").then((r) => r.json())).resolves.toMatchObject({ status: "approved" });

  await incomplete.context.close();
  await complete.context.close();
  await admin.context.close();
});

test("at 375 px the viewer fits a large portrait image, zooms, and keeps Approve and Reject in view", async ({ browser }) => {
  const complete = await completeCustomer(browser, "phoneid");
  const admin = await adminBrowser(browser, 375);
  const { page } = admin;
  await page.goto(`/admin/verifications?q=${encodeURIComponent(complete.user.email)}`);
  const card = page.getByRole("listitem").filter({ hasText: complete.user.email });
  await card.getByRole("button", { name: `View documents of ${complete.user.email}` }).click();
  const viewer = page.getByRole("dialog", { name: "Verification Documents" });
  const front = viewer.getByRole("img", { name: "national id front" });
  await expect(front).toBeVisible();
  const before = (await front.boundingBox())!;
  expect(before.x).toBeGreaterThanOrEqual(0);
  expect(before.x + before.width).toBeLessThanOrEqual(375);
  await viewer.getByRole("button", { name: "Zoom in on national id front" }).click();
  await expect.poll(async () => (await front.boundingBox())!.width).toBeGreaterThan(before.width);
  // Nothing in the dialog is wider than the screen: the zoomed image scrolls inside its frame.
  expect(await viewer.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(viewer.getByRole("button", { name: /^Approve verification/ })).toBeInViewport();
  await expect(viewer.getByRole("button", { name: /^Reject verification/ })).toBeInViewport();
  await page.screenshot({ path: "/tmp/viewer-375.png" });
  await checkScreen(page, "verification-viewer-zoomed-375", { fullPage: false });

  // Reject from the viewer opens the reason dialog in its place.
  await viewer.getByRole("button", { name: /^Reject verification/ }).click();
  await expect(page.getByRole("dialog", { name: "Reject verification" })).toBeVisible();
  await expect(viewer).toHaveCount(0);
  await complete.context.close();
  await admin.context.close();
});
