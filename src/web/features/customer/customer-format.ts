// How the customer area writes dates, amounts and transaction details.
// Amounts stay decimal strings until money.ts turns them into bigint minor units: never a float.
import { groupBdMobile } from "#shared/bd-mobile.ts";
import {
  bdtForUsdt,
  displayBdt,
  formatUsdt,
  isBdtAmount,
  isUsdtAmount,
  latinDigits,
  parseBdt,
  parseRate,
  parseUsdt,
} from "#shared/money.ts";
import { trxIdLabel, walletNumberOf, withdrawalMethodOf } from "../../lib/payout.ts";

// US English, short month, with the time: e.g. 'Nov 21, 2026, 2:05 PM'.
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

// Newer ICU data puts a narrow no-break space before AM/PM; a plain space reads and searches the same.
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, " ");
}

/** 'Nov 21, 2026, 2:05 PM' in the browser's time zone. */
export function formatDateTime(iso: string): string {
  return plainSpaces(dateTimeFormat.format(new Date(iso)));
}

/** 'Nov 21, 2026'. */
export function formatDate(iso: string): string {
  return plainSpaces(dateFormat.format(new Date(iso)));
}

/** A BDT wire amount ("12500.00") for people: '12,500.00 BDT'. */
export function bdtText(amount: string): string {
  return isBdtAmount(amount) ? displayBdt(parseBdt(amount)) : `${amount} BDT`;
}

/** The reference is shown as Method, 'Not specified' when empty. */
export function methodText(reference: string | null): string {
  return reference === null || reference.trim() === "" ? "Not specified" : reference;
}

export function transactionTypeLabel(type: "deposit" | "withdraw"): string {
  return type === "deposit" ? "Deposit" : "Withdraw";
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
    return displayBdt(0n);
  }
  return displayBdt(bdtForUsdt(micro, ratePoisha));
}

/** '5 MB', '812 KB': a file size for the upload slots. */
export function fileSizeText(sizeBytes: number): string {
  if (sizeBytes >= 1024 * 1024) return `${(sizeBytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
  if (sizeBytes >= 1024) return `${Math.round(sizeBytes / 1024)} KB`;
  return `${sizeBytes} bytes`;
}

/**
 * Amounts are shown grouped ('1,500.00 BDT') but searched as the server writes them ("1500.00"):
 * a typed "1,500" drops its grouping commas so it finds what the screen shows.
 */
export function transactionSearchText(q: string): string {
  return q.replace(/(\d),(?=\d{3}(?!\d))/g, "$1");
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
  if (transaction.status === "completed" && transaction.type === "withdraw" && transaction.payoutReference)
    return `Paid · ${trxIdLabel(withdrawalMethodOf(transaction.reference))} ${transaction.payoutReference}`;
  if (transaction.status === "rejected" && transaction.rejectReason && transaction.rejectReason.trim() !== "")
    return `Rejected: ${transaction.rejectReason.trim()}`;
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
  return `Send ${bdtText(values.amount)} to ${values.walletType} ${groupBdMobile(values.walletNumber)}?`;
}

/** The review step's question for a deposit claim: 'Claim 20 USDT sent from T… and receive 2,500.00 BDT?'. */
export function depositReviewText(values: { usdtAmount: string; fromAddress: string }, rate: string): string {
  return `Claim ${usdtText(values.usdtAmount)} sent from ${values.fromAddress} and receive ${bdtForUsdtText(values.usdtAmount, rate)}?`;
}

/** A typed USDT amount for people: '20 USDT', '48.5 USDT' (trailing zeros dropped). */
export function usdtText(amount: string): string {
  const text = amount.trim();
  if (!isUsdtAmount(text)) return `${text} USDT`;
  return `${formatUsdt(parseUsdt(text))} USDT`;
}

/** Whether a typed USDT amount is a valid one at or above the minimum; false while it is not an amount yet. */
export function meetsDepositMinimum(usdtAmount: string, minUsdt: string): boolean {
  const text = latinDigits(usdtAmount.trim()); // "১২" is 12, as the server reads it
  if (!isUsdtAmount(text) || !/[1-9]/.test(text) || !isUsdtAmount(minUsdt)) return false;
  return parseUsdt(text) >= parseUsdt(minUsdt);
}

/** How long the request usually takes, as the Deposit and Withdraw pages promise. */
export function expectedTimeText(type: "deposit" | "withdraw"): string {
  return type === "deposit" ? "Credited within 10-30 minutes after network confirmation" : "15-30 minutes during business hours";
}
