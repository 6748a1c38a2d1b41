// The wallet's API contract (docs/architecture.md, HTTP API): requests validated on both sides, responses shaped here.
// Amounts travel as decimal strings and become bigint minor units only on the server.
import { z } from "zod";
import { isBdtAmount, isUsdtAmount, latinDigits } from "./money.ts";
import { isTronAddress, txidPattern } from "./tron.ts";
import { normaliseBdMobile } from "./bd-mobile.ts";

export const transactionTypes = ["deposit", "withdraw"] as const;
export const transactionStatuses = ["pending", "completed", "rejected"] as const;
export const withdrawalWalletTypes = ["bKash", "Nagad", "Upay"] as const;

const amountMessage = "Please enter a valid amount greater than 0";
const txidMessage = "Enter the 64-character transaction ID (TXID), or leave it empty";

/**
 * A positive decimal string with at most `decimals` places; "0", "1e3", "-1" and floats are refused.
 * Bengali digits ("৫০০") are read as the Latin ones: the amount that goes on is "500".
 */
function positiveAmount(test: (text: string) => boolean) {
  return z
    .string({ error: amountMessage })
    .trim()
    .transform(latinDigits)
    .refine((text) => test(text) && /[1-9]/.test(text), amountMessage);
}

export const depositRequestSchema = z.object({
  /**
   * The address the customer will send from, if they say: a fact shown to the admin, never what
   * decides whose deposit a transfer is (decision 038). Empty means none.
   */
  fromAddress: z
    .string({ error: "Enter a valid TRON (TRC-20) address" })
    .trim()
    .max(64, "Enter a valid TRON (TRC-20) address")
    .refine((text) => text === "" || isTronAddress(text), "Enter a valid TRON (TRC-20) address")
    .optional(),
  usdtAmount: positiveAmount(isUsdtAmount),
  /**
   * The transfer's transaction id, when the customer has one: shown beside the request to the admin,
   * and it can only ever help this request (docs/product.md, Deposits checked on the chain). Empty
   * means none. Two customers may name the same one.
   */
  txid: z
    .string({ error: txidMessage })
    .trim()
    .toLowerCase()
    .refine((text) => text === "" || txidPattern.test(text), txidMessage)
    .optional(),
});
export type DepositRequest = z.infer<typeof depositRequestSchema>;

const confirmationCodeMessage = "Enter the 6-digit code";

export const withdrawalRequestSchema = z.object({
  walletType: z.enum(withdrawalWalletTypes, { error: "Wallet type is required" }),
  walletNumber: z
    .string({ error: "Wallet number is required" })
    .trim()
    .min(1, "Wallet number is required")
    .max(20, "Wallet number is too long")
    // Typed as people do (+880, spaces, dashes) and stored as 01XXXXXXXXX (docs/decisions/023).
    .refine((text) => normaliseBdMobile(text) !== null, "Enter a valid Bangladeshi mobile number")
    .transform((text) => normaliseBdMobile(text) ?? text),
  amount: positiveAmount(isBdtAmount),
  /**
   * The owner's confirmation (decision 039): the 6-digit code e-mailed for this withdrawal, or the
   * authenticator's. Absent on the first request, which answers CONFIRMATION_REQUIRED. Bengali digits
   * and spaces are accepted as typed.
   */
  confirmationCode: z
    .string()
    .max(20, confirmationCodeMessage)
    .transform((text) => latinDigits(text).replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, confirmationCodeMessage))
    .optional(),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;
export type WithdrawalWalletType = (typeof withdrawalWalletTypes)[number];

export const payoutReferenceMessages = {
  invalid: "Payout reference must be 8 to 20 letters and digits",
  onlyWithdrawals: "A payout reference is only for withdrawals",
  /** One TrxID pays one withdrawal (decision 040); the id is the withdrawal it paid, shortened. */
  used: (paidId: string) =>
    paidId === ""
      ? "This transaction ID already paid another withdrawal."
      : `This transaction ID already paid another withdrawal (${paidId.slice(0, 8)}).`,
  /** At or above the four-eyes threshold nobody pays before a second admin confirms (decision 040). */
  beforeConfirmation: "A second admin must confirm this withdrawal before anyone pays it.",
} as const;

/**
 * The wallet provider's transaction ID of a paid withdrawal, as an admin types it: trimmed, 8 to 20
 * ASCII letters and digits, kept upper-cased. Null or absent means none.
 */
export const payoutReferenceSchema = z
  .string({ error: payoutReferenceMessages.invalid })
  .trim()
  .regex(/^[A-Za-z0-9]{8,20}$/, payoutReferenceMessages.invalid)
  .transform((text) => text.toUpperCase());

export const transactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: z.enum(transactionTypes),
  amount: z.string(),
  usdtAmount: z.string().nullable(),
  rate: z.string().nullable(),
  status: z.enum(transactionStatuses),
  reference: z.string().nullable(),
  /** The TXID the customer gave with a deposit request; null when none. */
  txid: z.string().nullable(),
  /** A deposit matched to a confirmed USDT transfer seen on the chain. */
  receivedOnChain: z.boolean(),
  /**
   * A deposit request's exact amount to send, in USDT with 6 decimals ("50.013700"): the amount asked
   * for plus an offset of at most 0.01 that no other open request has. The credit is this amount at
   * the rate (decision 038). Null for withdrawals, adjustments and requests made before it existed.
   */
  payAmount: z.string().nullable(),
  /** When a deposit request's window ends: a transfer sent later does not settle it. Null where payAmount is. */
  expiresAt: z.string().nullable(),
  /** A pending deposit request whose window ended with nothing received: the customer makes a new one. */
  expired: z.boolean(),
  /** A paid withdrawal's transaction ID at bKash, Nagad or Upay (the "TrxID"), upper-case; null otherwise. */
  payoutReference: z.string().nullable(),
  /** Why an admin rejected it; null otherwise. */
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** A pending withdrawal an admin approved that waits for a second admin or for its payout: "Approved, being paid" (decision 040). */
  beingPaid: z.boolean(),
  /** The USDT that arrived on the chain for this deposit, when known (it may differ from what was asked: decision 040); null otherwise. */
  receivedUsdt: z.string().nullable(),
  /** A pending deposit's trouble on the chain, while it is watched: the amount differs, or nothing seen 30 minutes after the request. */
  chainIssue: z.enum(["amount_differs", "not_seen"]).nullable(),
});
export type TransactionDto = z.infer<typeof transactionSchema>;

