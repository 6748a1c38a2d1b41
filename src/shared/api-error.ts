// The one error shape every endpoint answers with (docs/architecture.md, HTTP API).
export type ApiErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    /** CONFIRMATION_REQUIRED: how the owner confirms ("email" or "totp"), where the code went, when a new one may be sent. */
    method?: "email" | "totp";
    sentTo?: string;
    resendAt?: string;
    /** SECURITY_HOLD: when withdrawals may start again (ISO 8601). */
    until?: string;
    /** PAYOUT_REFERENCE_USED: the withdrawal the transaction ID already paid. */
    transactionId?: string;
    /** Every 5xx: the request's id, also its X-Request-Id header and in the server's log lines (decision 045). */
    requestId?: string;
  };
};

export const errorCodes = {
  validation: "VALIDATION_ERROR",
  unauthenticated: "UNAUTHENTICATED",
  forbidden: "FORBIDDEN",
  suspended: "ACCOUNT_SUSPENDED",
  locked: "ACCOUNT_LOCKED",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  rateLimited: "RATE_LIMITED",
  invalidCredentials: "INVALID_CREDENTIALS",
  commonPassword: "PASSWORD_TOO_COMMON",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  uriTooLong: "URI_TOO_LONG",
  headersTooLarge: "HEADERS_TOO_LARGE",
  requestTimeout: "REQUEST_TIMEOUT",
  /** A client error with no more precise code of ours. */
  badRequest: "BAD_REQUEST",
  insufficientBalance: "INSUFFICIENT_BALANCE",
  alreadyProcessed: "ALREADY_PROCESSED",
  idempotencyConflict: "IDEMPOTENCY_KEY_REUSED",
  limitExceeded: "LIMIT_EXCEEDED",
  twoFactorRequired: "TWO_FACTOR_REQUIRED",
  sessionIdleTimeout: "SESSION_IDLE_TIMEOUT",
  sessionExpired: "SESSION_EXPIRED",
  sessionNeedsSecondFactor: "SESSION_NEEDS_SECOND_FACTOR",
  tooManyStreams: "TOO_MANY_STREAMS",
  documentsLocked: "DOCUMENTS_LOCKED",
  chainUnconfirmed: "CHAIN_UNCONFIRMED",
  /** Every exact amount near the one asked for is held by another open deposit request (decision 038). */
  payAmountUnavailable: "PAY_AMOUNT_UNAVAILABLE",
  /** A transfer an admin tried to assign has already settled a request, or the request cannot take one. */
  transferAssigned: "TRANSFER_ALREADY_ASSIGNED",
  // Decision 039: what a stolen password cannot do.
  /** A withdrawal without its owner's code: nothing was created; `method` says where the code comes from. */
  confirmationRequired: "CONFIRMATION_REQUIRED",
  /** A withdrawal code that is wrong, stale, used, or for another amount or number. */
  confirmationInvalid: "CONFIRMATION_INVALID",
  /** Withdrawals wait SECURITY_HOLD_HOURS after a password or second-factor change; `until` says when. */
  securityHold: "SECURITY_HOLD",
  /** The owner froze the account with a "This wasn't me" link; an admin unfreezes it. */
  accountFrozen: "ACCOUNT_FROZEN",
  /** An unverified customer over UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT today. */
  verificationRequired: "VERIFICATION_REQUIRED",
  // Decision 040: decisions that cannot go wrong.
  /** A TrxID already recorded for a completed withdrawal of the same provider; `transactionId` names it. */
  payoutReferenceUsed: "PAYOUT_REFERENCE_USED",
  /** A TrxID sent for a withdrawal a second admin has not confirmed yet. */
  awaitingSecondApproval: "AWAITING_SECOND_APPROVAL",
  /** "Credit what arrived" for a deposit whose chain shows no differing transfer. */
  chainNoDifference: "CHAIN_NO_DIFFERENCE",
} as const;

export const messages = {
  suspended: "Your account has been suspended. Please contact support.",
  locked: "Too many failed sign-in attempts. Your account is locked for 30 minutes.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  invalidCredentials: "Invalid email or password",
  commonPassword: "This password is too common. Choose another.",
  unauthenticated: "You must be signed in.",
  adminRequired: "Access denied. Admin privileges required.",
  setupComplete: "Setup is complete: an admin already exists.",
  usernameTaken: "This username is already taken",
  emailTaken: "An account with this email already exists",
  resetLinkInvalid: "Invalid or expired reset link.",
  currentPasswordWrong: "Current password is incorrect",
  insufficientBalance: "Insufficient balance",
  alreadyProcessed: "This transaction is already processed.",
  transactionNotFound: "Transaction not found",
  /** Segregation of duties: another admin decides on an admin's own money, documents, SIMs and access. */
  ownAccount: "You cannot decide on your own account.",
  idempotencyConflict: "This Idempotency-Key was already used for a different request.",
  twoFactorRequired: "Set up two-factor sign-in to use the back office.",
  sessionIdleTimeout: "Your admin session ended after 15 minutes of inactivity. Please sign in again.",
  sessionExpired: "Your admin session ended after 12 hours. Please sign in again.",
  sessionNeedsSecondFactor: "This session has not passed the code step. Sign in again with the code from your authenticator app.",
  tooManyStreams: "Too many open live-update connections. Close another tab and try again.",
  documentsLocked: "Your identity is already verified. Contact support to change your documents.",
  payAmountUnavailable: "Too many deposits of this amount are waiting right now. Try a slightly different amount.",
  openDepositsMax: "You have too many deposit requests waiting. Send one of them, or wait until they expire.",
  chainUnconfirmed: "This deposit is not confirmed on chain. Approve it only if you have checked the transfer yourself.",
  chainNoDifference: "Nothing that differs arrived for this deposit: there is nothing else to credit.",
  confirmationEmail: "Enter the code we sent to your e-mail to confirm this withdrawal.",
  confirmationTotp: "Enter the 6-digit code from your authenticator app to confirm this withdrawal.",
  confirmationInvalid: "This code is wrong or has expired. Check it, or send a new code.",
  accountFrozen: "Your account is frozen. Withdrawals are stopped until our support team unfreezes it.",
  verificationRequired: "Verify your identity to withdraw",
} as const;
