import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { transactionQuery } from "@/features/customer/customer-api.ts";
import { TransactionReceipt } from "@/features/customer/components/transaction-receipt.tsx";
import { transactionTypeLabel } from "@/features/customer/customer-format.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { ApiError } from "@/lib/api-client.ts";

/**
 * One transaction's receipt (docs/decisions/023-customer-review-receipt-and-drafts.md), opened from
 * its row in Transactions or right after submitting it. It follows the transaction live: the
 * status, the payout's TrxID and a rejection's reason appear when an admin decides.
 */
export default function TransactionReceiptPage() {
  const { id = "" } = useParams();
  const transaction = useQuery(transactionQuery(id));
  const missing = transaction.error instanceof ApiError && (transaction.error.status === 404 || transaction.error.status === 400);

  return (
    <>
      <title>Transaction · Nexapay</title>
      <PageHeader
        title={transaction.data ? `${transactionTypeLabel(transaction.data.type)} receipt` : "Transaction"}
        description="Its reference, status and what happens next."
        actions={
          <Button asChild variant="outline">
            <Link to="/transactions">
              <ArrowLeft aria-hidden="true" />
              All transactions
            </Link>
          </Button>
        }
      />
      {transaction.data ? (
        <Card className="max-w-2xl">
          <CardContent className="pt-6">
            <TransactionReceipt transaction={transaction.data} />
          </CardContent>
        </Card>
      ) : missing ? (
        <Notice tone="error">Transaction not found</Notice>
      ) : transaction.isError ? (
        <div className="grid gap-3">
          <Notice tone="error">Failed to load the transaction.</Notice>
          <Button variant="outline" className="w-fit" onClick={() => void transaction.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <LoadingState label="Loading transaction..." />
      )}
    </>
  );
}
