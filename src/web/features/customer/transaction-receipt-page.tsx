import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, RotateCcw } from "lucide-react";
import { Link, useParams } from "react-router";
import { transactionQuery } from "@/features/customer/customer-api.ts";
import { TransactionReceipt } from "@/features/customer/components/transaction-receipt.tsx";
import { useDepositWindow } from "@/features/customer/use-deposit-window.ts";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { LoadFailed } from "./components/load-failed.tsx";

/**
 * One transaction's receipt (docs/decisions/023-customer-review-receipt-and-drafts.md), opened from
 * its row in Transactions or right after submitting it. It follows the transaction live: the
 * status, the payout's TrxID and a rejection's reason appear when an admin decides.
 */
export default function TransactionReceiptPage() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const transaction = useQuery(transactionQuery(id));
  // Whole sentences, so that each language words them its own way ('Deposit receipt' / 'জমার রসিদ').
  const receiptTitle = (type: "deposit" | "withdraw") => (type === "deposit" ? t`Deposit receipt` : t`Withdraw receipt`);
  const missing = transaction.error instanceof ApiError && (transaction.error.status === 404 || transaction.error.status === 400);

  return (
    <>
      <title>{t`Transaction · Nexapay`}</title>
      <PageHeader
        title={transaction.data ? receiptTitle(transaction.data.type) : t`Transaction`}
        description={t`Its reference, status and what happens next.`}
        actions={
          <Button asChild variant="outline">
            <Link to="/transactions">
              <ArrowLeft aria-hidden="true" />
              <Trans>All transactions</Trans>
            </Link>
          </Button>
        }
      />
      {transaction.data ? (
        <ReceiptCard transaction={transaction.data} />
      ) : missing ? (
        <Notice tone="error">
          <Trans>Transaction not found</Trans>
        </Notice>
      ) : transaction.isError ? (
        <LoadFailed onRetry={() => void transaction.refetch()}>
          <Trans>Failed to load the transaction.</Trans>
        </LoadFailed>
      ) : (
        <LoadingState label={t`Loading transaction...`} />
      )}
    </>
  );
}

/** The receipt; under a deposit request whose window ended with nothing received, the way to make a new one. */
function ReceiptCard({ transaction }: { transaction: TransactionDto }) {
  const window = useDepositWindow(transaction);
  return (
    <Card className="max-w-2xl">
      <CardContent className="grid gap-5 pt-6">
        <TransactionReceipt transaction={transaction} />
        {window?.state === "expired" ? (
          <div className="grid gap-3 border-t border-border pt-5">
            <p className="text-sm text-muted-foreground">
              <Trans>Nothing arrived in time, so this amount no longer works. Make a new request to get a new one.</Trans>
            </p>
            <Button asChild size="lg" className="w-full sm:w-fit">
              <Link to="/deposit">
                <RotateCcw aria-hidden="true" />
                <Trans>Make a new request</Trans>
              </Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
