// The server's and the shared schemas' English sentences, in the shown language. The API answers
// errors in English ({ error: { code, message, fields } }, src/shared/api-error.ts) and the forms
// validate with the zod schemas of src/shared, whose messages are English too. English is shown as
// the server or schema wrote it; for Bangla the sentence is looked up here, then the error's code,
// and anything unknown shows as sent (English beats a blank).
//
// Its words are their own catalog area, "errors" (lingui.config.ts): it loads with the first form or
// signed-in frame, never with the public site's first page. server-messages.test.ts fails when a
// schema of src/shared has a message this table lacks.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { setServerMessageTranslator } from "./api-client.ts";
import { i18n, isCatalogLoaded, loadCatalogArea } from "./i18n.ts";
import { formatCount } from "./locale-format.ts";

/**
 * Every sentence people may read from src/shared or the server, by its English text. `{name}` stands
 * for a number (shown in the language's digits), `{label}` for a word that is itself in this table
 * ("Full name must be at most 100 characters").
 */
export const sentences: Readonly<Record<string, MessageDescriptor>> = {
  "Please enter a valid email address": msg({ message: "Please enter a valid email address" }),
  "Invalid email format": msg({ message: "Invalid email format" }),
  "Invalid email address": msg({ message: "Invalid email address" }),
  "Password is required": msg({ message: "Password is required" }),
  "Password must be at least {min} characters": msg({ message: "Password must be at least {min} characters" }),
  "Password must be at most {max} characters": msg({ message: "Password must be at most {max} characters" }),
  "New password must be at least {min} characters": msg({ message: "New password must be at least {min} characters" }),
  "Confirm password must be at least {min} characters": msg({ message: "Confirm password must be at least {min} characters" }),
  "Password must contain at least one uppercase letter": msg({ message: "Password must contain at least one uppercase letter" }),
  "Password must contain at least one lowercase letter": msg({ message: "Password must contain at least one lowercase letter" }),
  "Password must contain at least one number": msg({ message: "Password must contain at least one number" }),
  "Passwords don't match": msg({ message: "Passwords don't match" }),
  "Passwords do not match": msg({ message: "Passwords do not match" }),
  "Current password is required": msg({ message: "Current password is required" }),
  "Current password is incorrect": msg({ message: "Current password is incorrect" }),
  "Username must be at least {min} characters": msg({ message: "Username must be at least {min} characters" }),
  "Username must be at most {max} characters": msg({ message: "Username must be at most {max} characters" }),
  "Username may contain only letters, numbers, dots, hyphens and underscores": msg({
    message: "Username may contain only letters, numbers, dots, hyphens and underscores",
  }),
  "Please select your country": msg({ message: "Please select your country" }),
  "Name must be at most {max} characters": msg({ message: "Name must be at most {max} characters" }),
  "Invalid or expired reset link.": msg({ message: "Invalid or expired reset link." }),
  // Decision 039: the freeze link and the back office's unfreeze.
  "This link is not valid or has expired.": msg({ message: "This link is not valid or has expired." }),
  "Write why you are unfreezing this account": msg({ message: "Write why you are unfreezing this account" }),
  "This account is not frozen.": msg({ message: "This account is not frozen." }),
  "Name is required": msg({ message: "Name is required" }),
  "Subject is required": msg({ message: "Subject is required" }),
  "Message is required": msg({ message: "Message is required" }),
  "Company must be at most {max} characters": msg({ message: "Company must be at most {max} characters" }),
  "Message must be at most {max} characters": msg({ message: "Message must be at most {max} characters" }),
  "Your message has been sent. We'll get back to you soon!": msg({ message: "Your message has been sent. We'll get back to you soon!" }),
  "Failed to send your message. Please try again.": msg({ message: "Failed to send your message. Please try again." }),
  "{label} must be text": msg({ message: "{label} must be text" }),
  "{label} must be at most {max} characters": msg({ message: "{label} must be at most {max} characters" }),
  "Full name": msg({ message: "Full name" }),
  Phone: msg({ message: "Phone" }),
  Address: msg({ message: "Address" }),
  "Document number": msg({ message: "Document number" }),
  "Phone number should contain only digits": msg({ message: "Phone number should contain only digits" }),
  "Phone number is required": msg({ message: "Phone number is required" }),
  "Phone number should be at least {min} digits": msg({ message: "Phone number should be at least {min} digits" }),
  "Phone number should be at most {max} digits": msg({ message: "Phone number should be at most {max} digits" }),
  "Wallet type is required": msg({ message: "Wallet type is required" }),
  "Operator must be any, bKash, Nagad or Upay": msg({ message: "Operator must be any, bKash, Nagad or Upay" }),
  "Active SIMs cannot be deleted": msg({ message: "Active SIMs cannot be deleted" }),
  "This phone number is already registered": msg({ message: "This phone number is already registered" }),
  "SIM not found": msg({ message: "SIM not found" }),
  "This SIM is already active.": msg({ message: "This SIM is already active." }),
  "This SIM is already rejected.": msg({ message: "This SIM is already rejected." }),
  "Enter the {digits}-digit code from your authenticator app": msg({
    message: "Enter the {digits}-digit code from your authenticator app",
  }),
  "Enter one of your recovery codes": msg({ message: "Enter one of your recovery codes" }),
  "Enter the {digits}-digit code from your authenticator app, or a recovery code": msg({
    message: "Enter the {digits}-digit code from your authenticator app, or a recovery code",
  }),
  "Invalid code. Check your authenticator app and try again.": msg({
    message: "Invalid code. Check your authenticator app and try again.",
  }),
  "Invalid recovery code.": msg({ message: "Invalid recovery code." }),
  "Password is incorrect": msg({ message: "Password is incorrect" }),
  "Two-factor sign-in is already set up.": msg({ message: "Two-factor sign-in is already set up." }),
  "Two-factor sign-in is not set up.": msg({ message: "Two-factor sign-in is not set up." }),
  "Session not found": msg({ message: "Session not found" }),
  "A passport has a front side only": msg({ message: "A passport has a front side only" }),
  "Only JPEG, PNG or WebP images can be uploaded": msg({ message: "Only JPEG, PNG or WebP images can be uploaded" }),
  "The file is larger than {size} MB": msg({ message: "The file is larger than {size} MB" }),
  "Choose a file to upload": msg({ message: "Choose a file to upload" }),
  "Your identity has been verified successfully.": msg({ message: "Your identity has been verified successfully." }),
  "Please upload new documents for verification.": msg({ message: "Please upload new documents for verification." }),
  "Your documents are being reviewed.": msg({ message: "Your documents are being reviewed." }),
  "Document type must be national_id, driving_license or passport": msg({
    message: "Document type must be national_id, driving_license or passport",
  }),
  "Side must be front or back": msg({ message: "Side must be front or back" }),
  "Please enter a valid amount greater than {min}": msg({ message: "Please enter a valid amount greater than {min}" }),
  "Please enter a valid amount": msg({ message: "Please enter a valid amount" }),
  "Enter a valid TRON (TRC-20) address": msg({ message: "Enter a valid TRON (TRC-20) address" }),
  "Enter the {length}-character transaction ID (TXID), or leave it empty": msg({
    message: "Enter the {length}-character transaction ID (TXID), or leave it empty",
  }),
  "Wallet number is required": msg({ message: "Wallet number is required" }),
  "Wallet number is too long": msg({ message: "Wallet number is too long" }),
  "Enter a valid Bangladeshi mobile number": msg({ message: "Enter a valid Bangladeshi mobile number" }),
  "Payout reference must be {min} to {max} letters and digits": msg({
    message: "Payout reference must be {min} to {max} letters and digits",
  }),
  "A payout reference is only for withdrawals": msg({ message: "A payout reference is only for withdrawals" }),
  "Search text must be at most {max} characters": msg({ message: "Search text must be at most {max} characters" }),
  "Choose add or subtract": msg({ message: "Choose add or subtract" }),
  "Note must be at most {max} characters": msg({ message: "Note must be at most {max} characters" }),
  "Reason must be at most {max} characters": msg({ message: "Reason must be at most {max} characters" }),
  "Reason must be text": msg({ message: "Reason must be text" }),
  "Note must be text": msg({ message: "Note must be text" }),
  "Wallet type must be bKash, Nagad or Upay": msg({ message: "Wallet type must be bKash, Nagad or Upay" }),
  "Choose a reason for the rejection": msg({ message: "Choose a reason for the rejection" }),
  "Write why this transfer belongs to this request": msg({ message: "Write why this transfer belongs to this request" }),
  "Transfer not found": msg({ message: "Transfer not found" }),
  "This transfer has already settled a deposit request.": msg({ message: "This transfer has already settled a deposit request." }),
  "Only a customer's deposit request that is not rejected and has no transfer yet can take one.": msg({
    message: "Only a customer's deposit request that is not rejected and has no transfer yet can take one.",
  }),
  "Please select a valid admin role": msg({ message: "Please select a valid admin role" }),
  "Action must be at most {max} characters": msg({ message: "Action must be at most {max} characters" }),
  "Second approval not found": msg({ message: "Second approval not found" }),
  "You cannot confirm your own request.": msg({ message: "You cannot confirm your own request." }),
  "This request is already confirmed or declined.": msg({ message: "This request is already confirmed or declined." }),
  "This withdrawal is already awaiting a second approval.": msg({ message: "This withdrawal is already awaiting a second approval." }),
  // Decision 040: decisions that cannot go wrong.
  "Write why you approve it without the chain's confirmation": msg({
    message: "Write why you approve it without the chain's confirmation",
  }),
  "Nothing that differs arrived for this deposit: there is nothing else to credit.": msg({
    message: "Nothing that differs arrived for this deposit: there is nothing else to credit.",
  }),
  "You cannot confirm a request of the admin who appointed you: another admin must confirm it.": msg({
    message: "You cannot confirm a request of the admin who appointed you: another admin must confirm it.",
  }),
  "The requesting admin was suspended or demoted.": msg({ message: "The requesting admin was suspended or demoted." }),
  "A second admin must confirm this withdrawal before anyone pays it.": msg({
    message: "A second admin must confirm this withdrawal before anyone pays it.",
  }),
  "Your account has been suspended. Please contact support.": msg({ message: "Your account has been suspended. Please contact support." }),
  "Too many failed sign-in attempts. Your account is locked for {minutes} minutes.": msg({
    message: "Too many failed sign-in attempts. Your account is locked for {minutes} minutes.",
  }),
  "Too many attempts. Please wait a minute and try again.": msg({ message: "Too many attempts. Please wait a minute and try again." }),
  "Invalid email or password": msg({ message: "Invalid email or password" }),
  "This password is too common. Choose another.": msg({ message: "This password is too common. Choose another." }),
  "You must be signed in.": msg({ message: "You must be signed in." }),
  "Access denied. Admin privileges required.": msg({ message: "Access denied. Admin privileges required." }),
  "Setup is complete: an admin already exists.": msg({ message: "Setup is complete: an admin already exists." }),
  "This username is already taken": msg({ message: "This username is already taken" }),
  "An account with this email already exists": msg({ message: "An account with this email already exists" }),
  "Insufficient balance": msg({ message: "Insufficient balance" }),
  "This transaction is already processed.": msg({ message: "This transaction is already processed." }),
  "Transaction not found": msg({ message: "Transaction not found" }),
  "You cannot decide on your own account.": msg({ message: "You cannot decide on your own account." }),
  "This Idempotency-Key was already used for a different request.": msg({
    message: "This Idempotency-Key was already used for a different request.",
  }),
  "Set up two-factor sign-in to use the back office.": msg({ message: "Set up two-factor sign-in to use the back office." }),
  "Your admin session ended after {minutes} minutes of inactivity. Please sign in again.": msg({
    message: "Your admin session ended after {minutes} minutes of inactivity. Please sign in again.",
  }),
  "Your admin session ended after {hours} hours. Please sign in again.": msg({
    message: "Your admin session ended after {hours} hours. Please sign in again.",
  }),
  "This session has not passed the code step. Sign in again with the code from your authenticator app.": msg({
    message: "This session has not passed the code step. Sign in again with the code from your authenticator app.",
  }),
  "Too many open live-update connections. Close another tab and try again.": msg({
    message: "Too many open live-update connections. Close another tab and try again.",
  }),
  "Your identity is already verified. Contact support to change your documents.": msg({
    message: "Your identity is already verified. Contact support to change your documents.",
  }),
  "Too many deposits of this amount are waiting right now. Try a slightly different amount.": msg({
    message: "Too many deposits of this amount are waiting right now. Try a slightly different amount.",
  }),
  "You have too many deposit requests waiting. Send one of them, or wait until they expire.": msg({
    message: "You have too many deposit requests waiting. Send one of them, or wait until they expire.",
  }),
  "This deposit is not confirmed on chain. Approve it only if you have checked the transfer yourself.": msg({
    message: "This deposit is not confirmed on chain. Approve it only if you have checked the transfer yourself.",
  }),
  "Enter the 6-digit code": msg({ message: "Enter the 6-digit code" }),
  "Enter the code we sent to your e-mail to confirm this withdrawal.": msg({
    message: "Enter the code we sent to your e-mail to confirm this withdrawal.",
  }),
  "Enter the 6-digit code from your authenticator app to confirm this withdrawal.": msg({
    message: "Enter the 6-digit code from your authenticator app to confirm this withdrawal.",
  }),
  "This code is wrong or has expired. Check it, or send a new code.": msg({
    message: "This code is wrong or has expired. Check it, or send a new code.",
  }),
  "Your account is frozen. Withdrawals are stopped until our support team unfreezes it.": msg({
    message: "Your account is frozen. Withdrawals are stopped until our support team unfreezes it.",
  }),
  "Verify your identity to withdraw": msg({ message: "Verify your identity to withdraw" }),
};

