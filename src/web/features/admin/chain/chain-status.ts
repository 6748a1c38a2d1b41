// The chain watcher's status as Unclaimed transfers shows it (GET /api/admin/chain/status, decision
// 038): the words and tone for its state, and what its last poll refused. Plain functions, so the unit
// tests run them as they are.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { translated } from "../shell/admin-i18n.ts";

const stateMessages: Record<string, MessageDescriptor> = {
  ok: msg`Working`,
  starting: msg`Starting`,
  failing: msg`Failing`,
  off: msg`Off`,
};

/** "ok" → "Working", in the shown language; a state this screen does not know is shown as the server named it. */
export function watcherStateLabel(state: string): string {
  const known = stateMessages[state];
  return known ? translated(known) : state;
}

export function watcherStateTone(state: string): "success" | "warning" | "danger" | "neutral" {
  if (state === "ok") return "success";
  if (state === "failing") return "danger";
  if (state === "starting") return "warning";
  return "neutral";
}

/**
 * What the last poll refused, most first: [reason, count] pairs with a count above 0 ("block time in
 * the future", 2). Empty when it refused nothing or the server does not say.
 */
export function refusedItems(refused: Record<string, number> | null | undefined): [string, number][] {
  if (!refused) return [];
  return Object.entries(refused)
    .filter(([, count]) => Number.isFinite(count) && count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}
