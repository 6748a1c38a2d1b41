import { useLingui } from "@lingui/react";
import { ArrowDownToLine, ArrowUpFromLine, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { cn } from "@/lib/class-names.ts";
import { bdtText, formatDateTime, methodText, transactionTypeLabel } from "../customer-format.ts";
import { customerStatus, listNotice } from "../decision-state.ts";
import { CustomerStatusBadge } from "./customer-status-badge.tsx";
import { DecisionNotice } from "./decision-notice.tsx";
import { ReceivedOnChainBadge } from "./received-on-chain-badge.tsx";
import { MethodText } from "./method-text.tsx";
import { TransactionOutcome } from "./transaction-outcome.tsx";
import { DepositWindowLine } from "./deposit-window-line.tsx";
import { useDepositWindow } from "../use-deposit-window.ts";

/**
 * One transaction as a card row: the dashboard's recent list and the phone layout of /transactions.
 * `compact` keeps the method on one line (the full text stays in the page, and in its tooltip).
 */
export function TransactionListItem({ transaction, compact = false }: { transaction: TransactionDto; compact?: boolean }) {
  useLingui(); // the type, the date and the amount follow a change of language
  // A deposit request in its window counts down; one whose window ended with nothing received reads 'Expired'.
  const window = useDepositWindow(transaction);
  const deposit = transaction.type === "deposit";
  const Icon = deposit ? ArrowDownToLine : ArrowUpFromLine;
  return (
    <li>
      {/* The whole row opens the transaction's receipt. */}
      <Link to={`/transactions/${transaction.id}`} className="-mx-2 flex items-start gap-3 rounded-lg px-2 py-3.5 hover:bg-slate-50">
        <span
          className={cn(
            "mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full",
            deposit ? "bg-emerald-50 text-emerald-700" : "bg-sky-50 text-sky-700",
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
          <div className="flex items-baseline justify-between gap-3">
            <p className="font-medium">{transactionTypeLabel(transaction.type)}</p>
            <p className={cn("text-right font-semibold tabular-nums", transaction.status === "rejected" && "text-muted-foreground")}>
              {bdtText(transaction.amount)}
            </p>
          </div>
          {/* A long status ('Approved, being paid') goes under the method rather than squeezing it to a letter. */}
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <p
              className={cn("min-w-0 flex-1 basis-24 text-sm text-muted-foreground", compact ? "truncate" : "[overflow-wrap:anywhere]")}
              title={compact ? methodText(transaction.reference) : undefined}
            >
              <MethodText reference={transaction.reference} />
            </p>
            <CustomerStatusBadge status={customerStatus(transaction, window)} />
          </div>
          <TransactionOutcome transaction={transaction} />
          <DecisionNotice notice={listNotice(transaction, window)} supportLink={false} />
          <DepositWindowLine transaction={transaction} window={window} />
          {/* 'Received on chain' under the status, on the date's line: beside it, a phone's row has no room. */}
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p className="text-xs text-muted-foreground">
              <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
            </p>
            <ReceivedOnChainBadge transaction={transaction} />
          </div>
        </div>
        <ChevronRight aria-hidden="true" className="mt-2.5 size-4 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}
