// SIM registration (docs/product.md, Customer area › SIMs): the add form's rules and messages, and the SIM as answered.
import { z } from "zod";
import { normaliseIfBdMobile } from "./bd-mobile.ts";

export const simWalletTypes = ["Personal", "Merchant"] as const;
export const simStatuses = ["pending", "active", "rejected"] as const;
/**
 * Which wallet the number is for, when used as a payout number (docs/decisions/022-sims-as-payout-numbers.md):
 * one of the withdrawal wallets, or "any" of them. Optional on the API, "any" by default.
 */
export const simOperators = ["any", "bKash", "Nagad", "Upay"] as const;
export type SimOperator = (typeof simOperators)[number];

export const simCreateSchema = z.object({
  phoneNumber: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    // A Bangladeshi mobile typed with +880, spaces or dashes is stored as 01XXXXXXXXX (docs/decisions/023);
    // anything else meets the rules below as typed.
    .transform(normaliseIfBdMobile)
    .pipe(
      z
        .string()
        .regex(/^\d*$/, "Phone number should contain only digits")
        .min(10, "Phone number should be at least 10 digits")
        .max(15, "Phone number should be at most 15 digits"),
    ),
  walletType: z.enum(simWalletTypes, { error: "Wallet type is required" }),
  operator: z.enum(simOperators, { error: "Operator must be any, bKash, Nagad or Upay" }).default("any"),
});
export type SimCreate = z.input<typeof simCreateSchema>;

export const simSchema = z.object({
  id: z.string(),
  userId: z.string(),
  phoneNumber: z.string(),
  walletType: z.enum(simWalletTypes),
  operator: z.enum(simOperators),
  status: z.enum(simStatuses),
  createdAt: z.string(),
});
export type SimDto = z.infer<typeof simSchema>;

export const simMessages = {
  activeCannotBeDeleted: "Active SIMs cannot be deleted",
  alreadyRegistered: "This phone number is already registered",
  notFound: "SIM not found",
  /** A decision an admin (or another admin a moment earlier) already made: 409. */
  alreadyDecided: { active: "This SIM is already active.", rejected: "This SIM is already rejected." },
} as const;
