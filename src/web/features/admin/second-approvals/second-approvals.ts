// Four eyes: how the back office tells a SecondApproval from a transaction in an answer,
// and the words it shows for one. Plain functions with relative imports only (unit-tested beside).
// The words are message descriptors, shown with i18n._(…) in the shown language.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { groupBdMobile } from "#shared/bd-mobile.ts";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import { walletNumberOf, withdrawalMethodOf } from "../../../lib/payout.ts";
import { formatBdtAmount } from "../shell/admin-format.ts";
import { translated } from "../shell/admin-i18n.ts";

export const secondApprovalKindLabels: Record<SecondApprovalDto["kind"], MessageDescriptor> = {
  balance_adjustment: msg`Balance adjustment`,
  withdrawal_approval: msg`Withdrawal`,
  deposit_approval: msg`Deposit approved anyway`,
};

export const secondApprovalStatusLabels: Record<SecondApprovalDto["status"], MessageDescriptor> = {
  awaiting: msg`Awaiting`,
  confirmed: msg`Confirmed`,
  declined: msg`Declined`,
};

/** The toast of a 202 to a withdrawal's approval: nobody pays before a second admin confirms. */
export const awaitingSecondApprovalMessage = msg`Sent for a second approval: the withdrawal waits for a second admin, and nobody pays it before then.`;
/** The toast of a 202 to a deposit approved anyway. */
export const depositAwaitingSecondApprovalMessage = msg`Sent for a second approval: the deposit is credited when a second admin confirms it.`;
/** The toast of a 202 to a balance adjustment. */
export const adjustmentSentMessage = msg`Sent for a second approval: another admin must confirm it.`;
/** Shown instead of Confirm on the signed-in admin's own request. */
export const ownRequestNote = msg`Your request: another admin confirms it.`;

/**
 * Whether an answer of the approve or adjust call is a SecondApproval (202: nothing moved yet)
 * rather than the transaction (200/201): only a SecondApproval has `kind` and `requestedBy`.
 */
export function isSecondApproval(answer: unknown): answer is SecondApprovalDto {
  if (typeof answer !== "object" || answer === null) return false;
  const record = answer as Record<string, unknown>;
  return typeof record.kind === "string" && typeof record.requestedBy === "object" && record.requestedBy !== null;
}

/**
 * What the request is about, in a line: "Add 30,000.00 BDT", "Subtract 30,000.00 BDT",
 * "Credit 6,250.00 BDT", "30,000.00 BDT to bKash 01712-345678". A withdrawal's line never says
 * "Pay": confirming one lets an admin pay it afterwards, it pays nothing (decision 040).
 */
export function secondApprovalActionText(request: SecondApprovalDto): string {
  const amount = formatBdtAmount(request.amount);
  if (request.kind === "balance_adjustment")
    return request.direction === "subtract" ? translated(msg`Subtract ${amount}`) : translated(msg`Add ${amount}`);
  if (request.kind === "deposit_approval") return translated(msg`Credit ${amount}`);
  const number = request.walletNumber ? groupBdMobile(request.walletNumber) : null;
  const to = [request.method, number].filter((part) => part !== null && part !== "").join(" ");
  return to === "" ? amount : translated(msg`${amount} to ${to}`);
}

/** What confirming a request does, said before the admin confirms it. */
export const confirmEffects: Record<SecondApprovalDto["kind"], MessageDescriptor> = {
  balance_adjustment: msg`The balance changes at once.`,
  withdrawal_approval: msg`Confirming lets an admin pay this withdrawal. No money moves yet.`,
  deposit_approval: msg`The deposit is credited to the customer's balance at once.`,
};

/**
 * Where a pending row stands (decision 040): plain pending (an admin approves it), awaiting a second
 * admin, or confirmed and ready to pay; "decided" once completed or rejected.
 */
export type TransactionStage = "decided" | "pending" | "awaiting" | "ready";

export function transactionStageOf(t: Pick<AdminTransactionDto, "status" | "secondApproval">): TransactionStage {
  if (t.status !== "pending") return "decided";
  if (t.secondApproval?.status === "awaiting") return "awaiting";
  if (t.secondApproval?.status === "confirmed") return "ready";
  return "pending";
}

/**
 * A row's four-eyes request as the Confirm and Decline dialogs take it: the same words as on the
 * Second approvals page, from what the row knows. Null when the row has none.
 */
export function secondApprovalOfRow(t: AdminTransactionDto): SecondApprovalDto | null {
  const request = t.secondApproval;
  if (!request) return null;
  const withdrawal = t.type === "withdraw";
  return {
    id: request.id,
    kind: withdrawal ? "withdrawal_approval" : "deposit_approval",
    status: request.status,
    userId: t.userId,
    username: t.username,
    fullName: null,
    amount: t.amount,
    direction: null,
    note: null,
    transactionId: t.id,
    method: withdrawal ? withdrawalMethodOf(t.reference) : null,
    walletNumber: withdrawal ? walletNumberOf(t.reference) : null,
    payoutReference: null,
    requestedBy: request.requestedBy,
    requestedAt: request.requestedAt,
    decidedBy: request.decidedBy,
    decidedAt: request.decidedAt,
    declineReason: null,
    resultTransactionId: null,
  };
}

/** The customer as the lists name them: full name, else username. */
export function customerName(request: Pick<SecondApprovalDto, "fullName" | "username">): string {
  return request.fullName && request.fullName.trim() !== "" ? request.fullName : request.username;
}
