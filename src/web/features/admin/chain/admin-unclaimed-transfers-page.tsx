import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { CircleOff, Link2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { chainTransferListStatuses, type ChainTransferListStatus, type ListedChainTransferDto } from "#shared/admin-schemas.ts";
import { unclaimedTransfersQuery, type UnclaimedTransfersPage } from "./chain-api.ts";
import { AdminList, CardField, MobileCard, pinnedEndCell, pinnedEndHeader, Td, Tr } from "@/features/admin/components/admin-table.tsx";
import { AssignTransferDialog } from "./assign-transfer-dialog.tsx";
import { TxidLink } from "./chain-evidence-view.tsx";
import { ChainWatcherStatus } from "./chain-watcher-status.tsx";
import { FilterButtons, ListFooter, ListToolbar } from "@/features/admin/components/list-controls.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/class-names.ts";
import { useListParams } from "@/lib/use-list-params.ts";
import { formatDateTime } from "@/features/admin/shell/admin-format.ts";
import { usdtText } from "./chain-evidence.ts";

const pageSize = 20;
const transferColumns = [
  { label: msg`Received` },
  { label: msg`From address` },
  { label: msg`Amount`, className: "text-right" },
  { label: msg`TXID` },
];
const columnsOf = {
  unclaimed: [...transferColumns, { label: msg`Actions`, className: cn("text-right", pinnedEndHeader) }],
  claimed: [...transferColumns, { label: msg`Deposit request` }],
};
const statusButtons = [
  { value: "unclaimed", label: msg`Unclaimed` },
  { value: "claimed", label: msg`Claimed` },
] as const;

/**
 * Unclaimed transfers (docs/product.md, Deposits checked on the chain): USDT that reached the deposit
 * address with no customer's request to match, newest first, so that an admin can find its owner and
 * assign it to their request by hand (decision 038). "Claimed" lists instead the transfers a request
 * holds, each naming it, with nothing to assign. The chain watcher's status stands above it. The
 * watcher adds to the list on its own, so it is asked for again every 15 seconds.
 */
export default function AdminUnclaimedTransfersPage() {
  const { t, i18n } = useLingui();
  const { filters, page, control, pager } = useListParams<{ status: ChainTransferListStatus }>(
    { status: "unclaimed" },
    { status: chainTransferListStatuses },
  );
  const transfers = useQuery({ ...unclaimedTransfersQuery({ status: filters.status, page, pageSize }), refetchInterval: 15_000 });
  const [assigning, setAssigning] = useState<ListedChainTransferDto | null>(null);
  const message = useListMessage(transfers, filters.status);
  const shownButtons = statusButtons.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  return (
    <>
      <title>{t`Unclaimed transfers · Nexapay`}</title>
      <PageHeader
        title={t`Unclaimed transfers`}
        description={t`USDT that reached the deposit address with no matching deposit request, newest first.`}
      />
      {transfers.data?.watcher === "off" ? (
        <WatcherOffNotice />
      ) : (
        <>
          <ChainWatcherStatus />
          <ListToolbar>
            <FilterButtons label={t`Status`} options={shownButtons} {...control("status")} />
          </ListToolbar>
          <AdminList
            caption={filters.status === "claimed" ? t`Claimed transfers` : t`Unclaimed transfers`}
            columns={columnsOf[filters.status].map((column) => ({ ...column, label: i18n._(column.label) }))}
            message={message}
            items={transfers.data?.items ?? []}
            row={(transfer) => <TransferRow transfer={transfer} onAssign={() => setAssigning(transfer)} />}
            card={(transfer) => <TransferCard transfer={transfer} onAssign={() => setAssigning(transfer)} />}
          />
          <ListFooter label={t`Unclaimed transfers pages`} pageSize={pageSize} list={transfers.data} {...pager} />
          <AssignTransferDialog transfer={assigning} onClose={() => setAssigning(null)} />
        </>
      )}
    </>
  );
}

type TransfersAnswer = { isPending: boolean; isError: boolean; data?: UnclaimedTransfersPage };

/** Loading, failed or empty; null when there are rows to show. */
function useListMessage(transfers: TransfersAnswer, status: ChainTransferListStatus): ReactNode {
  const { t } = useLingui();
  if (transfers.isPending) return t`Loading transfers...`;
  if (transfers.isError || !transfers.data) return t`Failed to load the transfers`;
  if (transfers.data.items.length > 0) return null;
  if (status === "claimed") return t`No transfer has settled a deposit request yet.`;
  return (
    <>
      <span className="block font-medium text-foreground">
        <Trans>No unclaimed transfers.</Trans>
      </span>
      <span className="mt-1 block">
        <Trans>Every USDT transfer seen on the chain matches a customer&apos;s deposit request.</Trans>
      </span>
    </>
  );
}

function WatcherOffNotice() {
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-4 text-sm text-slate-700">
      <CircleOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div>
        <p className="font-medium text-foreground">
          <Trans>The chain check is off.</Trans>
        </p>
        <p className="mt-1">
          <Trans>
            TRON_API_URL is not set, so no transfers are watched on the chain. Deposits are approved on the customer&apos;s word alone.
          </Trans>
        </p>
      </div>
    </div>
  );
}

