import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Timer } from "lucide-react";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { cn } from "@/lib/class-names.ts";
import type { DepositWindow } from "../customer-format.ts";
import { expiresInText, payAmountText } from "../customer-format.ts";

/**
 * Under a pending deposit request still in its window (decision 038): the exact amount to send and
 * the time left, 'Send exactly 50.0137 USDT · Expires in 59:12'. Nothing otherwise.
 */
export function DepositWindowLine({
  transaction,
  window,
  className,
}: {
  transaction: Pick<TransactionDto, "payAmount">;
  window: DepositWindow | null;
  className?: string;
}) {
  useLingui(); // follows a change of language
  if (window?.state !== "open" || transaction.payAmount === null) return null;
  const amount = payAmountText(transaction.payAmount);
  return (
    <p className={cn("flex flex-wrap items-center gap-x-1.5 text-xs font-medium text-amber-900", className)} data-testid="deposit-window">
      <Timer aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="whitespace-nowrap">
        <Trans>Send exactly {amount}</Trans>
      </span>
      <span aria-hidden="true">·</span>
      <span role="timer" className="whitespace-nowrap tabular-nums">
        {expiresInText(window.msLeft)}
      </span>
    </p>
  );
}
