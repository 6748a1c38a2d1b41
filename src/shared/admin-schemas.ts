// The back office's API contract (docs/architecture.md, HTTP API › Admin): list filters, actions and answers.
import { z } from "zod";
import { adminPassword, emailSchema } from "./auth-schemas.ts";
import { isBdtAmount } from "./money.ts";
import { simStatuses, simWalletTypes } from "./sim-schemas.ts";
import { documentTypes } from "./verification-schemas.ts";
import { verificationStatuses } from "./profile-schemas.ts";
import { pageQuerySchema, pageSchema, searchTextSchema, transactionStatuses, transactionTypes } from "./wallet-schemas.ts";

const search = searchTextSchema;

/**
 * A page of one of the two big lists (transactions, users): `total` stops at a cap and
 * `totalCapped` then says more rows match (decision 010).
 */
export function cappedPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({ totalCapped: z.boolean() });
}

export const adminTransactionsQuerySchema = pageQuerySchema(10).extend({
  type: z.enum(["all", ...transactionTypes], { error: "type must be all, deposit or withdraw" }).default("all"),
  status: z.enum(["all", ...transactionStatuses], { error: "status must be all, pending, completed or rejected" }).default("all"),
  q: search,
});

export const adminTransactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  type: z.enum(transactionTypes),
  amount: z.string(),
  usdtAmount: z.string().nullable(),
  status: z.enum(transactionStatuses),
  reference: z.string().nullable(),
  origin: z.enum(["customer", "admin_adjustment"]),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type AdminTransactionDto = z.infer<typeof adminTransactionSchema>;

export const rejectTransactionSchema = z.object({
  reason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
});

export const adminUsersQuerySchema = pageQuerySchema(10).extend({
  q: search,
  status: z.enum(["all", "active", "suspended"], { error: "status must be all, active or suspended" }).default("all"),
});

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string(),
  balance: z.string(),
  isSuspended: z.boolean(),
  verificationStatus: z.enum(verificationStatuses),
  adminRole: z.enum(["admin", "super_admin"]).nullable(),
  createdAt: z.string(),
});
export type AdminUserDto = z.infer<typeof adminUserSchema>;

export const suspendUserSchema = z.object({ isSuspended: z.boolean({ error: "isSuspended must be true or false" }) });

export const balanceAdjustmentSchema = z.object({
  direction: z.enum(["add", "subtract"], { error: "Choose add or subtract" }),
  amount: z
    .string({ error: "Please enter a valid amount" })
    .trim()
    .refine((text) => isBdtAmount(text) && /[1-9]/.test(text), "Please enter a valid amount"),
  note: z.string().trim().max(500, "Note must be at most 500 characters").optional(),
});

export const adminSimsQuerySchema = pageQuerySchema(10).extend({
  q: search,
  status: z.enum(["all", ...simStatuses], { error: "status must be all, pending, active or rejected" }).default("all"),
});

export const adminSimSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  username: z.string(),
  phoneNumber: z.string(),
  walletType: z.enum(simWalletTypes),
  status: z.enum(simStatuses),
  createdAt: z.string(),
});

export const simStatusChangeSchema = z.object({
  status: z.enum(["active", "rejected"], { error: "status must be active or rejected" }),
});

export const adminVerificationsQuerySchema = pageQuerySchema(10).extend({
  q: search,
  status: z
    .enum(["all", "pending", "approved", "rejected"], { error: "status must be all, pending, approved or rejected" })
    .default("pending"),
});

export const adminVerificationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string().nullable(),
  userEmail: z.string(),
  documentType: z.enum(documentTypes),
  status: z.enum(["pending", "approved", "rejected"]),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const adminRoles = ["admin", "super_admin"] as const;

export const createAdminSchema = z.object({
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .pipe(z.email({ error: "Invalid email address" }))
    .transform((e) => e.toLowerCase()),
  password: adminPassword,
  adminRole: z.enum(adminRoles, { error: "Please select a valid admin role" }),
});

export const promoteAdminSchema = z.object({
  email: emailSchema,
  adminRole: z.enum(adminRoles, { error: "Please select a valid admin role" }).default("admin"),
});

export const adminAccountSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  adminRole: z.enum(adminRoles),
  /** Whether they have set up their authenticator app. */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});

export const adminProfileSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  documentNumber: z.string().nullable(),
});

export const auditLogQuerySchema = pageQuerySchema(20).extend({
  action: z.string().trim().max(100, "Action must be at most 100 characters").default(""),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  totalBalance: z.string(),
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
  todayApprovedDeposits: z.string(),
  todayApprovedWithdrawals: z.string(),
  daily: z.array(z.object({ day: z.string(), deposits: z.string(), withdrawals: z.string() })),
});

// What the back office's actions answer, one schema per success status (each route declares it).

/** PATCH /api/admin/users/:id. */
export const userSuspensionSchema = z.object({ id: z.string(), isSuspended: z.boolean() });
/** PATCH /api/admin/sims/:id. */
export const simDecisionSchema = z.object({ id: z.string(), status: z.enum(["active", "rejected"]) });
/** POST /api/admin/verifications/:id/approve and /reject. */
export const verificationDecisionSchema = z.object({ id: z.string(), status: z.enum(["approved", "rejected"]) });
/** GET /api/admin/admins. */
export const adminAccountListSchema = z.object({ items: z.array(adminAccountSchema) });
/** POST /api/admin/admins: 201. */
export const adminCreatedSchema = z.object({ userId: z.string(), email: z.string(), adminRole: z.enum(adminRoles) });
/** POST /api/admin/admins/promote: `roleChanged` when the user was already an admin. */
export const adminPromotedSchema = z.object({ userId: z.string(), adminRole: z.enum(adminRoles), roleChanged: z.boolean() });
/** POST /api/admin/admins/:userId/reset-two-factor. */
export const twoFactorResetSchema = z.object({ userId: z.string(), twoFactorEnabled: z.literal(false) });
