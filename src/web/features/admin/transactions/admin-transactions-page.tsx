import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Keyboard } from "lucide-react";
import type { ReactNode } from "react";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { AdminList, pinnedEndHeader, type Column } from "@/features/admin/components/admin-table.tsx";
import { ListFooter, ListToolbar, SearchField, SelectFilter } from "@/features/admin/components/list-controls.tsx";
import { chainFilterOptions } from "@/features/admin/chain/chain-evidence.ts";
import { orderChoiceOf, pageSizeOptions, transactionOrders } from "@/features/admin/shell/queue.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/class-names.ts";
import { ApproveTransactionDialog } from "./approve-transaction-dialog.tsx";
import { ExportButton } from "./export-button.tsx";
import { ShortcutsDialog } from "./queue-keys.tsx";
import { RejectDialog } from "./reject-dialog.tsx";
import { TransactionActions } from "./transaction-actions.tsx";
import { TransactionDetailDialog } from "./transaction-detail-dialog.tsx";
import { statusOptions, typeOptions, useTransactionsList } from "./transaction-list-params.ts";
import { TransactionCard, TransactionRow, useNow } from "./transaction-row.tsx";
import { useTransactionsQueue } from "./use-transactions-queue.ts";

// Nine columns beside the sidebar at 1280 px: cells tighter than other lists' (px-1.5). The
// Actions column is pinned to the right, so it stays in view when the others are wider than the screen.
const columns = [
  { label: msg`Type`, className: "px-1.5" },
  { label: msg`User`, className: "px-1.5" },
  { label: msg`Amount`, className: "px-1.5 text-right" },
  { label: msg`Waiting`, className: "px-1.5" },
  { label: msg`Method`, className: "px-1.5" },
  // A deposit's chain evidence, or a withdrawal's risk facts (decision 039).
  { label: msg`Checks`, className: "px-1.5" },
  { label: msg`Date`, className: "px-1.5" },
  { label: msg`Status`, className: "px-1.5" },
  { label: msg`Actions`, className: cn("px-1.5 text-right", pinnedEndHeader) },
] as const;

type List = ReturnType<typeof useTransactionsList>;
type Queue = ReturnType<typeof useTransactionsQueue>;

/** Manage Transactions (docs/product.md, Back office › Transactions). */
export default function AdminTransactionsPage() {
  const { t: tr } = useLingui();
  const list = useTransactionsList();
  const queue = useTransactionsQueue(list.transactions);
  const { transactions } = list;
  return (
    <>
      <title>{tr`Transactions · Nexapay`}</title>
      <PageHeader
        title={tr`Manage Transactions`}
        description={tr`Approve or reject customers' deposits and withdrawals.`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => queue.setHelpOpen(true)} aria-keyshortcuts="?">
              <Keyboard aria-hidden="true" />
              <Trans>Keyboard shortcuts</Trans>
            </Button>
            <ExportButton filters={list.filters} disabled={!transactions.data || transactions.data.total === 0} />
          </div>
        }
      />
      <TransactionsToolbar list={list} />
      <TransactionsList list={list} queue={queue} />
      <ListFooter label={tr`Transactions pages`} pageSize={list.pageSize} list={transactions.data} {...list.pager} />
      <QueueDialogs queue={queue} />
    </>
  );
}