function Received({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/** "Assign to a request", naming the transfer for screen readers (a page holds twenty of them). */
function AssignButton({ transfer, touch, onAssign }: { transfer: ListedChainTransferDto; touch: boolean; onAssign: () => void }) {
  const { t } = useLingui();
  const amount = usdtText(transfer.amount);
  const from = transfer.fromAddress;
  return (
    <Button
      variant="outline"
      size={touch ? "default" : "sm"}
      className={touch ? "min-h-11" : undefined}
      aria-label={t`Assign to a request: ${amount} from ${from}`}
      onClick={onAssign}
    >
      <Link2 aria-hidden="true" />
      <Trans>Assign to a request</Trans>
    </Button>
  );
}

/** The deposit request a claimed transfer settled: its reference, and its id to find it by. */
function ClaimedBy({ claimedBy }: { claimedBy: NonNullable<ListedChainTransferDto["claimedBy"]> }) {
  return (
    <>
      {claimedBy.reference ? (
        <span className="block max-w-56 truncate" title={claimedBy.reference}>
          {claimedBy.reference}
        </span>
      ) : null}
      <span className="block font-mono text-xs text-muted-foreground select-all">{claimedBy.transactionId}</span>
    </>
  );
}

type TransferProps = { transfer: ListedChainTransferDto; onAssign: () => void };

function TransferRow({ transfer, onAssign }: TransferProps) {
  return (
    <Tr>
      <Td className="whitespace-nowrap">
        <Received at={transfer.blockTime} />
      </Td>
      {/* The whole address, selectable: an admin copies it to look the sender up. */}
      <Td className="font-mono text-xs select-all">{transfer.fromAddress}</Td>
      <Td className="text-right font-medium whitespace-nowrap tabular-nums">{usdtText(transfer.amount)}</Td>
      <Td>
        <TxidLink txid={transfer.txid} short />
      </Td>
      {transfer.claimedBy ? (
        <Td>
          <ClaimedBy claimedBy={transfer.claimedBy} />
        </Td>
      ) : (
        <Td className={cn("text-right", pinnedEndCell)}>
          <AssignButton transfer={transfer} touch={false} onAssign={onAssign} />
        </Td>
      )}
    </Tr>
  );
}

function TransferCard({ transfer, onAssign }: TransferProps) {
  const { t } = useLingui();
  return (
    <MobileCard
      title={<span className="tabular-nums">{usdtText(transfer.amount)}</span>}
      aside={<Received at={transfer.blockTime} />}
      actions={transfer.claimedBy ? undefined : <AssignButton transfer={transfer} touch onAssign={onAssign} />}
    >
      <CardField label={t`From`}>
        <span className="font-mono text-xs select-all">{transfer.fromAddress}</span>
      </CardField>
      <CardField label={t`TXID`}>
        <TxidLink txid={transfer.txid} />
      </CardField>
      {transfer.claimedBy ? (
        <CardField label={t`Deposit request`}>
          <ClaimedBy claimedBy={transfer.claimedBy} />
        </CardField>
      ) : null}
    </MobileCard>
  );
}
