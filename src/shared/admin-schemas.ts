// The back office's API contract (docs/architecture.md, HTTP API › Admin): list filters, actions and answers.
import { z } from "zod";
import { adminPassword, emailSchema } from "./auth-schemas.ts";
import { isBdtAmount, latinDigits } from "./money.ts";
import { simOperators, simStatuses, simWalletTypes } from "./sim-schemas.ts";
import { documentSides, documentTypes } from "./verification-schemas.ts";
import { verificationStatuses } from "./profile-schemas.ts";
import {
  pageQuerySchema,
  pageSchema,
  payoutReferenceMessages,
  payoutReferenceSchema,
  searchTextSchema,
  transactionStatuses,
  transactionTypes,
} from "./wallet-schemas.ts";

const search = searchTextSchema;

/**
 * A page of one of the two big lists (transactions, users): `total` stops at a cap and
 * `totalCapped` then says more rows match (decision 010).
 */
export function cappedPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({ totalCapped: z.boolean() });
}

/**
 * What the chain says about a customer's deposit request (docs/product.md, Deposits checked on the
 * chain): settled by a confirmed transfer of exactly its amount to pay; a transfer that differs (the
 * TXID the customer named came with another amount and settled nothing, or an admin assigned a
 * transfer of another amount); nothing yet; or no watcher configured.
 */
export const chainStates = ["confirmed", "amount_differs", "not_seen", "off"] as const;
export type ChainState = (typeof chainStates)[number];

/** Which way a back-office list runs: "asc" is oldest (or smallest) first, the queue's order (decision 021). */
export const listDirections = ["asc", "desc"] as const;
export type ListDirection = (typeof listDirections)[number];
const direction = z.enum(listDirections, { error: "direction must be asc or desc" }).default("desc");

/** What the transactions list sorts by: when it was asked for, or its amount. */
export const transactionSorts = ["createdAt", "amount"] as const;
export type TransactionSort = (typeof transactionSorts)[number];

export const adminTransactionsQuerySchema = pageQuerySchema(10).extend({
  sort: z.enum(transactionSorts, { error: "sort must be createdAt or amount" }).default("createdAt"),
  direction,
  type: z.enum(["all", ...transactionTypes], { error: "type must be all, deposit or withdraw" }).default("all"),
  status: z.enum(["all", ...transactionStatuses], { error: "status must be all, pending, completed or rejected" }).default("all"),
  /** Deposits in one chain state; any value but "all" lists customer deposits only. */
  chain: z.enum(["all", ...chainStates], { error: "chain must be all, confirmed, amount_differs, not_seen or off" }).default("all"),
  q: search,
});

/** A USDT transfer to our deposit address, as the chain watcher stored it. Amount in USDT ("10.5"). */
export const chainTransferSchema = z.object({
  id: z.string(),
  txid: z.string(),
  fromAddress: z.string(),
  amount: z.string(),
  blockTime: z.string(),
  firstSeenAt: z.string(),
  /** Whether Tether's USDT contract had the sender blacklisted (frozen) when the transfer was stored; null: not known yet. */
  senderBlacklisted: z.boolean().nullable(),
});
export type ChainTransferDto = z.infer<typeof chainTransferSchema>;

/** A deposit's chain evidence: its state and the transfer behind it (matched, or the one that differs). */
export const chainEvidenceSchema = z.object({
  state: z.enum(chainStates),
  transfer: chainTransferSchema.nullable(),
});
export type ChainEvidenceDto = z.infer<typeof chainEvidenceSchema>;

/**
 * Facts, not a score, about a customer's withdrawal (decision 039): the number was never paid from
 * this account before; the account signed in from a device or network new to it in the last 24
 * hours; the owner froze the account; the owner uses a second factor (an authenticator app).
 */
export const withdrawalRiskSchema = z.object({
  newNumber: z.boolean(),
  newDeviceSignIn24h: z.boolean(),
  frozenByCustomer: z.boolean(),
  secondFactor: z.boolean(),
});
export type WithdrawalRiskDto = z.infer<typeof withdrawalRiskSchema>;

const adminRef = z.object({ id: z.string(), username: z.string() });

/** A transaction's four-eyes request as its row shows it (decision 040). */
export const currentSecondApprovalSchema = z.object({
  id: z.string(),
  status: z.enum(["awaiting", "confirmed"]),
  requestedBy: adminRef,
  requestedAt: z.string(),
  decidedBy: adminRef.nullable(),
  decidedAt: z.string().nullable(),
});