/** Search, the filters, the order and the rows per page, all kept in the address. */
function TransactionsToolbar({ list }: { list: List }) {
  const { t: tr, i18n } = useLingui();
  const { filters, order, update, control } = list;
  const shownTypeOptions = typeOptions.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const shownStatusOptions = statusOptions.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const orderOptions = transactionOrders.map(({ value, label }) => ({ value, label }));
  const chainOptions = chainFilterOptions.map(({ value, label }) => ({ value, label }));
  const rowsOptions = pageSizeOptions.map(({ value, label }) => ({ value, label }));
  return (
    <ListToolbar>
      <SearchField
        id="transactions-search"
        placeholder={tr`Search by user, email, amount or method`}
        className="lg:w-96"
        {...list.search}
      />
      <div className="flex flex-wrap gap-3">
        <SelectFilter id="transactions-type" label={tr`Type`} options={shownTypeOptions} {...control("type")} />
        <SelectFilter id="transactions-status" label={tr`Status`} options={shownStatusOptions} {...control("status")} />
        <SelectFilter id="transactions-chain" label={tr`Chain`} options={chainOptions} {...control("chain")} />
        <SelectFilter
          id="transactions-order"
          label={tr`Order`}
          options={orderOptions}
          value={order.value}
          onChange={(value) => {
            const chosen = orderChoiceOf(...(value.split(":") as [string, string]));
            update({ ...filters, sort: chosen.sort, direction: chosen.direction });
          }}
        />
        <SelectFilter
          id="transactions-page-size"
          label={tr`Rows per page`}
          options={rowsOptions}
          value={filters.pageSize}
          onChange={(value) => update({ ...filters, pageSize: value })}
        />
      </div>
    </ListToolbar>
  );
}

/** Loading, failed or empty (with or without a filter); null when there are rows to show. */
function useListMessage(list: List): ReactNode {
  const { t: tr } = useLingui();
  const { transactions } = list;
  if (transactions.isPending) return tr`Loading transactions...`;
  if (transactions.isError) return tr`Failed to load transactions`;
  if (transactions.data.items.length > 0) return null;
  if (list.filtered) return tr`No transactions matching the current filters`;
  return (
    <>
      <span className="block font-medium text-foreground">
        <Trans>No transactions found in the database.</Trans>
      </span>
      <span className="mt-1 block">
        <Trans>Users must first create deposit or withdraw transactions before they appear here.</Trans>
      </span>
    </>
  );
}

function TransactionsList({ list, queue }: { list: List; queue: Queue }) {
  const { t: tr, i18n } = useLingui();
  const now = useNow();
  const message = useListMessage(list);
  const shownColumns: readonly Column[] = columns.map((column) => ({ ...column, label: i18n._(column.label) }));
  const actionsOf = (t: AdminTransactionDto, touch: boolean) => <Actions queue={queue} transaction={t} touch={touch} />;
  const rowProps = (t: AdminTransactionDto, touch: boolean) => ({
    transaction: t,
    now,
    ownUserId: queue.ownUserId,
    selected: t.id === queue.selectedId,
    actions: actionsOf(t, touch),
    onOpen: () => queue.openDetails(t),
  });
  return (
    <AdminList
      caption={tr`Transactions`}
      columns={shownColumns}
      message={message}
      items={list.transactions.data?.items ?? []}
      row={(t) => <TransactionRow {...rowProps(t, false)} />}
      card={(t) => <TransactionCard {...rowProps(t, true)} />}
    />
  );
}

function Actions({ queue, transaction, touch }: { queue: Queue; transaction: AdminTransactionDto; touch: boolean }) {
  return (
    <TransactionActions
      transaction={transaction}
      ownUserId={queue.ownUserId}
      rejecting={queue.rejectingIds.has(transaction.id)}
      touch={touch}
      handlers={queue.handlers}
    />
  );
}

/** Reject, approve, the details panel, four eyes' confirm and decline, and the list of keys. */
function QueueDialogs({ queue }: { queue: Queue }) {
  const { rejecting } = queue;
  return (
    <>
      <RejectDialog
        transaction={rejecting}
        onClose={() => queue.setRejecting(null)}
        onReject={(reason) => rejecting && void queue.reject(rejecting.id, reason)}
      />
      <ApproveTransactionDialog
        transaction={queue.approving}
        onClose={() => queue.setApproving(null)}
        onDecided={queue.decided}
        onSettled={queue.refresh}
      />
      <TransactionDetailDialog
        transactionId={queue.detailId}
        onClose={() => queue.setDetailId(null)}
        actionsOf={(t) => <Actions queue={queue} transaction={t} touch />}
      />
      {queue.secondDecisions.dialogs}
      <ShortcutsDialog open={queue.helpOpen} onClose={() => queue.setHelpOpen(false)} />
    </>
  );
}
