// SIM registration (docs/product.md, Customer area › SIMs): the add form's rules and messages, and the SIM as answered.
import { z } from "zod";

export const simWalletTypes = ["Personal", "Merchant"] as const;
export const simStatuses = ["pending", "active", "rejected"] as const;

export const simCreateSchema = z.object({
  phoneNumber: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .regex(/^\d*$/, "Phone number should contain only digits")
    .min(10, "Phone number should be at least 10 digits")
    .max(15, "Phone number should be at most 15 digits"),
  walletType: z.enum(simWalletTypes, { error: "Wallet type is required" }),
});
export type SimCreate = z.infer<typeof simCreateSchema>;

export const simSchema = z.object({
  id: z.string(),
  userId: z.string(),
  phoneNumber: z.string(),
  walletType: z.enum(simWalletTypes),
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
