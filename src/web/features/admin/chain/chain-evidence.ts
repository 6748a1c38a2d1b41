// How the back office shows a deposit's chain evidence (docs/product.md, Deposits checked on the chain):
// the words for each state, the tone of its badge, short TXIDs, and which approvals need the admin to
// say they checked the transfer themselves. Plain functions, so the unit tests run them as they are.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AdminTransactionDto, ChainState } from "#shared/admin-schemas.ts";
import { bengaliDigits, formatUsdt, parseUsdt } from "#shared/money.ts";
import { shownLocale } from "../../../lib/locale-format.ts";
import { translated } from "../shell/admin-i18n.ts";

/** The CSV export's words for each state: in English whatever the screen shows, for the tools that read it. */
/* eslint-disable lingui/no-unlocalized-strings -- kept English on purpose, as said above */
export const chainStateLabels: Record<ChainState, string> = {
  confirmed: "Confirmed on chain",
  amount_differs: "Amount differs",
  not_seen: "Not seen on chain yet",
  off: "Chain check off",
};
/* eslint-enable lingui/no-unlocalized-strings */

/** What an admin reads for each state on screen and in the Chain filter: the same words, in the shown language. */
const chainStateMessages: Record<ChainState, MessageDescriptor> = {
  confirmed: msg`Confirmed on chain`,
  amount_differs: msg`Amount differs`,
  not_seen: msg`Not seen on chain yet`,
  off: msg`Chain check off`,
};

export function chainStateLabel(state: ChainState): string {
  return translated(chainStateMessages[state]);
}

export const chainStateTones: Record<ChainState, "success" | "warning" | "neutral" | "danger"> = {
  confirmed: "success",
  amount_differs: "danger",
  not_seen: "warning",
  off: "neutral",
};

/** The Chain filter of Manage Transactions, in the order the select lists them. */
export const chainFilterOptions = [
  {
    value: "all",
    get label() {
      return translated(msg`All`);
    },
  },
  ...(["confirmed", "amount_differs", "not_seen", "off"] as const).map((value) => ({
    value,
    get label() {
      return chainStateLabel(value);
    },
  })),
] as const;

/** "3f1c…9a0b7e": a TXID short enough for a table cell; the whole one is in the link and the detail panel. */
export function shortTxid(txid: string): string {
  return txid.length <= 16 ? txid : `${txid.slice(0, 8)}…${txid.slice(-6)}`;
}

/** "20.5" → "20.5 USDT". */
export function usdtText(amount: string): string {
  return `${shownDigits(amount)} USDT`;
}

/**
 * A deposit's exact amount to send, "50.013700" → "50.0137 USDT": what the customer was shown, with the
 * zeros after its last digit dropped (exact: no float on the way). A text that is not an amount stays as sent.
 */
export function payAmountText(payAmount: string): string {
  try {
    return usdtText(formatUsdt(parseUsdt(payAmount)));
  } catch {
    return usdtText(payAmount);
  }
}

/** Two USDT amounts as wire strings ("50.0137", "50.013700") name the same number of micro-USDT. */
export function sameUsdtAmount(a: string, b: string): boolean {
  try {
    return parseUsdt(a) === parseUsdt(b);
  } catch {
    return false;
  }
}

/**
 * The transfer behind a deposit's evidence came from another address than the one the customer typed
 * (decision 038: a fact for the admin, never a key, since nothing proves who holds an address). False
 * when the customer gave none or there is no transfer.
 */
export function sentFromAnotherAddress(t: Pick<AdminTransactionDto, "fromAddress" | "chain">): boolean {
  const transfer = t.chain?.transfer;
  return Boolean(t.fromAddress && transfer && transfer.fromAddress !== t.fromAddress);
}

/**
 * Where a deposit request's window stands (decision 038): none (withdrawals, adjustments, requests made
 * before windows existed); open until `at`; expired (pending, its window over and nothing received,
 * as the server says); or ended at `at` (it was settled or decided, so its end is only a date).
 */
export type DepositWindow = { kind: "none" } | { kind: "open" | "ended" | "expired"; at: string };

export function depositWindowOf(t: Pick<AdminTransactionDto, "type" | "expiresAt" | "expired">, now: number = Date.now()): DepositWindow {
  if (t.type !== "deposit" || t.expiresAt === null) return { kind: "none" };
  if (t.expired) return { kind: "expired", at: t.expiresAt };
  const ends = new Date(t.expiresAt).getTime();
  return { kind: ends > now ? "open" : "ended", at: t.expiresAt };
}

/** '1 USDT = 125.00 BDT', or in Bangla '১ USDT = ১২৫.০০ টাকা': the rate a deposit was credited at. */
export function rateText(rate: string): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a formula of a unit and figures, one per language here
  return shownLocale() === "bn" ? `১ USDT = ${bengaliDigits(rate)} টাকা` : `1 USDT = ${rate} BDT`;
}

/** An exact decimal string in the digits of the shown language (never through a float). */
function shownDigits(amount: string): string {
  return shownLocale() === "bn" ? bengaliDigits(amount) : amount;
}

/**
 * Whether approving this transaction first needs "Approve anyway": a pending customer deposit that the
 * running watcher has not confirmed (nothing seen, or a transfer with another amount). Confirmed
 * deposits, the watcher being off, withdrawals and adjustments approve as they always did.
 */
export function needsChainAcknowledgement(t: Pick<AdminTransactionDto, "type" | "status" | "chain">): boolean {
  return t.type === "deposit" && t.status === "pending" && (t.chain?.state === "not_seen" || t.chain?.state === "amount_differs");
}
