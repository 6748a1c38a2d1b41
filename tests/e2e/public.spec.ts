// The public site (docs/product.md, Public site, Content pages, Contact page, Legal page) as a visitor meets it, at desktop and phone width:
// every public route shows its heading with no console error, no failed request and no serious
// axe violation; the landing page's anchors and side menu work; 'Contact Sales' opens the chat in a
// new tab; the contact form validates and really sends; the lists filter; the legal tabs switch.
import { seriousAxeViolations } from "./support/axe.ts";
import { expect, test, type Page } from "@playwright/test";
import { contactMessages } from "../../src/shared/contact-schemas.ts";
import { publicChatUrl } from "../../src/shared/public-contact.ts";

const screenshotDir = process.env.UPDATE_SCREENSHOTS ? "tests/e2e/screenshots" : "test-results/screenshots";
const widths = [1280, 375] as const;

// Every public route with the heading a visitor sees first.
const publicRoutes: readonly { path: string; heading: string | RegExp; marketing: boolean }[] = [
  { path: "/", heading: "Next Generation Payment Solutions", marketing: true },
  { path: "/signup", heading: /create.*account|sign up/i, marketing: false },
  { path: "/login", heading: "Sign in to your account", marketing: false },
  { path: "/forgot-password", heading: /forgot|reset/i, marketing: false },
  { path: "/reset-password", heading: /reset|link/i, marketing: false },
  { path: "/payment-processing", heading: "Payment Processing Solutions", marketing: true },
  { path: "/online-checkout", heading: "Online Checkout", marketing: true },
  { path: "/invoicing", heading: "Invoicing Solutions", marketing: true },
  { path: "/subscriptions", heading: "Subscription Management", marketing: true },
  { path: "/point-of-sale", heading: "Point of Sale Solutions", marketing: true },
  { path: "/documentation", heading: "Documentation", marketing: true },
  { path: "/api-reference", heading: "API Reference", marketing: true },
  { path: "/support", heading: "Support Center", marketing: true },
  { path: "/partners", heading: "Partner Program", marketing: true },
  { path: "/blog", heading: "Blog", marketing: true },
  { path: "/about", heading: "About Us", marketing: true },
  { path: "/careers", heading: "Careers", marketing: true },
  { path: "/press", heading: "Press", marketing: true },
  { path: "/contact", heading: "Contact Us", marketing: true },
  { path: "/legal", heading: "Legal", marketing: true },
];

// Chunks of the signed-in areas: the public site must never download them (route-level splitting).
const privateChunk =
  /\/assets\/(?:customer-|admin-|dashboard-page|deposit-page|withdraw-page|transactions-page|sims-page|profile-page|verification-page|live-updates)/;

