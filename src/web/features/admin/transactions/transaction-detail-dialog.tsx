import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { StatusBadge } from "@/components/status-badge.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { adminTransactionQuery, type AdminTransactionDetail } from "./transactions-api.ts";
import { actorlessAuditLabel, auditActionLabel, auditDetailPairs, formatDateTime } from "@/features/admin/shell/admin-format.ts";
import { payAmountText, rateText, sentFromAnotherAddress, usdtText } from "@/features/admin/chain/chain-evidence.ts";
import {
  ChainStateBadge,
  DepositWindow,
  RequestFromAddress,
  SentFromAnotherAddress,
  TransferSender,
  TxidLink,
} from "@/features/admin/chain/chain-evidence-view.tsx";
import { WithdrawalRiskFacts } from "./withdrawal-risk.tsx";
import { CopyableAmount, PayoutDestination } from "@/features/admin/components/copy-value.tsx";
import { DecisionFacts } from "./decision-facts.tsx";
import { useOwnUserId } from "@/features/admin/components/own-account.tsx";
import { StageNote } from "./transaction-actions.tsx";

/**
 * One transaction whole (docs/product.md, Back office › Transactions): what the table shortens at
 * 1280 px (user, e-mail, method) and what it does not show (rate, addresses, TXIDs, who decided, the
 * facts beside the decision, the audit trail), with the row's own actions at its stage (`actionsOf`:
 * Approve, Reject, Confirm, Decline or Pay). `transactionId` null keeps it closed.
 */