/** The facts an admin weighs beside a decision (decision 040); null for adjustments. */
export const decisionFactsSchema = z.object({
  verification: z.enum(verificationStatuses),
  /** Whether the withdrawal's number is one of the customer's approved SIMs; null for deposits. */
  numberIsApprovedSim: z.boolean().nullable(),
  /** Completed withdrawals to the same provider and number, this one aside; null for deposits. */
  earlierPayouts: z.object({ toThisCustomer: z.number(), toOtherCustomers: z.number() }).nullable(),
  accountCreatedAt: z.string(),
  /** The customer's last 5 decided transactions, newest first. */
  lastDecisions: z.array(
    z.object({
      id: z.string(),
      type: z.enum(transactionTypes),
      amount: z.string(),
      status: z.enum(["completed", "rejected"]),
      processedAt: z.string(),
    }),
  ),
});
export type DecisionFactsDto = z.infer<typeof decisionFactsSchema>;

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
  /** A paid withdrawal's transaction ID at the wallet provider; null otherwise. */
  payoutReference: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** A deposit request's sending address and claimed TXID, as the customer gave them; null otherwise. */
  fromAddress: z.string().nullable(),
  txid: z.string().nullable(),
  /** A deposit request's exact amount to send (USDT, 6 decimals), its window's end, and whether it ended with nothing received (decision 038). */
  payAmount: z.string().nullable(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  /** A customer's deposit request's chain evidence; null for withdrawals and adjustments. */
  chain: chainEvidenceSchema.nullable(),
  /** A customer's withdrawal's risk facts, shown beside the decision (decision 039); null for the rest. */
  risk: withdrawalRiskSchema.nullable(),
  /**
   * Whether approving this pending row now needs a second admin (decision 040): a withdrawal at or
   * above FOUR_EYES_MIN_BDT, alone or with what the acting admin decided alone in the last 24 hours,
   * or a deposit approved without a confirmed match at or above it.
   */
  fourEyes: z.boolean(),
  /** The row's current four-eyes request: awaiting a second admin, or confirmed and not yet paid; null when none. */
  secondApproval: currentSecondApprovalSchema.nullable(),
  /** A pending deposit whose transfer differs: what the USDT that arrived is worth at the request's rate (BDT); null otherwise. */
  receivedCredit: z.string().nullable(),
});
export type AdminTransactionDto = z.infer<typeof adminTransactionSchema>;

