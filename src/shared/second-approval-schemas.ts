// Four eyes (docs/decisions/020-payouts-reasons-email-four-eyes.md): a balance adjustment or a
// withdrawal's approval at or above FOUR_EYES_MIN_BDT waits for a second admin. What the back
// office's second-approval endpoints take and answer.
import { z } from "zod";
import { pageQuerySchema, pageSchema, transactionSchema, withdrawalWalletTypes } from "./wallet-schemas.ts";

export const secondApprovalKinds = ["balance_adjustment", "withdrawal_approval", "deposit_approval"] as const;
export const secondApprovalStatuses = ["awaiting", "confirmed", "declined"] as const;

const adminRef = z.object({ id: z.string(), username: z.string() });

export const secondApprovalSchema = z.object({
  id: z.string(),
  kind: z.enum(secondApprovalKinds),
  status: z.enum(secondApprovalStatuses),
  /** The customer whose money it is. */
  userId: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  amount: z.string(),
  /** An adjustment's direction and note; null for a withdrawal. */
  direction: z.enum(["add", "subtract"]).nullable(),
  note: z.string().nullable(),
  /** The withdrawal, its method and wallet number, and the payout reference given with the request; null for an adjustment. */
  transactionId: z.string().nullable(),
  method: z.enum(withdrawalWalletTypes).nullable(),
  walletNumber: z.string().nullable(),
  payoutReference: z.string().nullable(),
  requestedBy: adminRef,
  requestedAt: z.string(),
  decidedBy: adminRef.nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The adjustment created, or the withdrawal approved, by the confirmation. */
  resultTransactionId: z.string().nullable(),
});
export type SecondApprovalDto = z.infer<typeof secondApprovalSchema>;

export const secondApprovalsQuerySchema = pageQuerySchema(20).extend({
  status: z.enum(["all", ...secondApprovalStatuses], { error: "status must be awaiting, confirmed, declined or all" }).default("awaiting"),
});

export const secondApprovalsPageSchema = pageSchema(secondApprovalSchema);

/**
 * POST /api/admin/second-approvals/:id/confirm: the request, and the adjustment made, the deposit
 * credited, or the withdrawal now ready to pay (still pending: an admin pays it afterwards, decision 040).
 */
export const secondApprovalConfirmedSchema = z.object({ secondApproval: secondApprovalSchema, transaction: transactionSchema });

export const declineSecondApprovalSchema = z.object({
  reason: z.string({ error: "Reason must be text" }).trim().max(500, "Reason must be at most 500 characters").optional(),
});

/** POST /api/admin/second-approvals/:id/decline. */
export const secondApprovalDeclinedSchema = z.object({ secondApproval: secondApprovalSchema });

export const secondApprovalMessages = {
  notFound: "Second approval not found",
  ownRequest: "You cannot confirm your own request.",
  alreadyDecided: "This request is already confirmed or declined.",
  alreadyAwaiting: "This withdrawal is already awaiting a second approval.",
  appointedByRequester: "You cannot confirm a request of the admin who appointed you: another admin must confirm it.",
  newAdmin: (until: string) => `A new admin confirms nothing until ${until} (Dhaka time): another admin must confirm it.`,
  requesterRemoved: "The requesting admin was suspended or demoted.",
} as const;