export function TransactionDetailDialog({
  transactionId,
  onClose,
  actionsOf,
}: {
  transactionId: string | null;
  onClose: () => void;
  actionsOf?: (t: AdminTransactionDetail) => ReactNode;
}) {
  return (
    <Dialog open={transactionId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Transaction details</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Everything recorded about this transaction, and its audit trail.</Trans>
          </DialogDescription>
        </DialogHeader>
        {transactionId ? <DetailBody id={transactionId} actionsOf={actionsOf} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailBody({ id, actionsOf }: { id: string; actionsOf: ((t: AdminTransactionDetail) => ReactNode) | undefined }) {
  const { t } = useLingui();
  const detail = useQuery(adminTransactionQuery(id));
  if (detail.isPending) return <LoadingState label={t`Loading transaction...`} />;
  if (detail.isError)
    return (
      <Notice tone="error">
        {detail.error instanceof ApiError && detail.error.status === 404 ? t`Transaction not found` : t`Failed to load the transaction`}
      </Notice>
    );
  return (
    <>
      {actionsOf ? (
        <div
          aria-label={t`Decision`}
          role="group"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-slate-50 p-3"
        >
          {actionsOf(detail.data)}
        </div>
      ) : null}
      <Detail t={detail.data} />
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const none = <span className="text-muted-foreground">—</span>;

function Detail({ t }: { t: AdminTransactionDetail }) {
  const { t: tr } = useLingui();
  const transfer = t.chain?.transfer ?? null;
  const deposit = t.type === "deposit";
  const customerDeposit = deposit && t.origin === "customer";
  const ownUserId = useOwnUserId();
  let processedBy: ReactNode = none;
  if (t.processedBySystem) processedBy = tr`Chain watcher (automatic)`;
  else if (t.processedByEmail) processedBy = t.processedByEmail;
  return (
    <div className="grid gap-5 text-sm">
      <dl className="grid gap-2" aria-label={tr`Transaction`}>
        <Field label={tr`User`}>{t.username}</Field>
        <Field label={tr`Email`}>{t.email}</Field>
        <Field label={tr`Type`}>
          {deposit ? tr`Deposit` : tr`Withdraw`}
          {t.origin === "admin_adjustment" ? tr` (balance adjustment)` : ""}
        </Field>
        <Field label={tr`Amount (BDT)`}>
          <CopyableAmount amount={t.amount} className="font-medium" />
        </Field>
        <Field label={tr`Amount (USDT)`}>{t.usdtAmount ? <span className="tabular-nums">{usdtText(t.usdtAmount)}</span> : none}</Field>
        {/* Decision 038: the exact amount the customer was told to send, and until when a transfer of it settles this request. */}
        {deposit && t.payAmount ? (
          <Field label={tr`Pay amount`}>
            <span className="font-medium tabular-nums">{payAmountText(t.payAmount)}</span>
          </Field>
        ) : null}
        {deposit && t.expiresAt ? (
          <Field label={tr`Window`}>
            <DepositWindow transaction={t} />
          </Field>
        ) : null}
        <Field label={tr`Rate`}>{t.rate ? rateText(t.rate) : none}</Field>
        <Field label={tr`Status`}>
          <StatusBadge status={t.status} icon />
          <StageNote transaction={t} ownUserId={ownUserId} className="mt-1 text-sm" />
        </Field>
        <Field label={tr`Method`}>
          <PayoutDestination reference={t.reference} />
        </Field>
        {t.risk ? (
          <Field label={tr`Risk facts`}>
            <WithdrawalRiskFacts risk={t.risk} />
          </Field>
        ) : null}
        {!deposit ? (
          <Field label={tr`Payout reference`}>{t.payoutReference ? <span className="font-mono">{t.payoutReference}</span> : none}</Field>
        ) : null}
        {deposit ? (
          <>
            <Field label={tr`From address`}>{customerDeposit ? <RequestFromAddress fromAddress={t.fromAddress} /> : none}</Field>
            <Field label={tr`Claimed TXID`}>{t.txid ? <TxidLink txid={t.txid} /> : none}</Field>
          </>
        ) : null}
        <Field label={tr`Created at`}>
          <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
        </Field>
        {t.rejectReason ? <Field label={tr`Reject reason`}>{t.rejectReason}</Field> : null}
        {/* Why an admin approved it without the chain's confirmation ("Approve anyway", decision 040). */}
        {t.approvalReason ? <Field label={tr`Approval reason`}>{t.approvalReason}</Field> : null}
        <Field label={tr`Processed at`}>
          {t.processedAt ? <time dateTime={t.processedAt}>{formatDateTime(t.processedAt)}</time> : none}
        </Field>
        <Field label={tr`Processed by`}>{processedBy}</Field>
      </dl>

      {t.facts ? <DecisionFacts facts={t.facts} /> : null}

      {t.chain ? (
        <section aria-labelledby="detail-chain" className="grid gap-2 rounded-lg border border-border p-3">
          <h3 id="detail-chain" className="font-semibold">
            <Trans>Chain evidence</Trans>
          </h3>
          <dl className="grid gap-2">
            <Field label={tr`State`}>
              <ChainStateBadge state={t.chain.state} />
            </Field>
            {transfer ? (
              <>
                <Field label={tr`Transfer amount`}>
                  <span className="tabular-nums">{usdtText(transfer.amount)}</span>
                </Field>
                <Field label={tr`Transfer TXID`}>
                  <TxidLink txid={transfer.txid} />
                </Field>
                <Field label={tr`Sent from`}>
                  <TransferSender transfer={transfer} />
                </Field>
                <Field label={tr`Block time`}>
                  <time dateTime={transfer.blockTime}>{formatDateTime(transfer.blockTime)}</time>
                </Field>
              </>
            ) : null}
          </dl>
          {transfer && t.fromAddress && sentFromAnotherAddress(t) ? (
            <SentFromAnotherAddress given={t.fromAddress} sentFrom={transfer.fromAddress} />
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="detail-audit" className="grid gap-2">
        <h3 id="detail-audit" className="font-semibold">
          <Trans>Audit trail</Trans>
        </h3>
        {t.audit.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>No audit entries.</Trans>
          </p>
        ) : (
          <ol className="grid gap-2">
            {t.audit.map((entry) => {
              const pairs = auditDetailPairs(entry.details);
              return (
                <li key={entry.id} className="rounded-lg border border-border px-3 py-2">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium">{auditActionLabel(entry.action)}</span>
                    <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                      {formatDateTime(entry.createdAt)}
                    </time>
                  </div>
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    {entry.actorId === null ? actorlessAuditLabel(entry.details) : (entry.actorEmail ?? tr`Unknown admin`)}
                  </p>
                  {pairs.length > 0 ? (
                    <dl className="mt-1 grid gap-0.5 text-xs">
                      {pairs.map(([name, value]) => (
                        <div key={name} className="flex gap-1.5">
                          <dt className="text-muted-foreground">{name}:</dt>
                          <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