/** Records what went wrong while the page was used: console errors, uncaught errors, failed requests. */
function watchPage(page: Page) {
  const problems: string[] = [];
  const scripts: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  return { problems, scripts };
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The chat host is not reachable from here: answer its URL with a stub page so the new tab loads. */
async function stubChat(page: Page): Promise<void> {
  await page.context().route(`${publicChatUrl}**`, (route) => route.fulfill({ contentType: "text/html", body: "<title>Chat</title>Chat" }));
}

function slug(path: string): string {
  return path === "/" ? "landing" : path.slice(1);
}

for (const width of widths) {
  test.describe(`public routes at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    for (const route of publicRoutes) {
      test(`${route.path} shows its heading, cleanly and accessibly`, async ({ page }) => {
        const watched = watchPage(page);
        await page.goto(route.path, { waitUntil: "networkidle" });
        await expect(page.getByRole("heading", { level: 1, name: route.heading }).first()).toBeVisible();
        await expectNoSeriousAxeViolations(page);
        if (route.marketing) {
          // The page fits the screen: nothing wider than the viewport (no sideways scrolling on a phone).
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          expect(watched.scripts.filter((url) => privateChunk.test(url))).toEqual([]);
          await page.screenshot({ path: `${screenshotDir}/public-${slug(route.path)}-${width}.png`, fullPage: true });
        }
        expect(watched.problems).toEqual([]);
      });
    }
  });
}

test.describe("landing page navigation", () => {
  test("the bar's links scroll to Features, How it Works and Pricing, also arriving from another page", async ({ page }) => {
    const watched = watchPage(page);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, id] of [
      ["Pricing", "pricing"],
      ["Features", "features"],
      ["How it Works", "how-it-works"],
    ] as const) {
      await nav.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    // Sign In and Get Started
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");

    // From a content page, the same link goes to the landing page and scrolls to the section.
    await page.goto("/about");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.getByRole("heading", { level: 2, name: "Simple, transparent pricing" })).toBeInViewport();

    // A bookmark or a link from elsewhere: a fresh load of /#how-it-works.
    await page.goto("/#how-it-works");
    await expect(page.locator("#how-it-works")).toBeInViewport();
    expect(watched.problems).toEqual([]);
  });

  test("the landing page has its sections, plans and footer links", async ({ page }) => {
    await page.goto("/");
    await expect(
      page
        .getByRole("list")
        .filter({ has: page.getByRole("img", { name: "Aurobay" }) })
        .getByRole("img"),
    ).toHaveCount(18);
    const features = page.locator("#features");
    for (const title of [
      "Fast Transactions",
      "Secure Payments",
      "Global Reach",
      "Easy Integration",
      "Real-time Analytics",
      "24/7 Support",
    ]) {
      await expect(features.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }
    const steps = page.locator("#how-it-works");
    for (const step of ["01 Sign Up", "02 Integrate", "03 Accept Payments", "04 Manage & Grow"]) {
      await expect(steps.getByRole("heading", { level: 3, name: step })).toBeVisible();
    }
    const pricing = page.locator("#pricing");
    await expect(pricing.getByText("5%")).toBeVisible();
    await expect(pricing.getByText("4%")).toBeVisible();
    await expect(pricing.getByText("Sunday to Saturday")).toHaveCount(2);
    await expect(pricing.getByText("Popular")).toBeVisible();
    for (const item of ["Priority Email Support", "Analytical Dashboard", "No Payout Charge"]) {
      await expect(pricing.getByText(item, { exact: true })).toHaveCount(2);
    }
    for (const link of await pricing.getByRole("link", { name: /^Get Started/ }).all())
      await expect(link).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("link", { name: "Get Started Now" })).toHaveAttribute("href", "/signup");

    const footer = page.getByRole("contentinfo");
    const footerLinks: Record<string, readonly string[]> = {
      Products: ["/payment-processing", "/online-checkout", "/invoicing", "/subscriptions", "/point-of-sale"],
      Resources: ["/documentation", "/api-reference", "/support", "/partners", "/blog"],
      Company: ["/about", "/careers", "/press", "/contact", "/legal"],
    };
    for (const [group, hrefs] of Object.entries(footerLinks)) {
      const column = footer.getByRole("navigation", { name: group });
      for (const href of hrefs) await expect(column.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    for (const name of ["Terms", "Privacy", "Cookies"])
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", "/legal");
    const telegram = footer.getByRole("link", { name: /Contact us on Telegram/ });
    await expect(telegram).toHaveAttribute("href", publicChatUrl);
    await expect(telegram).toHaveAttribute("target", "_blank");
    await expect(footer.getByText("© 2025 Nexapay")).toBeVisible();
  });

  test("'Contact Sales' opens the chat in a new tab, without a handle on our page", async ({ page }) => {
    await stubChat(page);
    await page.goto("/");
    const contactSales = page.getByRole("link", { name: /^Contact Sales/ }).first();
    await expect(contactSales).toHaveAttribute("target", "_blank");
    await expect(contactSales).toHaveAttribute("rel", "noopener noreferrer");
    const popupPromise = page.waitForEvent("popup");
    await contactSales.click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(publicChatUrl);
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    await popup.close();
    // The support mail link of the hero.
    await expect(page.getByRole("link", { name: "support@nexapay.com.bd" }).first()).toHaveAttribute(
      "href",
      "mailto:support@nexapay.com.bd",
    );
  });
});

test.describe("side menu below 768 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("opens, closes on a choice (and on Escape), and the choice scrolls to its section", async ({ page }) => {
    const watched = watchPage(page);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const menuButton = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });

    await menuButton.click();
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `${screenshotDir}/public-menu-open-375.png`, animations: "disabled" });
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator("#pricing")).toBeInViewport();

    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await menuButton.click();
    await menu.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    expect(watched.problems).toEqual([]);
  });
});

test.describe("contact form", () => {
  test("shows each validation message, then 'Sending...', then the success toast, and resets", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("link", { name: /Start Live Chat/ })).toHaveAttribute("href", publicChatUrl);
    const send = page.getByRole("button", { name: "Send Message" });
    await expect(page.getByLabel("Subject")).toHaveValue("General Inquiry");
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("rows", "4");

    await send.click();
    for (const message of ["Name is required", "Please enter a valid email address", "Message is required"]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel("Name")).toBeFocused();
    // The subject has a default; an emptied select (only possible by tampering) is still refused.
    await page.getByLabel("Subject").evaluate((select: HTMLSelectElement) => {
      select.value = "";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await send.click();
    await expect(page.getByText("Subject is required")).toBeVisible();

    await page.getByLabel("Name").fill("Rahim Uddin");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Subject").selectOption("Partnership");
    await page.getByLabel("Message", { exact: true }).fill("We would like to offer Nexapay to our merchants.");
    await send.click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Name is required")).toBeHidden();
    await page.getByLabel("Email").fill("rahim@example.test");
    await page.getByLabel("Company (optional)").fill("Kantha&Co");

    // Hold the request until 'Sending...' has been seen, then let it through to the real server.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await released;
      await route.continue();
    });
    const responsePromise = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
    await send.click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expect(page.getByLabel("Name")).toBeDisabled();
    release();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    expect(JSON.parse(response.request().postData() ?? "{}")).toEqual({
      name: "Rahim Uddin",
      email: "rahim@example.test",
      company: "Kantha&Co",
      subject: "Partnership",
      message: "We would like to offer Nexapay to our merchants.",
    });
    expect(await response.json()).toEqual({ id: expect.any(String) as unknown });
    await expect(page.getByText(contactMessages.sent)).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Subject")).toHaveValue("General Inquiry");
  });

  test("a refused message shows the server's reason in a toast and keeps what was typed", async ({ page }) => {
    const reason = "Too many attempts. Please wait a minute and try again.";
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "RATE_LIMITED", message: reason } }),
      }),
    );
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Rahim Uddin");
    await page.getByLabel("Email").fill("rahim@example.test");
    await page.getByLabel("Message", { exact: true }).fill("Hello");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(reason)).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Rahim Uddin");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});

test.describe("lists that filter", () => {
  test("blog: search and category filter the posts, with an empty state", async ({ page }) => {
    await page.goto("/blog");
    const posts = page.getByRole("article");
    await expect(posts).toHaveCount(9);
    await page.getByLabel("Search posts").fill("scams");
    await expect(posts).toHaveCount(1);
    await expect(posts.first()).toContainText("Spotting payment scams");
    await page.getByLabel("Search posts").fill("");
    await page.getByLabel("Category").selectOption("Engineering");
    await expect(posts).toHaveCount(2);
    await expect(page.getByText("Showing 2 of 9 posts")).toBeVisible();
    await expect(page).toHaveURL(/category=Engineering/);
    await page.getByLabel("Search posts").fill("no such thing anywhere");
    await expect(posts).toHaveCount(0);
    await expect(page.getByText("No posts match your search.")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(posts).toHaveCount(9);
  });

  test("careers: department and location filter the openings; Apply writes to us", async ({ page }) => {
    await page.goto("/careers");
    const openings = page
      .getByRole("list")
      .filter({ has: page.getByRole("heading", { level: 3 }) })
      .first()
      .getByRole("listitem");
    await expect(openings).toHaveCount(10);
    await page.getByLabel("Department").selectOption("Customer Support");
    await expect(openings).toHaveCount(2);
    await page.getByLabel("Location").selectOption("Remote");
    await expect(openings).toHaveCount(1);
    await expect(openings.first()).toContainText("Night shift");
    await expect(openings.first().getByRole("link", { name: /Apply/ })).toHaveAttribute(
      "href",
      /^mailto:support@nexapay\.com\.bd\?subject=Application/,
    );
    await page.getByLabel("Search positions").fill("engineer");
    await expect(page.getByText("No positions match your search.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Department")).toHaveValue("Customer Support");
  });

  test("press: year and search filter the releases", async ({ page }) => {
    await page.goto("/press");
    const releases = page.getByRole("article");
    await expect(releases).toHaveCount(7);
    await page.getByLabel("Year").selectOption("2024");
    await expect(releases).toHaveCount(2);
    await page.getByLabel("Search releases").fill("TRC-20");
    await expect(releases).toHaveCount(1);
    await page.getByLabel("Year").selectOption("");
    await page.getByLabel("Type").selectOption("Security");
    await page.getByLabel("Search releases").fill("");
    await expect(releases).toHaveCount(1);
    await expect(releases.first()).toContainText("SOC 2");
  });
});

test("documentation: the contents list scrolls to each guide; press enquiries preselect the subject", async ({ page }) => {
  await page.goto("/documentation");
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Keep your account safe" }).click();
  await expect(page).toHaveURL(/\/documentation#security$/);
  await expect(page.getByRole("heading", { level: 2, name: "Keep your account safe" })).toBeInViewport();

  await page.goto("/press");
  await page.getByRole("link", { name: "Press enquiries" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("Press");
});

test("legal: four tabs with their dates, Terms of Service first, and /legal#privacy opens Privacy", async ({ page }) => {
  await page.goto("/legal");
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText(["Terms of Service", "Privacy Policy", "Cookies", "Security"]);
  await expect(page.getByRole("tab", { name: "Terms of Service" })).toHaveAttribute("aria-selected", "true");
  for (const [tab, date] of [
    ["Terms of Service", "1 May 2025"],
    ["Privacy Policy", "15 April 2025"],
    ["Cookies", "10 March 2025"],
    ["Security", "5 February 2025"],
  ] as const) {
    await page.getByRole("tab", { name: tab }).click();
    const panel = page.getByRole("tabpanel", { name: tab });
    await expect(panel.getByText(`Last updated: ${date}`)).toBeVisible();
    await expect(panel.getByRole("link", { name: /PDF/ })).toHaveAttribute("aria-disabled", "true");
  }
  for (const card of ["GDPR", "CCPA", "SLA"]) await expect(page.getByRole("heading", { level: 3, name: card })).toBeVisible();

  await page.goto("/legal#privacy");
  await expect(page.getByRole("tab", { name: "Privacy Policy" })).toHaveAttribute("aria-selected", "true");
});
