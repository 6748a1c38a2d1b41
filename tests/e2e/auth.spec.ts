// Signing up, signing in, password reset, the route guards and first-admin setup, as a newcomer
// would take them in Chromium.
import { expect, test } from "@playwright/test";
import { latestMailTo, newUser, resetLinkIn, signOutViaApi, signUpViaApi } from "./support/accounts.ts";
import { e2eBaseUrl } from "./support/e2e-env.ts";

test("sign up lands on the dashboard inside the customer layout, then sign out", async ({ page }) => {
  const user = newUser("signup");
  await page.goto("/signup");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("combobox", { name: "Country" }).click();
  await page.getByPlaceholder(/search/i).fill("Bangla");
  await page.getByRole("option", { name: /Bangladesh/ }).click();
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm password").fill(user.password);
  await page.getByRole("button", { name: "Sign up" }).click();

  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = page.getByRole("navigation").filter({ hasText: "Verification" }).first();
  for (const item of ["Profile", "Verification", "Dashboard", "Deposit", "Withdraw", "Transactions", "SIMs"]) {
    await expect(menu.getByRole("link", { name: item })).toBeVisible();
  }

  await page.getByRole("button", { name: /log out/i }).click();
  await expect(page.getByText("Logged out successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("sign-up form shows its validation messages", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Username").fill("ab");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("other");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please select your country")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test("a wrong password shows an error toast and re-enables the form", async ({ page }) => {
  const user = newUser("wrongpw");
  await signUpViaApi(page, user);
  await signOutViaApi(page);

  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("Not-the-password-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeEnabled();
  await expect(page.getByLabel("Password", { exact: true })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
});

test("a guarded page sends a signed-out visitor to /login and back after sign-in", async ({ page }) => {
  const user = newUser("returnto");
  await signUpViaApi(page, user);
  await signOutViaApi(page);

  await page.goto("/transactions");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Logged in successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
});

test("forgot password: the e-mailed link resets the password, and the new one signs in", async ({ page }) => {
  const user = newUser("reset");
  await signUpViaApi(page, user);
  await signOutViaApi(page);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Password reset link has been sent to your email. Please check your inbox.")).toBeVisible();

  const link = resetLinkIn(await latestMailTo(user.email));
  await page.goto(link);
  const newPassword = "Brand-New-Secret-7";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm password").fill(newPassword);
  await page.getByRole("button", { name: /reset password/i }).click();
  await expect(page.getByText("Your password has been reset successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was single-use.
  await page.goto(link);
  await expect(page.getByText("Invalid or expired reset link.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request New Link" })).toBeVisible();
});

test("/make-admin refuses once an admin exists", async ({ page }) => {
  await page.goto("/make-admin");
  await expect(page.getByText(/setup is complete/i)).toBeVisible();
  await expect(page.getByRole("link", { name: /admin login/i })).toHaveAttribute("href", "/admin/login");
  const refused = await page.request.post("/api/setup/first-admin", {
    data: { email: "second@example.test", password: "Another-Long-Passphrase-9" },
    headers: { origin: e2eBaseUrl },
  });
  expect(refused.status()).toBe(409);
});

test("a customer at /admin/login is told admin privileges are required", async ({ page }) => {
  const user = newUser("notadmin");
  await signUpViaApi(page, user);
  await signOutViaApi(page);

  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await expect(page.getByText("Access denied. Admin privileges required.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin(\/login)?$/);
  // And they were signed out again.
  const me = await page.request.get("/api/me");
  expect(me.status()).toBe(401);
});

test("an unknown path shows the not-found page with a link home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: /home/i }).click();
  await expect(page).toHaveURL(/\/$/);
});
