import { useLingui as useShownLanguage } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ArrowRightLeft,
  CircleCheck,
  CircleDashed,
  CircleOff,
  ExternalLink,
  Snowflake,
  TimerOff,
  TriangleAlert,
  type LucideIcon,
} from "lucide-react";
import type { AdminTransactionDto, ChainEvidenceDto, ChainState, ChainTransferDto } from "#shared/admin-schemas.ts";
import { tronTransactionUrl } from "#shared/tron.ts";
import { Badge } from "@/components/ui/badge.tsx";
import { cn } from "@/lib/class-names.ts";
import { formatDateTime } from "@/features/admin/shell/admin-format.ts";
import {
  chainStateLabel,
  chainStateTones,
  depositWindowOf,
  payAmountText,
  sentFromAnotherAddress,
  shortTxid,
  usdtText,
} from "./chain-evidence.ts";

const icons: Record<ChainState, LucideIcon> = {
  confirmed: CircleCheck,
  amount_differs: TriangleAlert,
  not_seen: CircleDashed,
  off: CircleOff,
};

/** A chain state as a badge: its words and an icon, so it is not told by colour alone. */
export function ChainStateBadge({ state }: { state: ChainState }) {
  useShownLanguage(); // redrawn in a newly chosen language
  const Icon = icons[state];
  return (
    <Badge tone={chainStateTones[state]}>
      <Icon aria-hidden="true" />
      {chainStateLabel(state)}
    </Badge>
  );
}

/** A TXID linking to the explorer (a new tab); `short` shows its ends only, the whole one being the link's name. */
export function TxidLink({ txid, short = false, className }: { txid: string; short?: boolean; className?: string }) {
  const { t } = useLingui();
  return (
    <a
      href={tronTransactionUrl(txid)}
      target="_blank"
      rel="noreferrer"
      title={short ? txid : undefined}
      aria-label={short ? t`TXID ${txid} on Tronscan` : undefined}
      className={cn(
        "inline-flex max-w-full items-center gap-1 font-mono text-xs text-sky-800 underline-offset-2 hover:underline",
        !short && "break-all",
        className,
      )}
    >
      <span className={short ? undefined : "min-w-0 [overflow-wrap:anywhere]"}>{short ? shortTxid(txid) : txid}</span>
      <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
    </a>
  );
}

/** A pending deposit whose window ended with nothing received (decision 038): it can still be approved or rejected. */
export function ExpiredBadge() {
  return (
    <Badge tone="neutral">
      <TimerOff aria-hidden="true" />
      <Trans>Expired</Trans>
    </Badge>
  );
}

/**
 * The transfer's sender is blacklisted by Tether's USDT contract (decision 053): its USDT may be
 * stolen, so the deposit was not credited automatically; an admin decides. Nothing when the sender
 * is clear or not known yet.
 */
export function SenderFrozenBadge({ senderBlacklisted }: { senderBlacklisted: boolean | null | undefined }) {
  if (senderBlacklisted !== true) return null;
  return (
    <Badge tone="danger">
      <Snowflake aria-hidden="true" />
      <Trans>Sender frozen by Tether</Trans>
    </Badge>
  );
}

/** A transfer's sender: its address, and "Sender frozen by Tether" when Tether has it blacklisted. */
export function TransferSender({ transfer }: { transfer: Pick<ChainTransferDto, "fromAddress" | "senderBlacklisted"> }) {
  return (
    <span className="grid justify-items-start gap-1">
      <span className="font-mono text-xs">{transfer.fromAddress}</span>
      <SenderFrozenBadge senderBlacklisted={transfer.senderBlacklisted} />
    </span>
  );
}

/**
 * "Pay amount 50.0137 USDT": the exact amount the customer was told to send. `stacked` puts the amount
 * on a line of its own (a narrow table column).
 */
export function PayAmount({ payAmount, stacked = false, className }: { payAmount: string; stacked?: boolean; className?: string }) {
  const amount = payAmountText(payAmount);
  return (
    <span className={cn("tabular-nums", className)}>
      <Trans>
        Pay amount <span className={cn("font-medium whitespace-nowrap text-foreground", stacked && "block")}>{amount}</span>
      </Trans>
    </span>
  );
}

