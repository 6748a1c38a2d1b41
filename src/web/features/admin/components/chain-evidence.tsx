import { useLingui as useShownLanguage } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleCheck, CircleDashed, CircleOff, ExternalLink, TriangleAlert, type LucideIcon } from "lucide-react";
import type { ChainEvidenceDto, ChainState } from "#shared/admin-schemas.ts";
import { tronTransactionUrl } from "#shared/tron.ts";
import { Badge } from "@/components/ui/badge.tsx";
import { cn } from "@/lib/class-names.ts";
import { formatDateTime } from "../admin-format.ts";
import { chainStateLabel, chainStateTones, shortTxid, usdtText } from "../chain-evidence.ts";

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

/**
 * A deposit's chain evidence in a list: the badge, and under it what the transfer says (confirmed: its
 * amount, TXID and block time; amount differs: the amount that arrived). A dash when there is none
 * (withdrawals and adjustments).
 */
export function ChainEvidenceSummary({ chain }: { chain: ChainEvidenceDto | null }) {
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
    </div>
  );
}
