// The whole data model (docs/architecture.md, Data model). Auth tables follow better-auth's core schema (its Drizzle
// adapter maps these objects by name); every other table is ours. Money columns are bigint minor
// units read as JavaScript bigint, never number.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { languages } from "#shared/language.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- better-auth

export const user = pgTable(
  "user",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Ours, not better-auth's: consecutive failed sign-ins and the lock they cause (decision 002).
    failedSignInCount: integer("failed_sign_in_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // better-auth's two-factor plugin: true once an authenticator app is enrolled and verified.
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    // Ours: the language we write to this person in (e-mails; decision 025). Chosen on the profile,
    // or at sign-up (the form's, else the browser's Accept-Language), English otherwise.
    language: text("language", { enum: languages }).notNull().default("en"),
  },
  (t) => [
    uniqueIndex("user_email_lower_idx").on(sql`lower(${t.email})`),
    check("user_language_valid", sql.raw(`"user"."language" in (${languages.map((code) => `'${code}'`).join(", ")})`)),
  ],
);

export const session = pgTable(
  "session",
  {
    id: uuid("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    // Ours: the last time a person used this session, for the admin idle timeout (decision 014).
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    // Ours: when this very session passed the second-factor step (null = password only). Admin
    // routes accept only sessions that did; a code proved on one device never upgrades another.
    twoFactorVerifiedAt: timestamp("two_factor_verified_at", { withTimezone: true }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: uuid("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's two-factor plugin: the encrypted TOTP secret and recovery codes of a user. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: uuid("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

// ---------------------------------------------------------------- customers

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    country: char("country", { length: 2 }).notNull(),
    fullName: text("full_name"),
    phone: text("phone"),
    balanceMinor: bigint("balance_minor", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    /**
     * The money held for the customer's pending withdrawals: the sum of their amounts, kept by a
     * trigger on transactions (db/functions/nexapay_keep_held_money.sql, decision 035) so that no request sums them again.
     * `npm run ledger:check` compares it with the sum.
     */
    heldMinor: bigint("held_minor", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    isSuspended: boolean("is_suspended").notNull().default(false),
    /** Whether the customer wants e-mail about admins' decisions (decision 020); security mail always goes. */
    emailNotifications: boolean("email_notifications").notNull().default(true),
    createdAt: createdAt(),
    /** Lower-cased username, e-mail and full name, kept by a trigger (db/functions/profiles_set_search_text.sql): what the admin users search matches. */
    searchText: text("search_text").notNull().default(""),
    // Decision 039: what a stolen password must not be able to do.
    /** The last password change or reset, or second factor turned on, off or reset: withdrawals wait SECURITY_HOLD_HOURS after it. */
    securityChangedAt: timestamp("security_changed_at", { withTimezone: true }),
    /** When the owner froze the account with a "This wasn't me" link; null when not frozen (an admin unfreezes). */
    frozenAt: timestamp("frozen_at", { withTimezone: true }),
    /** The last authenticator time step that confirmed a withdrawal: one code confirms one withdrawal. */
    withdrawalTotpStep: bigint("withdrawal_totp_step", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${t.username})`),
    // The admin users list, newest first, with and without the status filter.
    index("profiles_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("profiles_suspended_created_id_idx").on(t.isSuspended, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("profiles_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    check("profiles_balance_non_negative", sql`${t.balanceMinor} >= 0`),
    check("profiles_held_non_negative", sql`${t.heldMinor} >= 0`),
  ],
);

export const extendedProfiles = pgTable("extended_profiles", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  address: text("address"),
  documentNumber: text("document_number"),
});

export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    type: text("type", { enum: ["deposit", "withdraw"] }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    usdtMicro: bigint("usdt_micro", { mode: "bigint" }),
    rate: text("rate"),
    status: text("status", { enum: ["pending", "completed", "rejected"] })
      .notNull()
      .default("pending"),
    reference: text("reference"),
    origin: text("origin", { enum: ["customer", "admin_adjustment"] })
      .notNull()
      .default("customer"),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    processedBy: uuid("processed_by").references(() => user.id),
    rejectReason: text("reject_reason"),
    /** A paid withdrawal's transaction ID at bKash, Nagad or Upay, upper-cased (decision 020). */
    payoutReference: text("payout_reference"),
    /**
     * Lower-cased username, e-mail, method and payout reference of the transaction, kept by a trigger (db/functions/transactions_set_search_text.sql):
     * what the admin transactions search matches as text, in one trigram-indexed column.
     */
    searchText: text("search_text").notNull().default(""),
    /** A deposit request's sending TRON address, as the customer gave it (matched against the chain). */
    fromAddress: text("from_address"),
    /** The TXID a deposit request names, lower-case: then only that transfer matches it (decision 019). */
    txid: text("txid"),
    /** The confirmed transfer this deposit was matched to by the chain watcher (decision 019). */
    chainTransferId: uuid("chain_transfer_id").references((): AnyPgColumn => chainTransfers.id, { onDelete: "restrict" }),
    /**
     * A deposit request's exact amount to send, in micro-USDT: the amount asked for plus an offset of
     * at most 0.01 USDT that no other request holds in its window (decision 038). The credit is this
     * amount at the rate. Null for withdrawals, adjustments and requests made before migration 0021.
     */
    payMicro: bigint("pay_micro", { mode: "bigint" }),
    /** The end of a deposit request's window: a transfer settles it only if its block time is before this (decision 038). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    check("transactions_amount_positive", sql`${t.amountMinor} > 0`),
    check("transactions_type_valid", sql`${t.type} in ('deposit', 'withdraw')`),
    check("transactions_status_valid", sql`${t.status} in ('pending', 'completed', 'rejected')`),
    uniqueIndex("transactions_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    // A customer's own rows in list order (the Wallet's newest five, the Transactions page, today's
    // withdrawals): read straight off this index, whatever everyone else has done since.
    index("transactions_user_created_id_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The money held for a customer's pending withdrawals, summed from these entries alone.
    index("transactions_pending_withdrawals_user_idx")
      .on(t.userId, t.amountMinor)
      .where(sql`${t.type} = 'withdraw' and ${t.status} = 'pending'`),
    // The daily withdrawal limit: what a customer asked to withdraw since midnight in Dhaka, summed
    // from these entries alone. Without it the sum walked every transaction of the customer's day
    // (deposits included), and took a third of a withdrawal request's database time (bench/api).
    index("transactions_customer_withdrawals_user_created_idx")
      .on(t.userId, t.createdAt, t.amountMinor)
      .where(sql`${t.type} = 'withdraw' and ${t.origin} = 'customer' and ${t.status} in ('pending', 'completed')`),
    // The admin list's orders, by date and by amount, either way, for every filter and search
    // (decisions 010 and 021): one index per order over all rows and one after status. Type (and
    // status) ride along after the order's columns: they order nothing, but a type filter is then
    // checked in the index itself, so the walk never reads the table for it. Until migration 0017
    // there were eight of these, one per filter; each is one more entry written for every
    // transaction and every status change (decision 017, "Seventh round").
    index("transactions_created_id_type_status_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.type, t.status),
    index("transactions_status_created_id_type_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.type),
    // An amount typed into the admin search is matched as an amount, from the first of these.
    index("transactions_amount_id_type_status_idx").on(t.amountMinor, t.id, t.type, t.status),
    index("transactions_status_amount_id_type_idx").on(t.status, t.amountMinor, t.id, t.type),
    index("transactions_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // One TrxID pays one withdrawal (decision 040): unique per wallet provider (the reference's
    // "bKash" of "bKash:01712345678") among completed withdrawals. The money function names the
    // withdrawal it paid; this index is the last guard against two parallel payouts.
    uniqueIndex("transactions_payout_reference_idx")
      .on(sql`split_part(${t.reference}, ':', 1)`, t.payoutReference)
      .where(sql`${t.type} = 'withdraw' and ${t.status} = 'completed' and ${t.payoutReference} is not null`),
    // What an admin decided alone in the last 24 hours, summed against the four-eyes threshold
    // (decision 040): their adjustments, and the withdrawals of one customer they paid.
    index("transactions_adjustments_by_admin_idx")
      .on(t.processedBy, t.processedAt)
      .where(sql`${t.origin} = 'admin_adjustment'`),
    index("transactions_paid_withdrawals_idx")
      .on(t.userId, t.processedBy, t.processedAt)
      .where(sql`${t.type} = 'withdraw' and ${t.origin} = 'customer' and ${t.status} = 'completed'`),
    // The dashboard: approved volume of today and of the last 30 days, and the pending counts, each
    // answered from an index alone (type, origin and amount ride along, so no row is read; origin
    // keeps admin adjustments out of the customers' figures, decision 021).
    index("transactions_completed_processed_idx")
      .on(t.processedAt, t.type, t.origin, t.amountMinor)
      .where(sql`${t.status} = 'completed'`),
    index("transactions_pending_type_idx")
      .on(t.type)
      .where(sql`${t.status} = 'pending'`),
    // Chain matching (decisions 019 and 038). A transfer is matched to one deposit; the requests
    // still waiting for a transfer are found by their exact amount to pay. Both are partial, so a
    // withdrawal's insert never touches them. A TXID a customer names is not unique: two customers
    // may name the same one, and a claim only ever helps its own request (decision 038).
    uniqueIndex("transactions_chain_transfer_idx")
      .on(t.chainTransferId)
      .where(sql`${t.chainTransferId} is not null`),
    index("transactions_unmatched_pay_amount_idx")
      .on(t.payMicro, t.createdAt)
      .where(sql`${t.type} = 'deposit' and ${t.payMicro} is not null and ${t.chainTransferId} is null and ${t.status} <> 'rejected'`),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    transactionId: uuid("transaction_id")
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: "restrict" }),
    deltaMinor: bigint("delta_minor", { mode: "bigint" }).notNull(),
    balanceAfterMinor: bigint("balance_after_minor", { mode: "bigint" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("ledger_entries_user_idx").on(t.userId, t.createdAt)],
);

export const sims = pgTable(
  "sims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    walletType: text("wallet_type", { enum: ["Personal", "Merchant"] }).notNull(),
    /** The withdrawal wallet this payout number is for, or "any" (docs/decisions/022-sims-as-payout-numbers.md). */
    operator: text("operator", { enum: ["any", "bKash", "Nagad", "Upay"] })
      .notNull()
      .default("any"),
    status: text("status", { enum: ["pending", "active", "rejected"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sims_user_phone_idx").on(t.userId, t.phoneNumber),
    check("sims_operator_valid", sql`${t.operator} in ('any', 'bKash', 'Nagad', 'Upay')`),
    // The back office's "other accounts that registered this number" (docs/decisions/022).
    index("sims_phone_number_idx").on(t.phoneNumber),
    index("sims_status_created_idx").on(t.status, t.createdAt.desc()),
    index("sims_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    documentType: text("document_type", {
      enum: ["national_id", "driving_license", "passport"],
    }).notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    reviewedBy: uuid("reviewed_by").references(() => user.id),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** Why an admin rejected it, for the customer; cleared when they upload again. */
    rejectReason: text("reject_reason"),
  },
  (t) => [index("verifications_status_created_idx").on(t.status, t.createdAt.desc())],
);

export const verificationDocuments = pgTable(
  "verification_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    documentType: text("document_type", {
      enum: ["national_id", "driving_license", "passport"],
    }).notNull(),
    side: text("side", { enum: ["front", "back"] }).notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("verification_documents_slot_idx").on(t.userId, t.documentType, t.side)],
);

// ---------------------------------------------------------------- back office

export const adminUsers = pgTable("admin_users", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  adminRole: text("admin_role", { enum: ["admin", "super_admin"] }).notNull(),
  createdAt: createdAt(),
});

/**
 * Who made each admin an admin, and when (decision 040): every creation and promotion, kept. An
 * admin confirms no request of anyone who ever appointed them, and nothing at all for
 * NEW_ADMIN_COOLDOWN_HOURS after their latest appointment. `appointedBy` is null for the first
 * admin (the setup page) and for admins made on the command line.
 */
export const adminAppointments = pgTable(
  "admin_appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    appointedBy: uuid("appointed_by").references(() => user.id, { onDelete: "restrict" }),
    adminRole: text("admin_role", { enum: ["admin", "super_admin"] }).notNull(),
    appointedAt: timestamp("appointed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_appointments_admin_idx").on(t.adminId, t.appointedAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: jsonb("details"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_action_created_idx").on(t.action, t.createdAt.desc()),
    // A transaction's audit trail, for the back office's detail panel (decision 019).
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);

// Four eyes (decision 020): a balance adjustment, or a withdrawal's approval, at or above
// FOUR_EYES_MIN_BDT waits here until a second admin confirms it (then the money moves) or someone
// declines it. One awaiting request per withdrawal.
export const secondApprovals = pgTable(
  "second_approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["balance_adjustment", "withdrawal_approval", "deposit_approval"] }).notNull(),
    status: text("status", { enum: ["awaiting", "confirmed", "declined"] })
      .notNull()
      .default("awaiting"),
    /** The customer whose money it is. */
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    /** An adjustment's direction and note; null for a withdrawal. */
    direction: text("direction", { enum: ["add", "subtract"] }),
    note: text("note"),
    /** The withdrawal to approve; null for an adjustment. */
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "restrict" }),
    payoutReference: text("payout_reference"),
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid("decided_by").references(() => user.id, { onDelete: "restrict" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    /** The adjustment created, or the withdrawal approved, by the confirmation. */
    resultTransactionId: uuid("result_transaction_id").references(() => transactions.id, { onDelete: "restrict" }),
  },
  (t) => [
    check("second_approvals_amount_positive", sql`${t.amountMinor} > 0`),
    check("second_approvals_kind_valid", sql`${t.kind} in ('balance_adjustment', 'withdrawal_approval', 'deposit_approval')`),
    check("second_approvals_status_valid", sql`${t.status} in ('awaiting', 'confirmed', 'declined')`),
    check(
      "second_approvals_shape",
      sql`(${t.kind} = 'balance_adjustment' and ${t.direction} in ('add', 'subtract') and ${t.transactionId} is null)
        or (${t.kind} in ('withdrawal_approval', 'deposit_approval') and ${t.direction} is null and ${t.transactionId} is not null)`,
    ),
    // One awaiting request per withdrawal: a second one is a 409 (the partial unique index is the last guard).
    uniqueIndex("second_approvals_awaiting_transaction_idx")
      .on(t.transactionId)
      .where(sql`${t.status} = 'awaiting'`),
    // The queue, oldest first, by status.
    index("second_approvals_status_requested_idx").on(t.status, t.requestedAt, t.id),
    // A transaction's current request (awaiting, or confirmed and not yet paid), for its row and the customer's state.
    index("second_approvals_transaction_idx").on(t.transactionId, t.status),
  ],
);

/**
 * The e-mails the outbox composes from a template: admins' decisions, and the security alerts
 * (decision 039), which always go and carry a "This wasn't me" link. Their words are in
 * mail/decision-templates.ts and mail/security-templates.ts.
 */
export const decisionTemplates = [
  "deposit.completed",
  "deposit.rejected",
  "withdraw.completed",
  "withdraw.rejected",
  "verification.approved",
  "verification.rejected",
  "sim.active",
  "sim.rejected",
  "security.new_sign_in",
  "security.password_changed",
  "security.two_factor_changed",
  "security.new_payout_number",
] as const;

// The transactional outbox of customer e-mail (decision 020): a row is written in the same
// transaction as the decision it tells of, and the sender (mail/outbox-sender.ts) delivers it
// afterwards, with retries. `event_key` is unique: one message per event and recipient.
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventKey: text("event_key").notNull().unique(),
    category: text("category", { enum: ["decision", "security"] }).notNull(),
    /** A decision's template and its facts (migration 0014): the sender composes the message from them. */
    template: text("template", { enum: decisionTemplates }),
    params: jsonb("params"),
    /** The composed message of a row queued before migration 0014 (no template). */
    toAddress: text("to_address"),
    subject: text("subject"),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    /** When the sender may (next) take it: now for a new row; later after a failure, or while a send is under way. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    check("email_outbox_category_valid", sql`${t.category} in ('decision', 'security')`),
    check(
      "email_outbox_template_valid",
      sql.raw(`"email_outbox"."template" in (${decisionTemplates.map((name) => `'${name}'`).join(", ")})`),
    ),
    check(
      "email_outbox_message_or_template",
      sql`(${t.template} is not null and ${t.params} is not null) or (${t.toAddress} is not null and ${t.subject} is not null and ${t.textBody} is not null and ${t.htmlBody} is not null)`,
    ),
    // What the sender claims: the unsent rows that are due, in the order it takes them (oldest due
    // first, then by id), so that a claim reads its batch off the index and no more (migration 0019).
    index("email_outbox_due_order_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);

// Row-change events waiting to be told (decision 029, docs/architecture.md, Realtime). A change writes
// its event here in its own transaction (nexapay_notify_change), so the event exists if and only if
// the change committed; the relay (realtime/change-relay.ts) then sends each one as a NOTIFY and
// deletes it. The table is UNLOGGED (migration 0018, by hand: drizzle cannot say so): events are
// hints to refresh a list, an event lost in a database crash costs a refresh, and an unlogged row
// costs the money transaction no WAL.
export const changeEvents = pgTable("change_events", {
  id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
  changeTable: text("change_table").notNull(),
  userId: uuid("user_id").notNull(),
  rowId: uuid("row_id").notNull(),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);

// Throttles shared by every server process (several processes behind one proxy must enforce one
// limit): one row per key and fixed window, counted up by an upsert. Old windows are deleted as
// new ones start.
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limit_counters_window_start_idx").on(t.windowStart)],
);

// ---------------------------------------------------------------- TRON chain (decision 018)

// Confirmed USDT (TRC-20) transfers to DEPOSIT_ADDRESS, as the chain watcher read them from a
// TronGrid-compatible API (src/server/chain/). Each transfer once: several polls overlap on purpose
// and several processes may run, so the unique txid absorbs every repeat. Nothing is matched to a
// deposit yet; this is the raw record the matching will read.
export const chainTransfers = pgTable(
  "chain_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    txid: text("txid").notNull().unique(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    contractAddress: text("contract_address").notNull(),
    // Micro-USDT, parsed exactly from the API's integer string (never through a float).
    amountMicro: bigint("amount_micro", { mode: "bigint" }).notNull(),
    blockTime: timestamp("block_time", { withTimezone: true }).notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    // Decision 053: whether Tether's USDT contract had the sender blacklisted (isBlackListed) when
    // the watcher stored the transfer; null = not asked or the API did not answer. A deposit from a
    // frozen sender is never credited automatically.
    senderBlacklisted: boolean("sender_blacklisted"),
  },
  (t) => [
    check("chain_transfers_amount_non_negative", sql`${t.amountMicro} >= 0`),
    index("chain_transfers_block_time_idx").on(t.blockTime),
    // Matching walks only the transfers stored in the last day (decision 038): dust sent to the
    // deposit address in bulk cannot make every match walk the whole table.
    index("chain_transfers_first_seen_idx").on(t.firstSeenAt),
  ],
);

// Which exact amounts to pay are taken (decision 038): one row per amount, held by one deposit
// request until `reservedUntil` (its window's end plus one more window, so that a late transfer for
// an expired request is never taken for a newer one). The primary key is what keeps two open
// requests from ever being given the same amount, however many arrive at once; an amount whose
// reservation has passed is taken over by the next request that draws it.
export const depositPayAmounts = pgTable("deposit_pay_amounts", {
  payMicro: bigint("pay_micro", { mode: "bigint" }).primaryKey(),
  transactionId: uuid("transaction_id").notNull(),
  reservedUntil: timestamp("reserved_until", { withTimezone: true }).notNull(),
});

// The watcher's one row (id = 1), shared by every process: where the next poll starts (the highest
// block time stored, in ms; the poll goes back a safety overlap from there) and how the last polls
// went, which /api/health reports whichever process polled.
export const chainWatcherState = pgTable(
  "chain_watcher_state",
  {
    id: integer("id").primaryKey(),
    cursorBlockTimeMs: bigint("cursor_block_time_ms", { mode: "number" }).notNull().default(0),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    lastError: text("last_error"),
    // Decision 038: what health needs to tell a blinded or stalled watcher from a quiet address.
    /** When the cursor last moved forward (only accepted transfers move it). */
    cursorMovedAt: timestamp("cursor_moved_at", { withTimezone: true }),
    /** The API's own latest confirmed block as last read: its number, its time, and when the number last grew. */
    apiBlockNumber: bigint("api_block_number", { mode: "number" }),
    apiBlockTimeMs: bigint("api_block_time_ms", { mode: "number" }),
    apiBlockMovedAt: timestamp("api_block_moved_at", { withTimezone: true }),
    /** Whether the last successful poll read the list to its end (false: it stopped at its page limit). */
    lastPollComplete: boolean("last_poll_complete"),
    /** The items the last poll refused, counted by reason ({"future block time": 1, …}). */
    lastPollRefused: jsonb("last_poll_refused"),
  },
  (t) => [
    check("chain_watcher_state_one_row", sql`${t.id} = 1`),
    check("chain_watcher_state_cursor_non_negative", sql`${t.cursorBlockTimeMs} >= 0`),
  ],
);

// Decision 039: a withdrawal exists only once its owner confirmed it. An e-mailed code is bound to
// the customer, the amount and the payout number (walletType:number, as the withdrawal's reference),
// valid 10 minutes and once; five wrong codes burn it. Only its SHA-256 is kept.
export const withdrawalConfirmations = pgTable(
  "withdrawal_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    reference: text("reference").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** When it confirmed a withdrawal, was burnt by wrong codes, or was replaced by a newer code. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    transactionId: uuid("transaction_id").references(() => transactions.id),
  },
  (t) => [index("withdrawal_confirmations_user_created_idx").on(t.userId, t.createdAt.desc())],
);

// Decision 039: the devices (user agents) and networks an account has signed in from, so that a
// sign-in from a new one is told to the owner and shown to admins. Only hashes are kept.
export const signInPlaces = pgTable(
  "sign_in_places",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["device", "network"] }).notNull(),
    valueHash: text("value_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** False for the places of the account's first session (sign-up): those are not news to anyone. */
    newToAccount: boolean("new_to_account").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.valueHash] }),
    check("sign_in_places_kind_valid", sql`${t.kind} in ('device', 'network')`),
  ],
);

// Decision 039: the "This wasn't me" links of security alerts. One click, with no sign-in, freezes
// the account. Only the token's SHA-256 is kept; the link lives 30 days.
export const accountFreezeLinks = pgTable("account_freeze_links", {
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

// ---------------------------------------------------------------- solvency (decision 053)

// The USDT each reserve address (DEPOSIT_ADDRESS and RESERVE_ADDRESSES) held at its last good read,
// and whether Tether's contract has it blacklisted. One row per address, written by the chain
// watcher's schedule; a failed read keeps the last value and records the error, so the screen says
// how old the figure is.
export const reserveReadings = pgTable(
  "reserve_readings",
  {
    address: text("address").primaryKey(),
    amountMicro: bigint("amount_micro", { mode: "bigint" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    blacklisted: boolean("blacklisted"),
    blacklistCheckedAt: timestamp("blacklist_checked_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  },
  (t) => [check("reserve_readings_amount_non_negative", sql`${t.amountMicro} >= 0`)],
);

// The BDT float of each company mobile wallet, as an admin read it in the provider's app. Insert-only:
// the newest row of a wallet is its reading, the older ones its history.
export const floatReadings = pgTable(
  "float_readings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    walletType: text("wallet_type", { enum: ["bKash", "Nagad", "Upay"] }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    note: text("note").notNull().default(""),
    recordedBy: uuid("recorded_by")
      .notNull()
      .references(() => user.id),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("float_readings_wallet_type_valid", sql`${t.walletType} in ('bKash', 'Nagad', 'Upay')`),
    check("float_readings_amount_non_negative", sql`${t.amountMinor} >= 0`),
    index("float_readings_wallet_recorded_idx").on(t.walletType, t.recordedAt.desc()),
  ],
);

// One row per Dhaka day (taken at 00:00 Asia/Dhaka, or on the first start after it): what the
// company owed and held, for the solvency screen's history and the dashboard's "dropped 2 %" banner.
export const solvencySnapshots = pgTable("solvency_snapshots", {
  day: date("day", { mode: "string" }).primaryKey(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
  liabilitiesMinor: bigint("liabilities_minor", { mode: "bigint" }).notNull(),
  reservesMinor: bigint("reserves_minor", { mode: "bigint" }).notNull(),
  usdtMicro: bigint("usdt_micro", { mode: "bigint" }).notNull(),
  floatsMinor: bigint("floats_minor", { mode: "bigint" }).notNull(),
});

// A proof of liabilities (docs/proof-of-reserves.md): every customer balance at one instant, as a
// Merkle-sum tree whose root is published. `balancesSnapshot` is the database snapshot
// (pg_current_snapshot) the balances were read in, so anyone with the database can check that the
// root's sum is the ledger at that instant. `day` is set for the daily snapshot only.
export const porSnapshots = pgTable(
  "por_snapshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
    day: date("day", { mode: "string" }).unique(),
    takenBy: uuid("taken_by").references(() => user.id),
    rootHash: text("root_hash").notNull(),
    rootSum: bigint("root_sum", { mode: "bigint" }).notNull(),
    leafCount: integer("leaf_count").notNull(),
    usdtMicro: bigint("usdt_micro", { mode: "bigint" }).notNull(),
    usdtAddresses: jsonb("usdt_addresses").$type<string[]>().notNull(),
    floatsMinor: bigint("floats_minor", { mode: "bigint" }).notNull(),
    rate: text("rate").notNull(),
    balancesSnapshot: text("balances_snapshot").notNull(),
  },
  (t) => [index("por_snapshots_taken_at_idx").on(t.takenAt.desc())],
);

// The leaves of a snapshot: one per customer, in the tree's order (sorted by leaf hash). The nonce
// is fresh for every customer in every snapshot, so a leaf tells nothing about anyone's balance.
export const porLeaves = pgTable(
  "por_leaves",
  {
    // No foreign keys here: a million rows each checked against their snapshot would double the
    // snapshot's time; take-snapshot.ts writes them in the snapshot's own transaction and deletes them.
    snapshotId: uuid("snapshot_id").notNull(),
    userId: uuid("user_id").notNull(),
    position: integer("position").notNull(),
    nonce: text("nonce").notNull(),
    balanceMinor: bigint("balance_minor", { mode: "bigint" }).notNull(),
    leafHash: text("leaf_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.userId] }), uniqueIndex("por_leaves_position_idx").on(t.snapshotId, t.position)],
);

// The tree's inner nodes (level 1 up to the root), so that a customer's path is read, not rebuilt.
export const porNodes = pgTable(
  "por_nodes",
  {
    snapshotId: uuid("snapshot_id").notNull(),
    level: integer("level").notNull(),
    position: integer("position").notNull(),
    hash: text("hash").notNull(),
    sum: bigint("sum", { mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.position] })],
);
