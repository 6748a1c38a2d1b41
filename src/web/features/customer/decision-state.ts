// The one state a customer reads for a deposit or withdrawal once the back office or the chain has
// something to say about it (docs/product.md, Customer area › Transactions): a withdrawal an admin
// approved reads "Approved, being paid" at every step until it is paid; a deposit whose transfer
// differs, or was not seen, says so and what happens next; a deposit credited for what arrived
// shows what was asked and what came. Pure rules, unit-tested beside; the components only draw them.
import { msg } from "@lingui/core/macro";
import { isUsdtAmount, parseUsdt } from "#shared/money.ts";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { withdrawalMethodOf } from "../../lib/payout.ts";
import { bdtText, payAmountText, say, usdtText, type DepositWindow } from "./customer-format.ts";

type StateFields = Pick<
  TransactionDto,
  "type" | "status" | "reference" | "amount" | "usdtAmount" | "payAmount" | "receivedUsdt" | "chainIssue" | "beingPaid"
>;

/** What the status badge says: the server's status, 'Expired' for a request that ran out, 'Approved, being paid' for an approved withdrawal. */
export type CustomerStatus = TransactionDto["status"] | "expired" | "being_paid";

/** The line under a transaction that explains its state; null when the status says it all. */
export type DecisionNotice =
  | { kind: "being_paid"; text: string }
  | { kind: "amount_differs"; text: string }
  | { kind: "not_seen"; text: string; supportLink: string }
  | { kind: "credited_received"; text: string };

/**
 * Whether a pending deposit request's window still counts (its countdown, 'Send exactly …', then
 * 'Expired'): not once a transfer of another amount came for it, which an admin credits whenever the
 * window ends, and which a 'Send exactly' would turn into a second transfer.
 */
export function windowCounts(transaction: Pick<TransactionDto, "chainIssue">): boolean {
  return transaction.chainIssue !== "amount_differs";
}

/**
 * The status a customer reads, given the deposit window as it stands now (`depositWindow` of
 * customer-format.ts, or `useDepositWindow` on screen).
 */
export function customerStatus(
  transaction: Pick<TransactionDto, "type" | "status" | "beingPaid">,
  window: DepositWindow | null,
): CustomerStatus {
  // The second admin's confirmation and the payout are the back office's steps: the customer sees one state for all of them.
  if (transaction.type === "withdraw" && transaction.status === "pending" && transaction.beingPaid) return "being_paid";
  return window?.state === "expired" ? "expired" : transaction.status;
}

/** The amount the request asked the customer to send: its exact amount to pay, or the amount asked for before those existed. */
function askedUsdtText(transaction: Pick<TransactionDto, "payAmount" | "usdtAmount">): string | null {
  if (transaction.payAmount !== null) return payAmountText(transaction.payAmount);
  return transaction.usdtAmount !== null ? usdtText(transaction.usdtAmount) : null;
}

/** Whether what the chain shows is another amount than the one asked ("45.000000" against "50.013700"); compared in micro-USDT. */
function receivedDiffers(transaction: Pick<TransactionDto, "payAmount" | "usdtAmount" | "receivedUsdt">): boolean {
  const asked = transaction.payAmount ?? transaction.usdtAmount;
  const received = transaction.receivedUsdt;
  if (asked === null || received === null || !isUsdtAmount(asked) || !isUsdtAmount(received)) return false;
  return parseUsdt(asked) !== parseUsdt(received);
}

/**
 * The public contact form with its subject and a message started for a transfer we have not seen:
 * the exact amount (public on the chain anyway) and a place for the TXID, nothing of the account.
 */
export function notSeenSupportLink(transaction: Pick<TransactionDto, "payAmount" | "usdtAmount">): string {
  const amount = askedUsdtText(transaction) ?? "";
  const search = new URLSearchParams({
    subject: "Technical Support",
    message: say(msg`I sent a USDT (TRC-20) deposit of ${amount} that does not show as received.\nTXID:`),
  });
  return `/contact?${search.toString()}`;
}

/**
 * The line that tells the customer where a transaction stands when its status alone would not:
 * - a pending withdrawal an admin approved: 'An admin approved it. The money is on its way to your bKash number.'
 * - a pending deposit whose transfer came with another amount: what arrived, that an admin credits it, and no 'Credited within …';
 * - a pending deposit not seen 30 minutes after the request: what to check, and the way to support;
 * - a completed deposit credited for what arrived: 'Asked to pay 50.00 USDT · Received 45.00 USDT · Credited 5,625.00 BDT'.
 */
export function decisionNotice(transaction: StateFields): DecisionNotice | null {
  const { type, status } = transaction;
  if (type === "withdraw" && status === "pending" && transaction.beingPaid) {
    const wallet = withdrawalMethodOf(transaction.reference);
    return {
      kind: "being_paid",
      text: wallet
        ? say(msg`An admin approved it. The money is on its way to your ${wallet} number.`)
        : say(msg`An admin approved it. The money is on its way to your wallet.`),
    };
  }
  if (type !== "deposit") return null;
  const asked = askedUsdtText(transaction);
  if (status === "pending" && transaction.chainIssue === "amount_differs" && transaction.receivedUsdt !== null && asked !== null) {
    const received = payAmountText(transaction.receivedUsdt);
    return {
      kind: "amount_differs",
      text: say(
        msg`We received ${received}, not the ${asked} you asked to pay. An admin will credit what arrived; you don't need to do anything. If you sent more in another transfer, contact support with its TXID.`,
      ),
    };
  }
  if (status === "pending" && transaction.chainIssue === "not_seen" && asked !== null) {
    return {
      kind: "not_seen",
      text: say(
        msg`We have not seen your transfer on the TRON network yet. Check that you sent exactly ${asked} (TRC-20) to the deposit address; if you did, contact support with the TXID.`,
      ),
      supportLink: notSeenSupportLink(transaction),
    };
  }
  if (status === "completed" && transaction.receivedUsdt !== null && asked !== null && receivedDiffers(transaction)) {
    const received = payAmountText(transaction.receivedUsdt);
    const credited = bdtText(transaction.amount);
    return { kind: "credited_received", text: say(msg`Asked to pay ${asked} · Received ${received} · Credited ${credited}`) };
  }
  return null;
}

/**
 * The notice a list's row shows: the same, except 'not seen' under a request whose window ended,
 * where 'Expired' already says nothing came (the receipt still gives the way to support, for a
 * transfer that was sent and not seen).
 */
export function listNotice(transaction: StateFields, window: DepositWindow | null): DecisionNotice | null {
  const notice = decisionNotice(transaction);
  return notice?.kind === "not_seen" && window?.state === "expired" ? null : notice;
}

/**
 * Whether the receipt still promises a time ('Credited within 10-30 minutes …'): not for a request
 * that ran out, nor for a deposit whose transfer differs or was not seen, where the notice says what happens instead.
 */
export function showsExpectedTime(
  transaction: Pick<TransactionDto, "type" | "status" | "beingPaid" | "chainIssue">,
  window: DepositWindow | null,
): boolean {
  if (transaction.status !== "pending") return false;
  if (transaction.type === "deposit" && transaction.chainIssue !== null) return false;
  return customerStatus(transaction, window) !== "expired";
}
