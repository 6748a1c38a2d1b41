// What a deposit request is credited under decision 038, for journeys that approve one: no longer the
// round amount asked for, but the request's exact amount to pay (the amount asked plus a unique offset
// of at most 0.01 USDT) at the rate.
import { expect } from "@playwright/test";
import { bdtForUsdt, displayBdt, formatBdt, formatUsdt, parseRate, parseUsdt } from "#shared/money.ts";

/** The rate of the e2e server (the default): 1 USDT = 125 BDT. */
const e2eRate = parseRate("125");

export type DepositCredit = {
  /** The credit in poisha. */
  poisha: bigint;
  /** "2500.36": the credit as the API writes it. */
  bdt: string;
  /** "2,500.36 BDT": the credit as the screens show it. */
  shownBdt: string;
  /** "20.0029 USDT": the amount to pay as the screens and the request's reference show it. */
  payUsdt: string;
};

/**
 * Checks a deposit request's answer against the rules and gives its figures: the amount to pay is above
 * the amount asked by 0.000001 to 0.01 USDT, and the credit (`amount`) is exactly that at 125 BDT.
 */
export function depositCredit(usdtAmount: string, deposit: { amount: string; payAmount: string | null }): DepositCredit {
  expect(deposit.payAmount, "a new deposit request has an exact amount to pay").not.toBeNull();
  const asked = parseUsdt(usdtAmount);
  const pay = parseUsdt(deposit.payAmount ?? "");
  expect(pay).toBeGreaterThan(asked);
  expect(pay).toBeLessThanOrEqual(asked + 10_000n);
  const poisha = bdtForUsdt(pay, e2eRate);
  expect(deposit.amount).toBe(formatBdt(poisha));
  return { poisha, bdt: formatBdt(poisha), shownBdt: displayBdt(poisha), payUsdt: `${formatUsdt(pay)} USDT` };
}
