// Profile editing (docs/product.md, Customer area › Profile): every field optional; an empty one is saved as null.
import { z } from "zod";
import { normaliseIfBdMobile } from "./bd-mobile.ts";
import { latinDigits } from "./money.ts";

function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null || value === "" ? null : value));
}

export const profileUpdateSchema = z.object({
  fullName: optionalText(100, "Full name"),
  phone: optionalText(20, "Phone")
    .refine((v) => v == null || /^\+?[0-9 -]{6,20}$/.test(latinDigits(v)), "Phone number should contain only digits")
    // A Bangladeshi mobile is kept as 01XXXXXXXXX however it was typed (docs/decisions/023); others as typed.
    .transform((v) => (v == null ? v : normaliseIfBdMobile(v))),
  address: optionalText(300, "Address"),
  documentNumber: optionalText(50, "Document number"),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** PATCH /api/me: the profile's fields and the e-mail preference, each alone or together. */
export const meUpdateSchema = profileUpdateSchema.extend({
  /** E-mail about admins' decisions on deposits, withdrawals, verification and SIMs (security mail always goes). */
  emailNotifications: z.boolean({ error: "emailNotifications must be true or false" }).optional(),
});
export type MeUpdate = z.input<typeof meUpdateSchema>;

export const verificationStatuses = ["none", "pending", "approved", "rejected"] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  documentNumber: z.string().nullable(),
  verificationStatus: z.enum(verificationStatuses),
});
export type ProfileDto = z.infer<typeof profileSchema>;
