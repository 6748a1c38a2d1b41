// Segregation of duties in the back office: no admin decides on their own account (their
// transactions, balance, verification, SIMs, access or profile); another admin does. The server
// refuses such a decision whatever the screen shows; the screens only spare the admin a button
// that cannot work, and say why in its place.
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { messages } from "#shared/api-error.ts";
import { ApiError } from "@/lib/api-client.ts";
import { cn } from "@/lib/class-names.ts";
import { useSession } from "@/lib/session.ts";

export const ownAccountNote = msg`Your own account: another admin decides.`;

/** The signed-in admin's user id (null while the session is unknown). */
export function useOwnUserId(): string | null {
  return useSession().user?.id ?? null;
}

/**
 * Shown where the decision buttons would be, on the signed-in admin's own record: narrow and
 * right-aligned in a table's Actions column (from 768 px, where the lists are tables), a plain line
 * in a phone's card.
 */
export function OwnAccountNote({ className }: { className?: string }) {
  const { i18n } = useLingui();
  return (
    <span className={cn("text-xs leading-snug text-muted-foreground md:max-w-40 md:text-right", className)}>{i18n._(ownAccountNote)}</span>
  );
}

/** The server's refusal of a decision on one's own account (a stale screen can still send one). */
export function isOwnAccountRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.message === messages.ownAccount;
}