/** A Bangla sentence for an error code whose exact English sentence is not in the table above. */
const byCode: Readonly<Record<string, MessageDescriptor>> = {
  NETWORK_ERROR: msg({ message: "Could not reach Nexapay. Check your connection and try again." }),
  VALIDATION_ERROR: msg({ message: "Please check what you entered." }),
  UNAUTHENTICATED: msg({ message: "You must be signed in." }),
  FORBIDDEN: msg({ message: "You are not allowed to do this." }),
  ACCOUNT_SUSPENDED: msg({ message: "Your account has been suspended. Please contact support." }),
  ACCOUNT_LOCKED: msg({ message: "Your account is locked for now. Please try again later." }),
  NOT_FOUND: msg({ message: "Not found." }),
  CONFLICT: msg({ message: "This was already done or conflicts with existing data." }),
  RATE_LIMITED: msg({ message: "Too many attempts. Please wait a minute and try again." }),
  INVALID_CREDENTIALS: msg({ message: "Invalid email or password" }),
  PASSWORD_TOO_COMMON: msg({ message: "This password is too common. Choose another." }),
  PAYLOAD_TOO_LARGE: msg({ message: "What you sent is too large." }),
  UNSUPPORTED_MEDIA_TYPE: msg({ message: "This file type is not supported." }),
  URI_TOO_LONG: msg({ message: "This request could not be processed." }),
  HEADERS_TOO_LARGE: msg({ message: "This request could not be processed." }),
  BAD_REQUEST: msg({ message: "This request could not be processed." }),
  REQUEST_TIMEOUT: msg({ message: "The request took too long. Please try again." }),
  INSUFFICIENT_BALANCE: msg({ message: "Insufficient balance" }),
  ALREADY_PROCESSED: msg({ message: "This transaction is already processed." }),
  IDEMPOTENCY_KEY_REUSED: msg({ message: "This request was already sent with different details." }),
  LIMIT_EXCEEDED: msg({ message: "This amount is outside the allowed limit." }),
  TWO_FACTOR_REQUIRED: msg({ message: "Set up two-factor sign-in to use the back office." }),
  SESSION_IDLE_TIMEOUT: msg({ message: "Your admin session ended after a period of inactivity. Please sign in again." }),
  SESSION_EXPIRED: msg({ message: "Your admin session ended. Please sign in again." }),
  SESSION_NEEDS_SECOND_FACTOR: msg({
    message: "This session has not passed the code step. Sign in again with the code from your authenticator app.",
  }),
  TOO_MANY_STREAMS: msg({ message: "Too many open live-update connections. Close another tab and try again." }),
  DOCUMENTS_LOCKED: msg({ message: "Your identity is already verified. Contact support to change your documents." }),
  PAY_AMOUNT_UNAVAILABLE: msg({ message: "Too many deposits of this amount are waiting right now. Try a slightly different amount." }),
  TRANSFER_ALREADY_ASSIGNED: msg({ message: "This transfer has already settled a deposit request." }),
  CHAIN_UNCONFIRMED: msg({ message: "This deposit is not confirmed on chain. Approve it only if you have checked the transfer yourself." }),
  CONFIRMATION_REQUIRED: msg({ message: "Enter the code we sent to your e-mail to confirm this withdrawal." }),
  CONFIRMATION_INVALID: msg({ message: "This code is wrong or has expired. Check it, or send a new code." }),
  SECURITY_HOLD: msg({ message: "For your safety, withdrawals are paused after a password or security change." }),
  ACCOUNT_FROZEN: msg({ message: "Your account is frozen. Withdrawals are stopped until our support team unfreezes it." }),
  VERIFICATION_REQUIRED: msg({ message: "Verify your identity to withdraw" }),
  SERVER_ERROR: msg({ message: "Something went wrong on our side. Please try again." }),
};

