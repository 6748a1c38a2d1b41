// How the back office shows dates, amounts, document names and audit actions, in the shown language
// (English: "Jan 5, 2025", "12,500.00 BDT"; Bangla in Bengali digits). Plain functions with relative
// imports only, so the unit tests run them without the web build's aliases.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { parseBdt } from "#shared/money.ts";
import { dateFormatter, formatBdtAmount as formatPoisha } from "../../../lib/locale-format.ts";
import { translated } from "./admin-i18n.ts";

const shortDate = dateFormatter({ month: "short", day: "numeric", year: "numeric" });
const dateTime = dateFormatter({
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "2025-01-05T10:00:00Z" → "Jan 5, 2025", in the browser's time zone. */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : shortDate(date);
}

/** "2025-01-05T15:04:00Z" → "Jan 5, 2025, 3:04 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTime(date);
}

const timeOfDay = dateFormatter({ hour: "numeric", minute: "2-digit" });

/** "2025-01-05T15:04:00Z" → "3:04 PM". */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeOfDay(date);
}

/** A wire amount "12500" / "12500.5" → "12,500.00 BDT" / "১২,৫০০.০০ ৳" (exact: no float on the way). */
export function formatBdtAmount(amount: string): string {
  try {
    return formatPoisha(parseBdt(amount));
  } catch {
    return `${amount} BDT`;
  }
}

/** "driving_license" → "driving license" (underscores shown as spaces). */
export function underscoresAsSpaces(text: string): string {
  return text.replaceAll("_", " ");
}

const documentTypeNames: Record<string, MessageDescriptor> = {
  national_id: msg`national id`,
  driving_license: msg`driving license`,
  passport: msg`passport`,
};

/**
 * "driving_license" → "driving license" (the screens capitalise it) in the shown language; an unknown
 * type with its underscores as spaces.
 */
export function documentTypeLabel(documentType: string): string {
  const known = documentTypeNames[documentType];
  return known ? translated(known) : underscoresAsSpaces(documentType);
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
  "transaction.approved": msg`Transaction approved`,
  "transaction.rejected": msg`Transaction rejected`,
  "transaction.deposit_requested": msg`Deposit requested`,
  "transaction.chain_matched": msg`Matched to a chain transfer`,
  "transaction.chain_assigned": msg`Chain transfer assigned by hand`,
  "transaction.withdrawal_requested": msg`Withdrawal requested`,
  "balance.adjusted": msg`Balance adjusted`,
  "second_approval.requested": msg`Second approval requested`,
  "second_approval.confirmed": msg`Second approval confirmed`,
  "second_approval.declined": msg`Second approval declined`,
  "user.suspended": msg`User suspended`,
  "user.activated": msg`User activated`,
  "user.frozen_by_owner": msg`Frozen by the customer`,
  "user.unfrozen": msg`Unfrozen`,
  "user.profile_updated": msg`User profile updated`,
  "user.password_changed": msg`Password changed`,
  "user.password_reset": msg`Password reset by e-mail link`,
  "user.two_factor_enabled": msg`Customer turned on an authenticator app`,
  "user.two_factor_disabled": msg`Customer turned off their authenticator app`,
  "user.recovery_codes_regenerated": msg`Customer renewed their recovery codes`,
  "user.signed_in": msg`Customer signed in with a code`,
  "user.session_ended": msg`Customer signed a session out`,
  "sim.approved": msg`SIM approved`,
  "sim.rejected": msg`SIM rejected`,
  "sim.deleted": msg`SIM deleted`,
  "verification.approved": msg`Verification approved`,
  "verification.rejected": msg`Verification rejected`,
  "admin.created": msg`Admin created`,
  "admin.role_granted": msg`Admin role granted`,
  "admin.first_admin_created": msg`First admin created`,
  "admin.two_factor_enabled": msg`Two-factor sign-in set up`,
  "admin.two_factor_reset": msg`Two-factor sign-in reset`,
  "admin.recovery_codes_regenerated": msg`Recovery codes renewed`,
  "admin.signed_in": msg`Admin signed in`,
  "solvency.float_recorded": msg`Float recorded`,
  "proof_of_reserves.snapshot": msg`Proof of reserves published`,
} as const satisfies Record<string, MessageDescriptor>;

/**
 * Who an audit entry names when it has no admin or customer behind it: the chain watcher (its
 * entries say so in their details: matching, automatic credit), else 'System' (the command line,
 * or SQL run by hand).
 */
export function actorlessAuditLabel(details: unknown): string {
  const actor = details !== null && typeof details === "object" ? (details as { actor?: unknown }).actor : undefined;
  return actor === "chain-watcher" ? translated(msg`Chain watcher`) : translated(msg`System`);
}

export function auditActionLabel(action: string): string {
  const known = (auditActions as Record<string, MessageDescriptor>)[action];
  return known ? translated(known) : underscoresAsSpaces(action);
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
