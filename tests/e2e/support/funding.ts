// Money for the journeys that are not about how it arrives: an admin adjustment, made by a
// "funding admin" of the journeys' own.
//
// Why not the super admin: an admin's adjustments made alone in 24 hours add up against
// FOUR_EYES_MIN_BDT (decision 040), and one run funds far more than 25,000 BDT; from then on every
// adjustment of the super admin would wait for a second admin. So the set-up rotates: a funding
// admin is appointed by the super admin, enrolled in two-factor sign-in, and replaced by a new one
// before its adjustments of this run would reach the threshold. The rule itself is proven by the
// API tests (tests/api/money/decision-safeguards.test.ts).
import { randomUUID } from "node:crypto";
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { appointAdmin } from "./admin.ts";

/** Each server's current funding admin and what it added so far (per test worker). */
const fundersByServer = new Map<string, { request: APIRequestContext; addedPoisha: number }>();

/** FOUR_EYES_MIN_BDT of the e2e servers (the product's default). */
const fourEyesMinPoisha = 25_000 * 100;

/**
 * Adds `amount` BDT (under 25,000) to a customer's balance. `superAdmin` is a context signed in as
 * the server's first admin, whose base URL names the server.
 */
export async function fundCustomer(superAdmin: APIRequestContext, baseURL: string, userId: string, amount: string): Promise<void> {
  const poisha = Math.round(Number(amount) * 100);
  expect(poisha, "one adjustment stays under the four-eyes threshold").toBeLessThan(fourEyesMinPoisha);
  let funder = fundersByServer.get(baseURL);
  if (!funder || funder.addedPoisha + poisha >= fourEyesMinPoisha) {
    await funder?.request.dispose();
    funder = { request: await newFundingAdmin(superAdmin, baseURL), addedPoisha: 0 };
    fundersByServer.set(baseURL, funder);
  }
  const response = await funder.request.post(`${baseURL}/api/admin/users/${userId}/balance-adjustments`, {
    data: { direction: "add", amount, note: "e2e set-up" },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  funder.addedPoisha += poisha;
}

async function newFundingAdmin(superAdmin: APIRequestContext, baseURL: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const account = { email: `funds-${randomUUID().slice(0, 8)}@example.test`, password: "Funding-Admin-Passphrase-2026" };
  await appointAdmin(superAdmin, context, account, baseURL);
  return context;
}
