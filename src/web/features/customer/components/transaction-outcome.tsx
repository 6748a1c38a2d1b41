import { useLingui } from "@lingui/react";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { cn } from "@/lib/class-names.ts";
import { transactionOutcomeText } from "../customer-format.ts";

/**
 * The line a decided transaction adds under its method: 'Paid · bKash TrxID 9K3LQ2PA7X'
 * for a paid withdrawal, 'Rejected: <reason>' for a rejected one; nothing otherwise.
 */
export function TransactionOutcome({ transaction, className }: { transaction: TransactionDto; className?: string }) {
  useLingui(); // follows a change of language
  const text = transactionOutcomeText(transaction);
  if (text === null) return null;
  return (
    <p
      data-testid="transaction-outcome"
      className={cn(
        "text-xs [overflow-wrap:anywhere]",
        transaction.status === "rejected" ? "text-red-700" : "font-medium text-emerald-800",
        className,
      )}
    >
      {text}
    </p>
  );
}
