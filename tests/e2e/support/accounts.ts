// Helpers for journeys: fresh identities, API shortcuts for steps a journey is not about, and the
// outbox of real .eml files the server writes when no SMTP server is configured.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { e2eBaseUrl, e2eOutboxDir } from "./e2e-env.ts";

let counter = 0;

export type TestUser = { username: string; email: string; password: string; country: string };

export function newUser(prefix = "user"): TestUser {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username: id, email: `${id}@example.test`, password: "Correct-Horse-42", country: "BD" };
}

/**
 * Signs up through the API in this page's browser context, so the page is then signed in. `origin`
 * is the server the context's baseURL points at (the short-window server of deposits.spec.ts).
 */
export async function signUpViaApi(page: Page, user: TestUser, origin: string = e2eBaseUrl): Promise<void> {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email: user.email, password: user.password, username: user.username, country: user.country },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function signOutViaApi(page: Page): Promise<void> {
  await page.request.post("/api/auth/sign-out", { headers: { origin: e2eBaseUrl } });
}

/** Waits for the newest message to this address and answers its text (headers and body). */
export async function latestMailTo(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const safe = email.replace(/[^A-Za-z0-9@._-]/g, "_");
  for (;;) {
    const files = (await readdir(e2eOutboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${safe}.eml`)).sort();
    const newest = files.at(-1);
    if (newest) return readFile(path.join(e2eOutboxDir, newest), "utf8");
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${e2eOutboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The reset link of a password-reset message, with quoted-printable soft breaks undone. */
export function resetLinkIn(mail: string): string {
  const unfolded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(unfolded);
  if (!match) throw new Error(`no reset link in:\n${mail}`);
  return match[0];
}
