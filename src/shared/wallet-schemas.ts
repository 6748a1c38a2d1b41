// The wallet's API contract (DESIGN §7): requests validated on both sides, responses shaped here.
// Amounts travel as decimal strings and become bigint minor units only on the server.
import { z } from "zod";
import { isBdtAmount, isUsdtAmount } from "./money.ts";

export const transactionTypes = ["deposit", "withdraw"] as const;
export const transactionStatuses = ["pending", "completed", "rejected"] as const;
export const withdrawalWalletTypes = ["bKash", "Nagad", "Upay"] as const;

const amountMessage = "Please enter a valid amount greater than 0";

/** A positive decimal string with at most `decimals` places; "0", "1e3", "-1" and floats are refused. */
function positiveAmount(test: (text: string) => boolean) {
  return z
    .string({ error: amountMessage })
    .trim()
    .refine((text) => test(text) && /[1-9]/.test(text), amountMessage);
}

/** TRON base58 address: "T" and 33 more base58 characters (the checksum is checked on the server too). */
export const tronAddressPattern = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

export const depositRequestSchema = z.object({
  fromAddress: z
    .string({ error: "Wallet address is required" })
    .trim()
    .min(1, "Wallet address is required")
    .max(64, "Enter a valid TRON (TRC-20) address")
    .regex(tronAddressPattern, "Enter a valid TRON (TRC-20) address"),
  usdtAmount: positiveAmount(isUsdtAmount),
});
export type DepositRequest = z.infer<typeof depositRequestSchema>;

export const withdrawalRequestSchema = z.object({
  walletType: z.enum(withdrawalWalletTypes, { error: "Wallet type is required" }),
  walletNumber: z
    .string({ error: "Wallet number is required" })
    .trim()
    .min(1, "Wallet number is required")
    .max(20, "Wallet number is too long")
    .regex(/^(\+?880|0)?1[3-9]\d{8}$/, "Enter a valid Bangladeshi mobile number"),
  amount: positiveAmount(isBdtAmount),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: z.enum(transactionTypes),
  amount: z.string(),
  usdtAmount: z.string().nullable(),
  rate: z.string().nullable(),
  status: z.enum(transactionStatuses),
  reference: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type TransactionDto = z.infer<typeof transactionSchema>;

export const walletSchema = z.object({
  balance: z.string(),
  availableBalance: z.string(),
  heldBalance: z.string(),
  recentTransactions: z.array(transactionSchema),
});
export type WalletDto = z.infer<typeof walletSchema>;

export const idempotencyKeySchema = z.string().min(1).max(255);
