// Four eyes (decision 020): a second-approval request as the money functions answer it, and as the
// API answers it. Here, not in approvals/, because an approval or an adjustment in wallet/ answers
// one (202) when it waits for a second admin; approvals/ reads and decides them with this shape.
import { formatBdt } from "#shared/money.ts";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import { withdrawalWalletTypes } from "#shared/wallet-schemas.ts";

/**
 * A second approval as nexapay_second_approval_json answers it
 * (src/server/db/functions/nexapay_second_approval_json.sql): amounts in poisha as text, times as
 * the database writes them; toSecondApprovalDto shapes it.
 */
export type SecondApprovalJson = {
  id: string;
  kind: "balance_adjustment" | "withdrawal_approval";
  status: "awaiting" | "confirmed" | "declined";
  userId: string;
  username: string | null;
  fullName: string | null;
  amountMinor: string;
  direction: "add" | "subtract" | null;
  note: string | null;
  transactionId: string | null;
  /** The withdrawal's reference ("bKash:01712345678"); null for an adjustment. */
  reference: string | null;
  payoutReference: string | null;
  requestedBy: { id: string; username: string | null };
  requestedAt: string;
  decidedBy: { id: string; username: string | null } | null;
  decidedAt: string | null;
  declineReason: string | null;
  resultTransactionId: string | null;
};

/** A request as the API answers it: amounts in BDT, the withdrawal's method and number from its reference. */
export function toSecondApprovalDto(row: SecondApprovalJson): SecondApprovalDto {
  const [method, walletNumber] = row.reference?.split(":") ?? [];
  const knownMethod = withdrawalWalletTypes.find((m) => m === method) ?? null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    userId: row.userId,
    // Every customer has a profile; an admin made on the command line may not, and is named by e-mail.
    username: row.username ?? "",
    fullName: row.fullName,
    amount: formatBdt(BigInt(row.amountMinor)),
    direction: row.direction,
    note: row.note,
    transactionId: row.transactionId,
    method: knownMethod,
    walletNumber: knownMethod ? (walletNumber ?? null) : null,
    payoutReference: row.payoutReference,
    requestedBy: { id: row.requestedBy.id, username: row.requestedBy.username ?? "" },
    requestedAt: new Date(row.requestedAt).toISOString(),
    decidedBy: row.decidedBy ? { id: row.decidedBy.id, username: row.decidedBy.username ?? "" } : null,
    decidedAt: row.decidedAt === null ? null : new Date(row.decidedAt).toISOString(),
    declineReason: row.declineReason,
    resultTransactionId: row.resultTransactionId,
  };
}
