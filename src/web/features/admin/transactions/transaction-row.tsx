// One transaction as a row of Manage Transactions (wide screens) or as a card (phones).
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowDownToLine, ArrowUpFromLine, Info } from "lucide-react";
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { CardField, MobileCard, pinnedEndCell, RowIconButton, Td, Tr } from "@/features/admin/components/admin-table.tsx";
import { CopyableAmount, PayoutDestination } from "@/features/admin/components/copy-value.tsx";
import { ChainEvidenceSummary, ExpiredBadge, PayAmount } from "@/features/admin/chain/chain-evidence-view.tsx";
import { payAmountText } from "@/features/admin/chain/chain-evidence.ts";
import { formatDateTime, formatShortDate, formatTime } from "@/features/admin/shell/admin-format.ts";
import { waitingLateMinutes, waitingOf, waitingOverdueMinutes, type WaitingLevel } from "@/features/admin/shell/queue.ts";
import { StatusBadge } from "@/components/status-badge.tsx";
import { cn } from "@/lib/class-names.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { walletNumberOf } from "@/lib/payout.ts";
import { StageNote } from "./transaction-actions.tsx";
import { WithdrawalRiskFacts } from "./withdrawal-risk.tsx";

const clockTickMs = 30_000;

/** The time now, read again every 30 seconds: the Waiting column ages while the screen is open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), clockTickMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const waitingTones: Record<WaitingLevel, string> = {
  fresh: "text-foreground",
  // eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind classes, not words
  late: "bg-amber-100 text-amber-900",
  // eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind classes, not words
  overdue: "bg-red-100 text-red-800",
};

/** How long a pending request has waited: amber past 15 minutes, red past 30 (the customers' promise). Decided rows show a dash. */
function WaitingAge({ transaction: t, now }: { transaction: AdminTransactionDto; now: number }) {
  const { t: tr } = useLingui();
  if (t.status !== "pending")
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">
          <Trans>Decided</Trans>
        </span>
      </span>
    );
  const waiting = waitingOf(t.createdAt, now);
  const lateMinutes = formatCount(waitingLateMinutes);
  const overdueMinutes = formatCount(waitingOverdueMinutes);
  return (
    <span
      className={cn(
        "inline-flex rounded-md px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap tabular-nums",
        waitingTones[waiting.level],
      )}
      title={
        waiting.level === "fresh"
          ? tr`Waiting`
          : waiting.level === "late"
            ? tr`Waiting more than ${lateMinutes} minutes`
            : tr`Waiting more than ${overdueMinutes} minutes`
      }
      data-waiting={waiting.level}
    >
      {waiting.label}
    </span>
  );
}

function TypeLabel({ type }: { type: AdminTransactionDto["type"] }) {
  return (
    <span className="inline-flex items-center gap-1.5 font-medium">
      {type === "deposit" ? (
        <ArrowDownToLine aria-hidden="true" className="size-4 text-emerald-700" />
      ) : (
        <ArrowUpFromLine aria-hidden="true" className="size-4 text-amber-700" />
      )}
      {type === "deposit" ? <Trans>Deposit</Trans> : <Trans>Withdraw</Trans>}
    </span>
  );
}

/** A click on a row's own controls (approve, reject, a link) is theirs; anywhere else it opens the details. */
function fromControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest("button, a, input, select, textarea") !== null;
}

type RowProps = {
  transaction: AdminTransactionDto;
  now: number;
  ownUserId: string | null;
  selected: boolean;
  actions: ReactNode;
  onOpen: () => void;
};

export function TransactionRow({ transaction: t, now, selected, actions, onOpen }: RowProps) {
  return (
    <Tr
      data-row-id={t.id}
      aria-current={selected || undefined}
      className={cn("cursor-pointer", selected && "bg-sky-50 outline-2 -outline-offset-2 outline-sky-600 hover:bg-sky-50")}
      onClick={(event) => !fromControl(event) && onOpen()}
    >
      <Td className="px-1.5">
        <TypeLabel type={t.type} />
      </Td>
      {/* Widths chosen so that all the columns fit 1280 px beside the sidebar (user and e-mail share one); the full
          text is the title, and the detail panel. */}
      <UserCell transaction={t} onOpen={onOpen} />
      <Td className="px-1.5 text-right tabular-nums">
        <CopyableAmount amount={t.amount} compact className="font-medium" />
        {/* Decision 038: the exact USDT the customer was told to send; a transfer of it settles this request. */}
        {t.payAmount ? <PayAmount payAmount={t.payAmount} stacked className="block text-xs text-muted-foreground" /> : null}
      </Td>
      {/* Next to the amount, where the eye looks first: how long the customer has waited, and whether the window to pay ended. */}
      <Td className="px-1.5">
        <div className="grid justify-items-start gap-1">
          <WaitingAge transaction={t} now={now} />
          {t.expired ? <ExpiredBadge /> : null}
        </div>
      </Td>
      <MethodCell transaction={t} />
      {/* The state's badge may wrap here ("Not seen / on chain yet"), so that all the columns fit 1280 px. */}
      <Td className="max-w-24 px-1.5 [&_.rounded-full]:rounded-lg [&_.rounded-full]:whitespace-normal">
        {t.risk ? <WithdrawalRiskFacts risk={t.risk} compact /> : <ChainEvidenceSummary chain={t.chain} requestFrom={t.fromAddress} />}
      </Td>
      <Td className="px-1.5 whitespace-nowrap">
        <time dateTime={t.createdAt}>
          <span className="block">{formatShortDate(t.createdAt)}</span>
          <span className="block text-xs text-muted-foreground">{formatTime(t.createdAt)}</span>
        </time>
      </Td>
      <Td className="px-1.5">
        <StatusBadge status={t.status} />
        {t.status === "rejected" && t.rejectReason ? (
          <p className="mt-1 max-w-24 truncate text-xs text-muted-foreground" title={t.rejectReason}>
            {t.rejectReason}
          </p>
        ) : null}
      </Td>
      <Td className={cn("px-1.5 text-right", pinnedEndCell, selected && "bg-sky-50")}>
        <div className="flex justify-end">{actions}</div>
      </Td>
    </Tr>
  );
}

