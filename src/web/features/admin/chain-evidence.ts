// How the back office shows a deposit's chain evidence (docs/product.md, Deposits checked on the chain):
// the words for each state, the tone of its badge, short TXIDs, and which approvals need the admin to
// say they checked the transfer themselves. Plain functions, so the unit tests run them as they are.
import type { AdminTransactionDto, ChainState } from "#shared/admin-schemas.ts";

/** What an admin reads for each state; the Chain filter and the CSV export use the same words. */
export const chainStateLabels: Record<ChainState, string> = {
  confirmed: "Confirmed on chain",
  amount_differs: "Amount differs",
  not_seen: "Not seen on chain yet",
  off: "Chain check off",
};

export const chainStateTones: Record<ChainState, "success" | "warning" | "neutral" | "danger"> = {
  confirmed: "success",
  amount_differs: "danger",
  not_seen: "warning",
  off: "neutral",
};

/** The Chain filter of Manage Transactions, in the order the select lists them. */
export const chainFilterOptions = [
  { value: "all", label: "All" },
  { value: "confirmed", label: chainStateLabels.confirmed },
  { value: "amount_differs", label: chainStateLabels.amount_differs },
  { value: "not_seen", label: chainStateLabels.not_seen },
  { value: "off", label: chainStateLabels.off },
] as const;

/** "3f1c…9a0b7e": a TXID short enough for a table cell; the whole one is in the link and the detail panel. */
export function shortTxid(txid: string): string {
  return txid.length <= 16 ? txid : `${txid.slice(0, 8)}…${txid.slice(-6)}`;
}

/** "20.5" → "20.5 USDT". */
export function usdtText(amount: string): string {
  return `${amount} USDT`;
}

/**
 * Whether approving this transaction first needs "Approve anyway": a pending customer deposit that the
 * running watcher has not confirmed (nothing seen, or a transfer with another amount). Confirmed
 * deposits, the watcher being off, withdrawals and adjustments approve as they always did.
 */
export function needsChainAcknowledgement(t: Pick<AdminTransactionDto, "type" | "status" | "chain">): boolean {
  return t.type === "deposit" && t.status === "pending" && (t.chain?.state === "not_seen" || t.chain?.state === "amount_differs");
}
