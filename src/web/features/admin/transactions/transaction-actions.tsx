import { Trans, useLingui } from "@lingui/react/macro";
import { Banknote, Check, LoaderCircle, Undo2, X } from "lucide-react";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/class-names.ts";
import { transactionStageOf } from "@/features/admin/second-approvals/second-approvals.ts";
import { OwnAccountNote } from "@/features/admin/components/own-account.tsx";

/** What the admin may do to a row, each opening its dialog; nothing moves before they confirm there. */
export type TransactionHandlers = {
  onApprove: (t: AdminTransactionDto) => void;
  onReject: (t: AdminTransactionDto) => void;
  /** Confirm (or, for the requester, withdraw) the row's four-eyes request. */
  onConfirm: (t: AdminTransactionDto) => void;
  onDecline: (t: AdminTransactionDto) => void;
  /** A confirmed withdrawal: pay it and record the TrxID (the approve dialog at its last stage). */
  onPay: (t: AdminTransactionDto) => void;
};

/**
 * Where a pending row stands, in words, to every admin (decision 040): "Awaiting second approval —
 * requested by alice" (or "by you"), or "Ready to pay". Nothing for plain pending or decided rows.
 */
export function StageNote({
  transaction: t,
  ownUserId,
  className,
}: {
  transaction: AdminTransactionDto;
  ownUserId: string | null;
  className?: string;
}) {
  const stage = transactionStageOf(t);
  const request = t.secondApproval;
  if (!request || (stage !== "awaiting" && stage !== "ready")) return null;
  if (stage === "ready") {
    const confirmer = request.decidedBy?.username ?? "";
    return (
      <span className={cn("block text-xs leading-snug", className)} data-stage="ready">
        <span className="font-semibold text-emerald-800">
          <Trans>Ready to pay</Trans>
        </span>
        {confirmer ? (
          <span className="block text-muted-foreground">
            <Trans>confirmed by {confirmer}</Trans>
          </span>
        ) : null}
      </span>
    );
  }
  const requester = request.requestedBy.username;
  return (
    <span className={cn("block text-xs leading-snug font-medium text-amber-900", className)} data-stage="awaiting">
      {request.requestedBy.id === ownUserId ? (
        <Trans>Awaiting second approval — requested by you</Trans>
      ) : (
        <Trans>Awaiting second approval — requested by {requester}</Trans>
      )}
    </span>
  );
}

/**
 * A row's actions at its stage, each with its name as visible text: Approve and Reject on a plain
 * pending row; Confirm and Decline on one awaiting a second admin (the requester only "Withdraw
 * request"); Pay and Reject once confirmed. On a phone's card and in the detail panel (`touch`) they
 * sit side by side, at least 44 px square. The outcome on decided rows; on the signed-in admin's own
 * row, why there is nothing to press.
 */
export function TransactionActions({
  transaction: t,
  ownUserId,
  rejecting,
  touch,
  handlers,
}: {
  transaction: AdminTransactionDto;
  ownUserId: string | null;
  /** Its rejection is on its way to the server. */
  rejecting: boolean;
  touch: boolean;
  handlers: TransactionHandlers;
}) {
  const stage = transactionStageOf(t);
  if (stage === "decided")
    return (
      <span className={t.status === "completed" ? "text-sm font-medium text-emerald-800" : "text-sm font-medium text-red-700"}>
        {t.status === "completed" ? <Trans>Approved</Trans> : <Trans>Rejected</Trans>}
      </span>
    );
  if (t.userId === ownUserId) return <OwnAccountNote />;
  // In the table the buttons stack (one column's width, so that every column fits 1280 px); on a phone's card
  // and in the details they sit side by side, each at least 44 px square with 12 px between them.
  // eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind classes, not words
  const size = touch ? "h-11 min-w-11 px-4" : "h-8 w-full justify-start px-2.5";
  const positive = cn(size, "border-emerald-200 text-emerald-800 hover:bg-emerald-50");
  const negative = cn(size, "border-red-200 text-red-700 hover:bg-red-50");
  const mine = t.secondApproval?.requestedBy.id === ownUserId;
  const rejectButton = (
    <Button
      variant="outline"
      className={negative}
      disabled={rejecting}
      aria-busy={rejecting || undefined}
      onClick={() => handlers.onReject(t)}
      aria-keyshortcuts="r"
    >
      {rejecting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <X aria-hidden="true" />}
      <Trans>Reject</Trans>
    </Button>
  );
  return (
    <div className={cn("flex", touch ? "flex-wrap gap-3" : "flex-col gap-1.5")}>
      {/* In the table the stage is said beside its buttons, wrapped to their width so that every column fits 1280 px
          (the card and the details say it beside the status). */}
      {touch ? null : <StageNote transaction={t} ownUserId={ownUserId} className="w-0 min-w-full text-left" />}
      {stage === "pending" ? (
        <>
          <Button variant="outline" className={positive} disabled={rejecting} onClick={() => handlers.onApprove(t)} aria-keyshortcuts="a">
            <Check aria-hidden="true" />
            <Trans>Approve</Trans>
          </Button>
          {rejectButton}
        </>
      ) : null}
      {stage === "awaiting" ? (
        <SecondApprovalButtons transaction={t} mine={mine} positive={positive} negative={negative} handlers={handlers} />
      ) : null}
      {stage === "ready" ? (
        <>
          <Button variant="outline" className={positive} disabled={rejecting} onClick={() => handlers.onPay(t)} aria-keyshortcuts="a">
            <Banknote aria-hidden="true" />
            <Trans>Pay</Trans>
          </Button>
          {rejectButton}
        </>
      ) : null}
    </div>
  );
}

/** Awaiting a second admin: Confirm and Decline, or for the admin who asked, only "Withdraw request". */
function SecondApprovalButtons({
  transaction: t,
  mine,
  positive,
  negative,
  handlers,
}: {
  transaction: AdminTransactionDto;
  mine: boolean;
  positive: string;
  negative: string;
  handlers: TransactionHandlers;
}) {
  const { t: tr } = useLingui();
  return (
    <>
      {mine ? null : (
        <Button variant="outline" className={positive} onClick={() => handlers.onConfirm(t)} aria-keyshortcuts="a">
          <Check aria-hidden="true" />
          <Trans>Confirm</Trans>
        </Button>
      )}
      <Button variant="outline" className={negative} onClick={() => handlers.onDecline(t)} aria-keyshortcuts="r">
        {mine ? <Undo2 aria-hidden="true" /> : <X aria-hidden="true" />}
        {mine ? tr`Withdraw request` : tr`Decline`}
      </Button>
    </>
  );
}