/** One transaction whole, for the detail panel: the row, who decided it, and its audit trail (oldest first). */
export const adminTransactionDetailSchema = adminTransactionSchema.extend({
  rate: z.string().nullable(),
  processedByEmail: z.string().nullable(),
  /** Decided by the chain watcher (automatic credit), not by an admin. */
  processedBySystem: z.boolean(),
  /** Why an admin approved it without a confirmed match on the chain ("approve anyway"); null otherwise. */
  approvalReason: z.string().nullable(),
  facts: decisionFactsSchema.nullable(),
  audit: z.array(
    z.object({
      id: z.string(),
      actorId: z.string().nullable(),
      actorEmail: z.string().nullable(),
      action: z.string(),
      details: z.unknown(),
      ip: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminTransactionDetailDto = z.infer<typeof adminTransactionDetailSchema>;

export const payoutReferenceMessage = payoutReferenceMessages.invalid;

export const approveAnywayReasonMessage = "Write why you approve it without the chain's confirmation";

/**
 * Approving a deposit with no chain evidence while the watcher runs needs the admin to say so: the
 * server refuses it (409 CHAIN_UNCONFIRMED) unless this is true, and the audit entry records it.
 */
export const approveTransactionSchema = z.object({
  acknowledgeNoChainEvidence: z.boolean({ error: "acknowledgeNoChainEvidence must be true or false" }).optional(),
  /** A withdrawal's payout reference (decision 020); optional, so scripted approvals keep working. */
  payoutReference: payoutReferenceSchema.nullish(),
  /**
   * A deposit whose transfer differs (decision 040): "received" credits what arrived at the
   * request's rate; "claimed" (the default) the amount asked, which needs `reason`.
   */
  credit: z.enum(["received", "claimed"], { error: "credit must be received or claimed" }).optional(),
  /** Why a deposit is approved without a confirmed match on the chain ("approve anyway"): required then. */
  reason: z
    .string({ error: "Reason must be text" })
    .trim()
    .min(1, approveAnywayReasonMessage)
    .max(500, "Reason must be at most 500 characters")
    .optional(),
});

/** Which transfers Unclaimed transfers lists: those no request holds (the default) or those one does. */
export const chainTransferListStatuses = ["unclaimed", "claimed"] as const;
export type ChainTransferListStatus = (typeof chainTransferListStatuses)[number];

export const unclaimedTransfersQuerySchema = pageQuerySchema(20).extend({
  status: z.enum(chainTransferListStatuses, { error: "status must be unclaimed or claimed" }).default("unclaimed"),
});

/**
 * An admin gives an unclaimed transfer to a deposit request by hand (decision 038): the request's id
 * and why, in words the audit log keeps. The request then shows the transfer as its evidence; it is
 * credited only when an admin approves it.
 */
export const assignTransferSchema = z.object({
  transactionId: z.uuid({ error: "transactionId must be a transaction's id" }),
  reason: z
    .string({ error: "Write why this transfer belongs to this request" })
    .trim()
    .min(1, "Write why this transfer belongs to this request")
    .max(500, "Reason must be at most 500 characters"),
});

/**
 * A transfer in the Unclaimed transfers list. A claimed one names the transaction that holds it
 * (transactions.chain_transfer_id) and that transaction's reference; an unclaimed one has no `claimedBy`.
 */
export const listedChainTransferSchema = chainTransferSchema.extend({
  claimedBy: z.object({ transactionId: z.string(), reference: z.string().nullable() }).optional(),
});
export type ListedChainTransferDto = z.infer<typeof listedChainTransferSchema>;

/**
 * The USDT that arrived with no matching request (or, with `?status=claimed`, the transfers a request
 * holds), newest first; `watcher` says whether the chain is watched at all.
 */
export const unclaimedTransfersPageSchema = pageSchema(listedChainTransferSchema).extend({ watcher: z.enum(["on", "off"]) });

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
  /** When the owner froze the account with a security alert's link (decision 039); null when not frozen. */
  frozenAt: z.string().nullable(),
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
    .transform(latinDigits) // "৫০০" is 500, as on the customer's forms
    .refine((text) => isBdtAmount(text) && /[1-9]/.test(text), "Please enter a valid amount"),
  note: z.string().trim().max(500, "Note must be at most 500 characters").optional(),
});

export const adminSimsQuerySchema = pageQuerySchema(10).extend({
  q: search,
  /** By the date the SIM was added. */
  direction,
  status: z.enum(["all", ...simStatuses], { error: "status must be all, pending, active or rejected" }).default("all"),
});

export const adminSimSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  username: z.string(),
  phoneNumber: z.string(),
  walletType: z.enum(simWalletTypes),
  operator: z.enum(simOperators),
  status: z.enum(simStatuses),
  createdAt: z.string(),
  /** What is known of the number elsewhere (docs/decisions/022-sims-as-payout-numbers.md). */
  history: z.object({
    /** Withdrawals anyone asked to send to this number. */
    withdrawals: z.number().int(),
    /** Of those, the ones asked by other accounts than this SIM's owner. */
    withdrawalsByOthers: z.number().int(),
    /** Other accounts that registered the same number as a SIM. */
    otherAccounts: z.number().int(),
  }),
});
export type AdminSimDto = z.infer<typeof adminSimSchema>;

export const simStatusChangeSchema = z.object({
  status: z.enum(["active", "rejected"], { error: "status must be active or rejected" }),
});

/**
 * The verification list's filters (docs/product.md, Back office › Verifications): "pending" is the
 * review queue, the pending requests whose chosen document has every side in; "incomplete" is the
 * pending ones still missing a side, which nobody reviews yet; "all" is every request.
 */
export const adminVerificationFilters = ["all", "pending", "incomplete", "approved", "rejected"] as const;
export type AdminVerificationFilter = (typeof adminVerificationFilters)[number];

export const adminVerificationsQuerySchema = pageQuerySchema(10).extend({
  q: search,
  /** By the date the documents were uploaded. */
  direction,
  status: z.enum(adminVerificationFilters, { error: "status must be all, pending, incomplete, approved or rejected" }).default("pending"),
});

export const adminVerificationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string().nullable(),
  userEmail: z.string(),
  documentType: z.enum(documentTypes),
  status: z.enum(["pending", "approved", "rejected"]),
  /** Why it was rejected; null unless rejected. */
  rejectReason: z.string().nullable(),
  /** The chosen document has two sides and the back has not been uploaded (decision 021). */
  backSideMissing: z.boolean(),
  /** The chosen document's sides not uploaded yet; while any is missing the request cannot be approved. */
  missingSides: z.array(z.enum(documentSides)),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const rejectReasonMessage = "Choose a reason for the rejection";

/** POST /api/admin/verifications/:id/reject: a reason is required (one of verificationRejectReasons, or free text). */
export const verificationRejectSchema = z.object(
  {
    reason: z.string({ error: rejectReasonMessage }).trim().min(1, rejectReasonMessage).max(500, "Reason must be at most 500 characters"),
  },
  { error: rejectReasonMessage },
);

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
  /** Admins' balance adjustments completed today, added and subtracted; never counted as deposits or withdrawals. */
  todayAdjustmentsAdded: z.string(),
  todayAdjustmentsSubtracted: z.string(),
  /** Four eyes (decision 020): requests waiting for a second admin. */
  awaitingSecondApproval: z.number().int(),
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

/**
 * The chain watcher's state for admins (decision 038): what /api/health says (`state`,
 * `lastSuccessAt`) and why, in plain words (`reason`, null when ok), with the facts it rests on: the
 * cursor, the last error, the TRON API's latest block as last read, the items the last poll refused
 * (counted by reason) and whether it read the list to its end. When the watcher is off, `reason`
 * says so and the facts are null.
 */
export const chainWatcherStatusSchema = z.object({
  watcher: z.enum(["on", "off"]),
  state: z.enum(["off", "starting", "ok", "failing"]),
  lastSuccessAt: z.string().nullable(),
  reason: z.string().nullable(),
  cursorAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  apiBlock: z.object({ number: z.number().int(), time: z.string() }).nullable(),
  lastPollRefused: z.record(z.string(), z.number().int()).nullable(),
  lastPollComplete: z.boolean().nullable(),
});
export type ChainWatcherStatusDto = z.infer<typeof chainWatcherStatusSchema>;
