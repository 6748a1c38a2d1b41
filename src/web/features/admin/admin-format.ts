// How the back office shows dates, amounts, document names and audit actions. Plain functions
// with relative imports only, so the unit tests run them without the web build's aliases.
import { displayBdt, parseBdt } from "#shared/money.ts";

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const dateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "2025-01-05T10:00:00Z" → "Jan 5, 2025", in the browser's time zone. */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : shortDate.format(date);
}

/** "2025-01-05T15:04:00Z" → "Jan 5, 2025, 3:04 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTime.format(date);
}

const timeOfDay = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

/** "2025-01-05T15:04:00Z" → "3:04 PM". */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeOfDay.format(date);
}

/** A wire amount "12500" / "12500.5" → "12,500.00 BDT" (exact: no float on the way). */
export function formatBdtAmount(amount: string): string {
  try {
    return displayBdt(parseBdt(amount));
  } catch {
    return `${amount} BDT`;
  }
}

/** "driving_license" → "driving license" (underscores shown as spaces). */
export function underscoresAsSpaces(text: string): string {
  return text.replaceAll("_", " ");
}

/**
 * A document image's caption: its file name without the extension, underscores as spaces
 * ("/api/files/u1/national_id_front.jpg" → "national id front").
 */
export function documentCaption(url: string): string {
  const fileName = decodeURIComponent(url.split("?")[0]?.split("/").pop() ?? "");
  const dot = fileName.lastIndexOf(".");
  return underscoresAsSpaces(dot > 0 ? fileName.slice(0, dot) : fileName);
}

/** The actions the audit log records, with the words the screen shows for them. */
export const auditActions = {
  "transaction.approved": "Transaction approved",
  "transaction.rejected": "Transaction rejected",
  "transaction.deposit_requested": "Deposit requested",
  "transaction.chain_matched": "Matched to a chain transfer",
  "transaction.withdrawal_requested": "Withdrawal requested",
  "balance.adjusted": "Balance adjusted",
  "second_approval.requested": "Second approval requested",
  "second_approval.confirmed": "Second approval confirmed",
  "second_approval.declined": "Second approval declined",
  "user.suspended": "User suspended",
  "user.activated": "User activated",
  "user.profile_updated": "User profile updated",
  "user.password_changed": "Password changed",
  "user.password_reset": "Password reset by e-mail link",
  "sim.approved": "SIM approved",
  "sim.rejected": "SIM rejected",
  "sim.deleted": "SIM deleted",
  "verification.approved": "Verification approved",
  "verification.rejected": "Verification rejected",
  "admin.created": "Admin created",
  "admin.role_granted": "Admin role granted",
  "admin.first_admin_created": "First admin created",
  "admin.two_factor_enabled": "Two-factor sign-in set up",
  "admin.two_factor_reset": "Two-factor sign-in reset",
  "admin.recovery_codes_regenerated": "Recovery codes renewed",
  "admin.signed_in": "Admin signed in",
} as const satisfies Record<string, string>;

/**
 * Who an audit entry names when it has no admin or customer behind it: the chain watcher (its
 * entries say so in their details: matching, automatic credit), else 'System' (the command line,
 * or SQL run by hand).
 */
export function actorlessAuditLabel(details: unknown): string {
  const actor = details !== null && typeof details === "object" ? (details as { actor?: unknown }).actor : undefined;
  return actor === "chain-watcher" ? "Chain watcher" : "System";
}

export function auditActionLabel(action: string): string {
  return (auditActions as Record<string, string>)[action] ?? underscoresAsSpaces(action);
}

/**
 * The details of an audit entry as short "name: value" pairs for people, in a stable order;
 * nested values are shown as JSON. Unknown shapes give an empty list.
 */
export function auditDetailPairs(details: unknown): [string, string][] {
  if (typeof details !== "object" || details === null || Array.isArray(details)) return [];
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(details as Record<string, unknown>)) {
    if (value === null || value === undefined || value === "") continue;
    let text: string;
    if (typeof value === "string") text = value;
    else if (typeof value === "number" || typeof value === "boolean") text = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) text = value.join(", ");
    else text = JSON.stringify(value);
    pairs.push([key, text]);
  }
  return pairs;
}
