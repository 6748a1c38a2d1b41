// Four eyes: how the back office tells a SecondApproval from a transaction in an answer,
// and the words it shows for one. Plain functions with relative imports only (unit-tested beside).
// The words are message descriptors, shown with i18n._(…) in the shown language.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import { formatBdtAmount } from "./admin-format.ts";
import { translated } from "./admin-i18n.ts";

export const secondApprovalKindLabels: Record<SecondApprovalDto["kind"], MessageDescriptor> = {
  balance_adjustment: msg`Balance adjustment`,
  withdrawal_approval: msg`Withdrawal payout`,
};

export const secondApprovalStatusLabels: Record<SecondApprovalDto["status"], MessageDescriptor> = {
  awaiting: msg`Awaiting`,
  confirmed: msg`Confirmed`,
  declined: msg`Declined`,
};

/** The toast of a 202 to a withdrawal's approval. */
export const awaitingSecondApprovalMessage = msg`Awaiting a second admin's approval`;
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
 * What the request does, in a line: "Add 30,000.00 BDT", "Subtract 30,000.00 BDT",
 * "Pay 30,000.00 BDT to bKash 01712345678".
 */
export function secondApprovalActionText(request: SecondApprovalDto): string {
  const amount = formatBdtAmount(request.amount);
  if (request.kind === "balance_adjustment")
    return request.direction === "subtract" ? translated(msg`Subtract ${amount}`) : translated(msg`Add ${amount}`);
  const to = [request.method, request.walletNumber].filter((part) => part !== null && part !== "").join(" ");
  return to === "" ? translated(msg`Pay ${amount}`) : translated(msg`Pay ${amount} to ${to}`);
}

/** The customer as the lists name them: full name, else username. */
export function customerName(request: Pick<SecondApprovalDto, "fullName" | "username">): string {
  return request.fullName && request.fullName.trim() !== "" ? request.fullName : request.username;
}
