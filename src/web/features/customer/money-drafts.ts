// A deposit or withdrawal form kept across an expired session (docs/decisions/023-customer-review-receipt-and-drafts.md):
// what was typed goes to sessionStorage (this tab only, gone when it closes) when the server answers
// 401, and comes back once, when the form opens again after signing in, to the same account only
// (decision 039): a draft records its owner, and another account's form never reads it. Sign-out
// forgets every draft (lib/kept-drafts.ts). Only the request's own fields are kept,
// never anything secret: no password, and never a withdrawal's confirmation code.
import { msg } from "@lingui/core/macro";
import { keptDraftKey } from "../../lib/kept-drafts.ts";

export type DraftKind = "deposit" | "withdrawal";

const draftFields: Record<DraftKind, readonly string[]> = {
  deposit: ["fromAddress", "usdtAmount", "txid"],
  withdrawal: ["walletType", "walletNumber", "amount"],
};

/** The notice shown above a form filled from a kept draft. */
export const draftRestoredMessage = msg`Your session expired. We kept your request; check it and send again.`;

const storageKey = (kind: DraftKind) => keptDraftKey(kind);

type StringStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Keeps the form's fields of `kind` for `owner` (the signed-in user's id; strings only, anything else is dropped). */
export function keepDraft(kind: DraftKind, owner: string, values: Record<string, unknown>, storage: StringStorage = sessionStorage): void {
  const kept: Record<string, string> = {};
  for (const field of draftFields[kind]) {
    const value = values[field];
    if (typeof value === "string") kept[field] = value;
  }
  try {
    storage.setItem(storageKey(kind), JSON.stringify({ owner, fields: kept }));
  } catch {
    // Storage full or disabled: the customer types it again, as before.
  }
}

/** The kept draft of `kind` for `owner`; null when there is none, or it is another account's. It stays until forgetDraft. */
export function readDraft(kind: DraftKind, owner: string, storage: StringStorage = sessionStorage): Record<string, string> | null {
  let text: string | null;
  try {
    text = storage.getItem(storageKey(kind));
  } catch {
    return null;
  }
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const kept = parsed as { owner?: unknown; fields?: unknown };
  if (kept.owner !== owner || typeof kept.fields !== "object" || kept.fields === null) return null;
  const draft: Record<string, string> = {};
  for (const field of draftFields[kind]) {
    const value = (kept.fields as Record<string, unknown>)[field];
    if (typeof value === "string") draft[field] = value;
  }
  return Object.keys(draft).length > 0 ? draft : null;
}

/** Drops the kept draft of `kind`: it fills the form once. */
export function forgetDraft(kind: DraftKind, storage: StringStorage = sessionStorage): void {
  try {
    storage.removeItem(storageKey(kind));
  } catch {
    // Nothing to forget.
  }
}
