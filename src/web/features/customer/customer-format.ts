// How the customer area writes dates, amounts and transaction details.
// Amounts stay decimal strings until money.ts turns them into bigint minor units: never a float.
import { bdtForUsdt, displayBdt, isBdtAmount, isUsdtAmount, parseBdt, parseRate, parseUsdt } from "#shared/money.ts";
import { trxIdLabel, withdrawalMethodOf } from "../../lib/payout.ts";

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
