// Assigning an unclaimed transfer to a deposit request by hand (decision 038): how the dialog finds
// the request and which requests it offers. Plain functions, so the unit tests run them as they are;
// the server checks the same rules again and has the last word.
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { sameUsdtAmount } from "./chain-evidence.ts";

const transactionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The search text is a request's id (its reference on the customer's receipt), pasted whole: the
 * dialog then opens that request instead of searching. Spaces around it are ignored.
 */
export function looksLikeTransactionId(text: string): boolean {
  return transactionIdPattern.test(text.trim());
}

/**
 * Why a request cannot take a transfer, or null when it can: the server's rules (a customer's deposit,
 * not rejected, with no transfer yet, not the admin's own) as far as the list can tell. A request
 * "Confirmed on chain" has its transfer; one that shows "Amount differs" may only name a TXID, so it is
 * offered, and the server answers if it already has one.
 */
export type AssignBlock = "not_customer_deposit" | "rejected" | "has_transfer" | "own";

export function assignBlockOf(
  t: Pick<AdminTransactionDto, "type" | "origin" | "status" | "chain" | "userId">,
  ownUserId: string | null,
): AssignBlock | null {
  if (t.type !== "deposit" || t.origin !== "customer") return "not_customer_deposit";
  if (t.status === "rejected") return "rejected";
  if (t.chain?.state === "confirmed") return "has_transfer";
  if (ownUserId !== null && t.userId === ownUserId) return "own";
  return null;
}

/**
 * How a request's amounts compare with the transfer's: the exact amount it was told to send ("pay"),
 * the round amount it asked for ("asked", what a careless transfer sends), or neither.
 */
export function amountRelationOf(t: Pick<AdminTransactionDto, "payAmount" | "usdtAmount">, transferAmount: string): "pay" | "asked" | null {
  if (t.payAmount !== null && sameUsdtAmount(t.payAmount, transferAmount)) return "pay";
  if (t.usdtAmount !== null && sameUsdtAmount(t.usdtAmount, transferAmount)) return "asked";
  return null;
}

/**
 * The search's requests, the ones that match the transfer's amount first (pay amount, then asked-for
 * amount), otherwise in the order the server sent them (newest first).
 */
export function rankedCandidates<T extends Pick<AdminTransactionDto, "payAmount" | "usdtAmount">>(
  items: readonly T[],
  transferAmount: string,
): T[] {
  const rank = (t: T) => ({ pay: 0, asked: 1, none: 2 })[amountRelationOf(t, transferAmount) ?? "none"];
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}