/**
 * A deposit request's window: "Valid until …", an Expired badge with when it ended, or "Window ended …"
 * once it was settled or decided. Nothing for requests without one.
 */
export function DepositWindow({ transaction }: { transaction: Pick<AdminTransactionDto, "type" | "expiresAt" | "expired"> }) {
  const term = depositWindowOf(transaction);
  if (term.kind === "none") return null;
  const at = <time dateTime={term.at}>{formatDateTime(term.at)}</time>;
  if (term.kind === "open") return <Trans>Valid until {at}</Trans>;
  if (term.kind === "ended") return <Trans>Window ended {at}</Trans>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <ExpiredBadge />
      <span className="text-muted-foreground">
        <Trans>Window ended {at}</Trans>
      </span>
    </span>
  );
}

/**
 * The transfer came from another address than the customer typed: said as a fact with both addresses,
 * not as an alarm (nothing proves who holds an address, and exchanges send from their own wallets).
 */
export function SentFromAnotherAddress({ given, sentFrom }: { given: string; sentFrom: string }) {
  return (
    <div className="grid gap-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
      <p className="flex items-center gap-1.5 font-medium">
        <ArrowRightLeft aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <Trans>Sent from another address</Trans>
      </p>
      <dl className="grid gap-0.5 text-xs sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-3">
        <dt className="text-muted-foreground">
          <Trans>Customer gave</Trans>
        </dt>
        <dd className="min-w-0 font-mono [overflow-wrap:anywhere]">{given}</dd>
        <dt className="text-muted-foreground">
          <Trans>Transfer came from</Trans>
        </dt>
        <dd className="min-w-0 font-mono [overflow-wrap:anywhere]">{sentFrom}</dd>
      </dl>
    </div>
  );
}

/** Where the customer said they send from, or that they gave no address (it is optional, decision 038). */
export function RequestFromAddress({ fromAddress, className }: { fromAddress: string | null; className?: string }) {
  if (fromAddress) return <span className={cn("font-mono text-xs [overflow-wrap:anywhere]", className)}>{fromAddress}</span>;
  return (
    <span className={cn("text-muted-foreground", className)}>
      <Trans>No sending address given</Trans>
    </span>
  );
}

/**
 * A deposit's chain evidence in a list: the badge, and under it what the transfer says (confirmed: its
 * amount, TXID and block time; amount differs: the amount that arrived), and "Sent from another address"
 * when its sender is not the one the customer gave (`requestFrom`). A dash when there is none
 * (withdrawals and adjustments).
 */
export function ChainEvidenceSummary({ chain, requestFrom = null }: { chain: ChainEvidenceDto | null; requestFrom?: string | null }) {
  if (!chain)
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">
          <Trans>None</Trans>
        </span>
      </span>
    );
  const transfer = chain.transfer;
  return (
    <div className="grid justify-items-start gap-1">
      <ChainStateBadge state={chain.state} />
      <SenderFrozenBadge senderBlacklisted={transfer?.senderBlacklisted} />
      {transfer && chain.state === "confirmed" ? (
        <div className="grid gap-0.5 text-xs text-muted-foreground">
          <span className="font-medium text-foreground tabular-nums">{usdtText(transfer.amount)}</span>
          <TxidLink txid={transfer.txid} short />
          <time dateTime={transfer.blockTime}>{formatDateTime(transfer.blockTime)}</time>
        </div>
      ) : null}
      {transfer && chain.state === "amount_differs" ? (
        <span className="text-xs text-muted-foreground">
          <Trans>
            Received <span className="font-medium text-foreground tabular-nums">{usdtText(transfer.amount)}</span>
          </Trans>
        </span>
      ) : null}
      {sentFromAnotherAddress({ fromAddress: requestFrom, chain }) ? (
        <span className="flex items-start gap-1 text-xs text-muted-foreground" title={transfer?.fromAddress}>
          <ArrowRightLeft aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
          <Trans>Sent from another address</Trans>
        </span>
      ) : null}
    </div>
  );
}
