import { useLingui } from "@lingui/react/macro";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { bdtText, expectedTimeText, expiresInText, formatDateTime, payAmountText, transactionTypeLabel } from "../customer-format.ts";
import { useDepositWindow } from "../use-deposit-window.ts";
import { trxIdLabel, withdrawalMethodOf } from "@/lib/payout.ts";
import { MethodText } from "./method-text.tsx";
import { ReceivedOnChainBadge } from "./received-on-chain-badge.tsx";
import { customerStatus, decisionNotice, showsExpectedTime } from "../decision-state.ts";
import { CustomerStatusBadge } from "./customer-status-badge.tsx";
import { DecisionNotice } from "./decision-notice.tsx";

/**
 * A transaction as a receipt (docs/decisions/023-customer-review-receipt-and-drafts.md): its
 * reference, amount, destination, status, when it is expected while pending, and, once decided,
 * the payout's TrxID or the reason it was rejected. A deposit request also says the exact amount to
 * send and until when (decision 038), counting down while its window is open and 'Expired' once it
 * ended with nothing received. Under the status, the line that explains it when the status alone
 * would not (decision-state.ts): an approved withdrawal being paid, a transfer that differs or was
 * not seen (then no promised time), a deposit credited for what arrived. The same list right after submitting and on the transaction's own page.
 */
export function TransactionReceipt({ transaction }: { transaction: TransactionDto }) {
  const { t } = useLingui();
  const window = useDepositWindow(transaction);
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]" data-testid="transaction-receipt">
      <ReceiptLine term={t`Reference`}>
        <span className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="receipt-reference">
          {transaction.id}
        </span>
      </ReceiptLine>
      <ReceiptLine term={t`Type`}>{transactionTypeLabel(transaction.type)}</ReceiptLine>
      <ReceiptLine term={t`Amount`}>
        <span className="font-semibold tabular-nums">{bdtText(transaction.amount)}</span>
      </ReceiptLine>
      {transaction.type === "deposit" && transaction.payAmount !== null ? (
        <ReceiptLine term={t`Amount to send`}>
          <span className="font-semibold tabular-nums" data-testid="receipt-pay-amount">
            {payAmountText(transaction.payAmount)}
          </span>
        </ReceiptLine>
      ) : null}
      <ReceiptLine term={transaction.type === "withdraw" ? t`To` : t`Method`}>
        <span className="[overflow-wrap:anywhere]">
          <MethodText reference={transaction.reference} />
        </span>
      </ReceiptLine>
      <ReceiptLine term={t`Status`}>
        <span className="flex flex-wrap items-center gap-1" data-testid="receipt-status">
          <CustomerStatusBadge status={customerStatus(transaction, window)} />
          <ReceivedOnChainBadge transaction={transaction} />
        </span>
        <DecisionNotice notice={decisionNotice(transaction)} size="sm" className="mt-1.5" />
      </ReceiptLine>
      <ValidUntilLine transaction={transaction} window={window} />
      {showsExpectedTime(transaction, window) ? <ReceiptLine term={t`Expected`}>{expectedTimeText(transaction.type)}</ReceiptLine> : null}
      {transaction.payoutReference ? (
        <ReceiptLine term={trxIdLabel(withdrawalMethodOf(transaction.reference))}>
          <span className="font-mono" data-testid="receipt-payout-reference">
            {transaction.payoutReference}
          </span>
        </ReceiptLine>
      ) : null}
      {transaction.status === "rejected" && transaction.rejectReason ? (
        <ReceiptLine term={t`Reason`}>
          <span className="text-red-700" data-testid="receipt-reject-reason">
            {transaction.rejectReason}
          </span>
        </ReceiptLine>
      ) : null}
      <ReceiptLine term={t`Requested`}>
        <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
      </ReceiptLine>
      {transaction.processedAt ? (
        <ReceiptLine term={t`Processed`}>
          <time dateTime={transaction.processedAt}>{formatDateTime(transaction.processedAt)}</time>
        </ReceiptLine>
      ) : null}
    </dl>
  );
}

function ReceiptLine({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:contents">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function ValidUntilLine({ transaction, window }: { transaction: TransactionDto; window: ReturnType<typeof useDepositWindow> }) {
  const { t } = useLingui();
  return (
    <>
      {transaction.type === "deposit" && transaction.payAmount !== null && transaction.expiresAt !== null ? (
        <ReceiptLine term={t`Valid until`}>
          <span className="flex flex-wrap items-center gap-x-2" data-testid="receipt-valid-until">
            <time dateTime={transaction.expiresAt}>{formatDateTime(transaction.expiresAt)}</time>
            {window?.state === "open" ? (
              <span role="timer" className="font-medium text-amber-900 tabular-nums">
                {expiresInText(window.msLeft)}
              </span>
            ) : null}
          </span>
        </ReceiptLine>
      ) : null}
    </>
  );
}