type Pattern = { regex: RegExp; names: string[]; descriptor: MessageDescriptor };
let patterns: Pattern[] | null = null;

// Keys with placeholders, as regular expressions ("Password must be at least {min} characters").
function patternList(): Pattern[] {
  patterns ??= Object.entries(sentences)
    .filter(([key]) => key.includes("{"))
    .map(([key, descriptor]) => {
      const names: string[] = [];
      const source = key
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          names.push(name);
          return name === "label" ? "(.+?)" : "(\\d+)";
        })
        .join("");
      return { regex: new RegExp(`^${source}$`), names, descriptor };
    });
  return patterns;
}

function translated(english: string): string | undefined {
  const exact = sentences[english];
  if (exact) return i18n._(exact);
  for (const { regex, names, descriptor } of patternList()) {
    const match = regex.exec(english);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, index) => {
      const value = match[index + 1] ?? "";
      values[name] = name === "label" ? (translated(value) ?? value) : formatCount(Number(value));
    });
    // A variable, not an object literal in the call: the extractor would read a literal as a new message.
    const withValues: MessageDescriptor = { ...descriptor, values };
    return i18n._(withValues);
  }
  return undefined;
}

function showsEnglish(): boolean {
  // Until its catalog has arrived a Bangla lookup would show a message id: the English is better.
  return i18n.locale !== "bn" || !isCatalogLoaded("bn", "errors");
}

/**
 * A sentence from the server or a shared schema (a field error, a refusal) in the shown language.
 * Safe to call on text that is already translated or unknown: it comes back unchanged.
 */
export function serverMessageText(message: string, code?: string): string {
  if (showsEnglish()) return message;
  const text = translated(message);
  if (text !== undefined) return text;
  const generic = code === undefined ? undefined : (byCode[code] ?? (/^HTTP_5\d\d$/.test(code) ? byCode.SERVER_ERROR : undefined));
  return generic ? i18n._(generic) : message;
}

setServerMessageTranslator(serverMessageText);
// Offline or a failed chunk: the sentences then show in English, as the server sent them.
loadCatalogArea("errors").catch(() => undefined);
