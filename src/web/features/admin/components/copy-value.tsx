import { useLingui } from "@lingui/react/macro";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { PhoneNumber } from "@/components/phone-number.tsx";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/class-names.ts";
import { toast } from "@/lib/toast.tsx";
import { walletNumberOf, withdrawalMethodOf } from "@/lib/payout.ts";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";

const copiedMs = 2000;

/**
 * A small icon button that puts `text` on the clipboard: the admin pastes the wallet number and the
 * amount into the provider's app instead of reading them off the screen. Its accessible name says what
 * it copies ("Copy number"); a tick shows for two seconds after.
 */
export function CopyIconButton({
  text,
  label,
  compact = false,
  className,
}: {
  text: string;
  label: string;
  /** The table's size (20 px), so that every column fits 1280 px; 24 px elsewhere. */
  compact?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedMs);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      className={cn("shrink-0 text-slate-600", compact ? "size-5 [&_svg]:size-3" : "size-6 [&_svg]:size-3.5", className)}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            toast.success(t`Copied to clipboard`);
          },
          () => toast.error(t`Could not copy. Select the text and copy it by hand.`),
        );
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}

/** A BDT amount as the screens show it ("30,000.00 BDT"), with a button that copies the plain figure ("30000.00"). */
export function CopyableAmount({ amount, compact = false, className }: { amount: string; compact?: boolean; className?: string }) {
  const { t } = useLingui();
  return (
    <span className={cn("inline-flex items-center gap-0.5 whitespace-nowrap tabular-nums", className)}>
      {formatBdtAmount(amount)}
      <CopyIconButton text={amount} label={t`Copy amount`} compact={compact} />
    </span>
  );
}

/**
 * Where a withdrawal goes: the wallet ("bKash") and its number whole and grouped ("01712-345678"),
 * with a button that copies the number as the provider's app takes it (digits only). Anything that
 * is not a wallet and number is shown as stored.
 */
export function PayoutDestination({
  reference,
  stacked = false,
  compact = false,
}: {
  reference: string | null;
  stacked?: boolean;
  /** The table's narrow column: the number in small type, a smaller button. */
  compact?: boolean;
}) {
  const { t } = useLingui();
  const method = withdrawalMethodOf(reference);
  const number = walletNumberOf(reference);
  if (!method || !number) return <>{reference ?? <span className="text-muted-foreground">{t`Not specified`}</span>}</>;
  return (
    <span className={cn("inline-flex gap-x-1", stacked ? "flex-col items-start" : "flex-wrap items-center")}>
      <span>{method}</span>{" "}
      <span className="inline-flex items-center gap-0.5">
        <PhoneNumber number={number} className={compact ? "text-xs" : undefined} />
        <CopyIconButton text={number} label={t`Copy number`} compact={compact} />
      </span>
    </span>
  );
}
