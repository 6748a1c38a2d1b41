import { Trans } from "@lingui/react/macro";
import { CircleCheck, ReceiptText } from "lucide-react";
import { Link } from "react-router";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { TransactionReceipt } from "./transaction-receipt.tsx";

/** What the Deposit and Withdraw pages show once a request is in: its receipt, a link to follow it, and a way to start another. */
export function SubmittedReceipt({
  transaction,
  title,
  againLabel,
  onAgain,
}: {
  transaction: TransactionDto;
  title: string;
  againLabel: string;
  onAgain: () => void;
}) {
  return (
    <section aria-labelledby="receipt-title" className="grid gap-5">
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
        <h2 id="receipt-title" className="text-lg font-semibold">
          {title}
        </h2>
      </div>
      <TransactionReceipt transaction={transaction} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Button asChild variant="outline" size="lg">
          <Link to={`/transactions/${transaction.id}`}>
            <ReceiptText aria-hidden="true" />
            <Trans>View transaction</Trans>
          </Link>
        </Button>
        <Button size="lg" onClick={onAgain}>
          {againLabel}
        </Button>
      </div>
    </section>
  );
}