export function TransactionCard({ transaction: t, now, ownUserId, selected, actions, onOpen }: RowProps) {
  const { t: tr } = useLingui();
  return (
    <MobileCard
      rowId={t.id}
      selected={selected}
      title={<TypeLabel type={t.type} />}
      aside={
        <span className="grid justify-items-end gap-1 text-right">
          <StatusBadge status={t.status} />
          <StageNote transaction={t} ownUserId={ownUserId} />
        </span>
      }
      actions={
        <>
          {actions}
          <RowIconButton
            label={t.type === "deposit" ? tr`Details of deposit by ${t.email}` : tr`Details of withdrawal by ${t.email}`}
            tooltip={tr`Details`}
            showText
            className="ml-auto min-h-11"
            onClick={onOpen}
          >
            <Info aria-hidden="true" />
          </RowIconButton>
        </>
      }
    >
      <CardField label={tr`Amount`}>
        <CopyableAmount amount={t.amount} className="font-medium" />
      </CardField>
      {t.payAmount ? (
        <CardField label={tr`Pay amount`}>
          <span className="font-medium tabular-nums">{payAmountText(t.payAmount)}</span>
        </CardField>
      ) : null}
      <CardField label={tr`User`}>{t.username}</CardField>
      <CardField label={tr`Email`}>{t.email}</CardField>
      <CardField label={tr`Method`}>
        <PayoutDestination reference={t.reference} />
      </CardField>
      {t.payoutReference ? (
        <CardField label={tr`Payout reference`}>
          <span className="font-mono">{t.payoutReference}</span>
        </CardField>
      ) : null}
      {t.risk ? (
        <CardField label={tr`Checks`}>
          <WithdrawalRiskFacts risk={t.risk} />
        </CardField>
      ) : null}
      {t.chain ? (
        <CardField label={tr`Chain`}>
          <ChainEvidenceSummary chain={t.chain} requestFrom={t.fromAddress} />
        </CardField>
      ) : null}
      <CardField label={tr`Date`}>{formatDateTime(t.createdAt)}</CardField>
      {t.status === "pending" ? (
        <CardField label={tr`Waiting`}>
          <span className="inline-flex flex-wrap items-center gap-2">
            <WaitingAge transaction={t} now={now} />
            {t.expired ? <ExpiredBadge /> : null}
          </span>
        </CardField>
      ) : null}
      {t.status === "rejected" && t.rejectReason ? <CardField label={tr`Reason`}>{t.rejectReason}</CardField> : null}
    </MobileCard>
  );
}

/** The user and e-mail share one cell; the name is the keyboard's way to the details. */
function UserCell({ transaction: t, onOpen }: { transaction: AdminTransactionDto; onOpen: () => void }) {
  const { t: tr } = useLingui();
  return (
    <Td className="px-1.5 max-w-24">
      {/* The row opens the details on a click; this button is the way there from the keyboard. */}
      <button
        type="button"
        onClick={onOpen}
        title={tr`${t.username}: show details`}
        className="block max-w-full truncate rounded-sm text-left font-medium underline-offset-2 hover:underline"
      >
        {t.username}
        <span className="sr-only">{tr` (details)`}</span>
      </button>
      <span className="block truncate text-xs text-muted-foreground" title={t.email}>
        {t.email}
      </span>
    </Td>
  );
}

/** The method: a withdrawal's wallet and number (copyable), or the deposit's reference; and the payout's TrxID once paid. */
function MethodCell({ transaction: t }: { transaction: AdminTransactionDto }) {
  const { t: tr } = useLingui();
  return (
    <Td className={cn("px-1.5", t.type === "withdraw" ? "text-sm" : "max-w-20")}>
      {/* A withdrawal's number whole and grouped, with its copy button: the admin pastes it into the provider's app. */}
      {t.type === "withdraw" && walletNumberOf(t.reference) ? (
        <PayoutDestination reference={t.reference} stacked compact />
      ) : (
        <span className="block truncate" title={t.reference ?? undefined}>
          {t.reference ? (
            t.reference
          ) : (
            <span className="text-muted-foreground">
              <Trans>Not specified</Trans>
            </span>
          )}
        </span>
      )}
      {t.payoutReference ? (
        <span className="block truncate font-mono text-xs text-emerald-800" title={tr`Payout reference (TrxID): ${t.payoutReference}`}>
          <span className="sr-only">TrxID </span>
          {t.payoutReference}
        </span>
      ) : null}
    </Td>
  );
}
