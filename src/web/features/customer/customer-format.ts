// How the customer area writes dates, amounts and transaction details, in the shown language.
// Amounts stay decimal strings until money.ts turns them into bigint minor units: never a float.
import { i18n, setupI18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { groupBdMobile } from "#shared/bd-mobile.ts";
import { payAmountFigure } from "#shared/usdt-figure.ts";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import {
  bdtForUsdt,
  bengaliDigits,
  formatUsdt,
  isBdtAmount,
  isUsdtAmount,
  latinDigits,
  parseBdt,
  parseRate,
  parseUsdt,
} from "#shared/money.ts";
import { dateFormatter, formatBdtAmount, formatCount, numberFormatter, shownLocale } from "../../lib/locale-format.ts";
import { trxIdLabel, walletNumberOf, withdrawalMethodOf } from "../../lib/payout.ts";

// The figure is shared with the e-mails (src/shared/usdt-figure.ts); screens import it from here.
export { payAmountFigure };

// Before any language is active (unit tests; nothing is on screen yet) the sentences read in English.
const english = setupI18n({ locale: "en", messages: { en: {} } });

/** A message in the shown language, read when it is needed (never frozen at import). */
export function say(descriptor: MessageDescriptor): string {
  return (i18n.locale ? i18n : english)._(descriptor);
}

/** Digits as the shown language writes them: "125" / "১২৫" (for figures the server sends as text). */
export function localDigits(text: string): string {
  return shownLocale() === "bn" ? bengaliDigits(text) : text;
}

// Short month, with the time: 'Nov 21, 2026, 2:05 PM' in English (en-US), '২১ নভে, ২০২৬, ২:০৫ PM' in Bangla.
const dateTimeFormat = dateFormatter({
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const dateFormat = dateFormatter({ month: "short", day: "numeric", year: "numeric" });

/** 'Nov 21, 2026, 2:05 PM' in the browser's time zone. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat(iso);
}

/** 'Nov 21, 2026'. */
export function formatDate(iso: string): string {
  return dateFormat(iso);
}

/** A BDT wire amount ("12500.00") for people: '12,500.00 BDT'. */
export function bdtText(amount: string): string {
  return isBdtAmount(amount) ? formatBdtAmount(parseBdt(amount)) : `${amount} BDT`;
}

/** The reference is shown as Method, 'Not specified' when empty. */
export function methodText(reference: string | null): string {
  if (reference === null || reference.trim() === "") return say(msg`Not specified`);
  // The server writes a deposit's reference as "50.013700 USDT from <TRON address>", or "50.013700 USDT"
  // when the customer gave no address (older ones "20 USDT from T…"): said in the shown language, the
  // figure as the amount to send is shown ("50.0137").
  const deposit = /^(\d+(?:\.\d+)?) USDT(?: from (T\S+))?$/.exec(reference);
  if (!deposit) return reference;
  const figure = deposit[1]!.includes(".") ? payAmountFigure(deposit[1]!) : deposit[1]!;
  const usdt = localDigits(figure);
  const address = deposit[2];
  return address === undefined ? `${usdt} USDT` : say(msg`${usdt} USDT from ${address}`);
}

/** A transaction's type as a word (a noun: "Deposit" / "জমা"). */
export function transactionTypeLabel(type: "deposit" | "withdraw"): string {
  return type === "deposit"
    ? say(msg({ message: "Deposit", context: "transaction type" }))
    : say(msg({ message: "Withdraw", context: "transaction type" }));
}

/**
 * The live 'You will receive' figure of the deposit form: the typed USDT amount at the configured
 * rate, rounded half-up to the poisha exactly as the server credits it. Anything that is not yet a
 * valid amount reads as zero.
 */
export function bdtForUsdtText(usdtAmount: string, rate: string): string {
  const text = usdtAmount.trim();
  const micro = isUsdtAmount(text) ? parseUsdt(text) : 0n;
  let ratePoisha: bigint;
  try {
    ratePoisha = parseRate(rate);
  } catch {
    return formatBdtAmount(0n);
  }
  return formatBdtAmount(bdtForUsdt(micro, ratePoisha));
}

const sizeNumber = numberFormatter({ maximumFractionDigits: 1, useGrouping: false });

/** '5 MB', '812 KB': a file size for the upload slots. */
export function fileSizeText(sizeBytes: number): string {
  if (sizeBytes >= 1024 * 1024) {
    const size = sizeNumber(Number((sizeBytes / (1024 * 1024)).toFixed(1)));
    return say(msg`${size} MB`);
  }
  if (sizeBytes >= 1024) {
    const size = sizeNumber(Math.round(sizeBytes / 1024));
    return say(msg`${size} KB`);
  }
  const size = sizeNumber(sizeBytes);
  return say(msg`${size} bytes`);
}

/**
 * Amounts are shown grouped ('1,500.00 BDT') but searched as the server writes them ("1500.00"):
 * a typed "1,500" drops its grouping commas so it finds what the screen shows.
 */
export function transactionSearchText(q: string): string {
  // Typed in Bengali digits ("১,৫০০"), it searches the same figures.
  return latinDigits(q).replace(/(\d),(?=\d{3}(?!\d))/g, "$1");
}

/**
 * What a decided transaction adds under its method: a paid withdrawal's payout,
 * 'Paid · bKash TrxID 9K3LQ2PA7X'; a rejected transaction's reason, 'Rejected: Wrong number'.
 * Null when there is nothing to add (pending, no payout reference, no reason given).
 */
export function transactionOutcomeText(transaction: {
  type: "deposit" | "withdraw";
  status: "pending" | "completed" | "rejected";
  reference: string | null;
  payoutReference: string | null;
  rejectReason: string | null;
}): string | null {
  if (transaction.status === "completed" && transaction.type === "withdraw" && transaction.payoutReference) {
    const trxId = trxIdLabel(withdrawalMethodOf(transaction.reference));
    const payoutReference = transaction.payoutReference;
    return say(msg`Paid · ${trxId} ${payoutReference}`);
  }
  if (transaction.status === "rejected" && transaction.rejectReason && transaction.rejectReason.trim() !== "") {
    const reason = transaction.rejectReason.trim();
    return say(msg`Rejected: ${reason}`);
  }
  return null;
}

/**
 * A withdrawal's destination from its reference "bKash:01712345678": the wallet and the number;
 * null for anything else (a deposit's "20 USDT from T…", an adjustment's note).
 */
export function withdrawalDestination(reference: string | null): { wallet: string; number: string } | null {
  const wallet = withdrawalMethodOf(reference);
  const number = walletNumberOf(reference);
  return wallet && number ? { wallet, number } : null;
}

/** The review step's question for a withdrawal: 'Send 600.00 BDT to bKash 01712-345678?'. */
export function withdrawalReviewText(values: { walletType: string; walletNumber: string; amount: string }): string {
  const amount = bdtText(values.amount);
  const wallet = values.walletType;
  const number = groupBdMobile(values.walletNumber);
  return say(msg`Send ${amount} to ${wallet} ${number}?`);
}

/**
 * The review step's question for a deposit request, asked before anything is sent (decision 038):
 * 'Request a deposit of 50 USDT?', with the sending address when the customer gave one.
 */
export function depositReviewText(values: { usdtAmount: string; fromAddress?: string | undefined }): string {
  const usdt = usdtText(values.usdtAmount);
  const fromAddress = values.fromAddress?.trim() ?? "";
  return fromAddress === "" ? say(msg`Request a deposit of ${usdt}?`) : say(msg`Request a deposit of ${usdt} from ${fromAddress}?`);
}

/** The amount to send for people: '50.0137 USDT' / '৫০.০১৩৭ USDT'. */
export function payAmountText(payAmount: string): string {
  return `${localDigits(payAmountFigure(payAmount))} USDT`;
}

/** Where a deposit request stands in its window: still open (with the time left), or ended with nothing received. */
export type DepositWindow = { state: "open"; msLeft: number } | { state: "expired" };

/**
 * The window of a pending deposit request that nothing has settled yet, at `now` (ms since the
 * epoch); null for anything else (a withdrawal, a decided or received deposit, a request made before
 * amounts to pay existed). The server's `expired` counts, and so does the clock: a list read a
 * minute before the end says "Expired" when it comes without being read again.
 */
export function depositWindow(
  transaction: Pick<TransactionDto, "type" | "status" | "receivedOnChain" | "payAmount" | "expiresAt" | "expired">,
  now: number,
): DepositWindow | null {
  const { type, status, receivedOnChain, payAmount, expiresAt, expired } = transaction;
  if (type !== "deposit" || status !== "pending" || receivedOnChain || payAmount === null || expiresAt === null) return null;
  const msLeft = Date.parse(expiresAt) - now;
  if (expired || !(msLeft > 0)) return { state: "expired" };
  return { state: "open", msLeft };
}

/** The status a customer reads: 'Expired' for a pending deposit request whose window ended with nothing received. */
export function shownStatus(
  transaction: Pick<TransactionDto, "type" | "status" | "receivedOnChain" | "payAmount" | "expiresAt" | "expired">,
  now: number,
): TransactionDto["status"] | "expired" {
  return depositWindow(transaction, now)?.state === "expired" ? "expired" : transaction.status;
}

/**
 * The time left as a countdown: "59:12", "5:03", "60:00", "1:02:03" (hours only past an hour),
 * rounded up to the second so that "0:00" is the moment it ends; in the shown language's digits.
 */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  // An hour's window starts at "60:00", not "1:00:00".
  return localDigits(total > 3600 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${Math.floor(total / 60)}:${two(seconds)}`);
}

/** 'Expires in 59:12'. */
export function expiresInText(msLeft: number): string {
  const time = countdownText(msLeft);
  return say(msg`Expires in ${time}`);
}

/** How long a deposit request's window is, in whole minutes (60 by default): from its creation to its end. */
export function windowMinutes(transaction: Pick<TransactionDto, "createdAt" | "expiresAt">): number | null {
  if (transaction.expiresAt === null) return null;
  const minutes = Math.round((Date.parse(transaction.expiresAt) - Date.parse(transaction.createdAt)) / 60_000);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : null;
}

/** A typed USDT amount for people: '20 USDT', '48.5 USDT' (trailing zeros dropped). */
export function usdtText(amount: string): string {
  const text = latinDigits(amount.trim());
  if (!isUsdtAmount(text)) return `${amount.trim()} USDT`;
  return `${localDigits(formatUsdt(parseUsdt(text)))} USDT`;
}

/** Whether a typed USDT amount is a valid one at or above the minimum; false while it is not an amount yet. */
export function meetsDepositMinimum(usdtAmount: string, minUsdt: string): boolean {
  const text = latinDigits(usdtAmount.trim()); // "১২" is 12, as the server reads it
  if (!isUsdtAmount(text) || !/[1-9]/.test(text) || !isUsdtAmount(minUsdt)) return false;
  return parseUsdt(text) >= parseUsdt(minUsdt);
}

/** Whether a withdrawal of `amount` (a BDT amount as the form's schema leaves it) meets the server's `minimum` ("0.00": none). */
export function meetsWithdrawalMinimum(amount: string, minimum: string): boolean {
  if (!isBdtAmount(amount) || !isBdtAmount(minimum)) return true; // the schema or the server says what is wrong
  return parseBdt(amount) >= parseBdt(minimum);
}

/**
 * A withdrawal limit as the Withdraw screen's information box says it: "500" and "50,000" for whole
 * taka (in the shown digits), with its poisha otherwise; null for a limit of 0, which is none.
 */
export function limitFigure(amount: string): string | null {
  if (!isBdtAmount(amount)) return null;
  const poisha = parseBdt(amount);
  if (poisha === 0n) return null;
  return poisha % 100n === 0n ? formatCount(Number(poisha / 100n)) : localDigits(amount);
}

/** How long the request usually takes, as the Deposit and Withdraw pages promise. */
export function expectedTimeText(type: "deposit" | "withdraw"): string {
  // The figures are interpolated so that Bangla shows them in Bengali digits.
  if (type === "deposit") {
    const [from, to] = [formatCount(10), formatCount(30)];
    return say(msg`Credited within ${from}-${to} minutes after network confirmation`);
  }
  const [from, to] = [formatCount(15), formatCount(30)];
  return say(msg`${from}-${to} minutes during business hours`);
}