/**
 * The withdrawal limits the server enforces (WITHDRAWAL_MIN_BDT and WITHDRAWAL_DAILY_MAX_BDT, in BDT
 * with two decimals; "0.00" is no limit), so that Withdraw shows the configured figures and refuses
 * an amount under the minimum before its review step (decision 037).
 */
/**
 * What Withdraw shows and checks before its review. `level` is the customer's identity level
 * (decision 039): an unverified customer's `dailyMaximum` is UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT
 * ("0.00": none), a verified one's WITHDRAWAL_DAILY_MAX_BDT ("0.00": no maximum). `leftToday` is
 * what is left of it in this Dhaka day (null: no maximum).
 */
export const withdrawalLimitsSchema = z.object({
  minimum: z.string(),
  dailyMaximum: z.string(),
  level: z.enum(["verified", "unverified"]),
  leftToday: z.string().nullable(),
});
export type WithdrawalLimits = z.infer<typeof withdrawalLimitsSchema>;

export const walletSchema = z.object({
  balance: z.string(),
  availableBalance: z.string(),
  heldBalance: z.string(),
  recentTransactions: z.array(transactionSchema),
  withdrawalLimits: withdrawalLimitsSchema,
});
export type WalletDto = z.infer<typeof walletSchema>;

export const idempotencyKeySchema = z.string().min(1).max(255);

/** Lists take page (from 1) and pageSize (capped at 100) and answer {items, total, page, pageSize}. */
export function pageQuerySchema(defaultPageSize: number) {
  return z.object({
    page: z.coerce
      .number({ error: "page must be a whole number from 1" })
      .int("page must be a whole number from 1")
      .min(1, "page must be a whole number from 1")
      .max(1_000_000)
      .default(1),
    pageSize: z.coerce
      .number({ error: "pageSize must be a whole number from 1 to 100" })
      .int("pageSize must be a whole number from 1 to 100")
      .min(1, "pageSize must be a whole number from 1 to 100")
      .max(1_000_000)
      .default(defaultPageSize)
      // A larger page size is capped, not refused.
      .transform((size) => Math.min(size, 100)),
  });
}

/** A 204 answer: no body. */
export const noContentSchema = z.null();

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

/**
 * Search text. Amounts are shown grouped ("1,500.00 BDT") but stored plain: a search that is only
 * digits, commas and a point drops the commas, so "1,500" finds 1500.00.
 */
export const searchTextSchema = z
  .string()
  .trim()
  .max(100, "Search text must be at most 100 characters")
  .transform((text) => (/^[\d,]+(\.\d*)?$/.test(text) ? text.replace(/,/g, "") : text))
  .default("");

export const customerTransactionsQuerySchema = pageQuerySchema(5).extend({
  type: z.enum(["all", ...transactionTypes], { error: "type must be all, deposit or withdraw" }).default("all"),
  q: searchTextSchema,
});

export const depositInfoSchema = z.object({ network: z.string(), address: z.string(), rate: z.string(), minUsdt: z.string() });
