import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDownToLine, ArrowUpFromLine, Download, Info, Keyboard, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { toast } from "@/lib/toast.tsx";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import { errorCodes } from "#shared/api-error.ts";
import { adminTransactionsQuery, fetchAdminTransactions, rejectTransaction } from "@/features/admin/admin-api.ts";
import {
  AdminList,
  CardField,
  MobileCard,
  pinnedEndCell,
  pinnedEndHeader,
  RowIconButton,
  Td,
  Tr,
  type Column,
} from "@/features/admin/components/admin-table.tsx";
import { ApproveTransactionDialog } from "@/features/admin/components/approve-transaction-dialog.tsx";
import { useSecondApprovalDecisions } from "@/features/admin/components/second-approval-actions.tsx";
import { StageNote, TransactionActions, type TransactionHandlers } from "@/features/admin/components/transaction-actions.tsx";
import { CopyableAmount, PayoutDestination } from "@/features/admin/components/copy-value.tsx";
import { focusInitial, initialFocus } from "@/features/admin/components/initial-focus.ts";
import { ChainEvidenceSummary, ExpiredBadge, PayAmount } from "@/features/admin/components/chain-evidence.tsx";
import { TransactionDetailDialog } from "@/features/admin/components/transaction-detail-dialog.tsx";
import { WithdrawalRiskFacts } from "@/features/admin/components/withdrawal-risk.tsx";
import { ListFooter, ListToolbar, SearchField, SelectFilter, useSearchBox } from "@/features/admin/components/list-controls.tsx";
import { isOwnAccountRefusal, useOwnUserId } from "@/features/admin/components/own-account.tsx";
import { StatusBadge } from "@/components/status-badge.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { cn } from "@/lib/class-names.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { walletNumberOf } from "@/lib/payout.ts";
import { formatBdtAmount, formatDateTime, formatShortDate, formatTime } from "./admin-format.ts";
import { chainFilterOptions, payAmountText } from "./chain-evidence.ts";
import {
  movedSelection,
  orderChoiceOf,
  pageSizeOptions,
  pageSizes,
  queueShortcutOf,
  selectionAfterDecision,
  queueShortcuts,
  transactionOrders,
  waitingLateMinutes,
  waitingOf,
  waitingOverdueMinutes,
  type QueueShortcut,
  type WaitingLevel,
} from "./queue.ts";
import { ownRequestNote, secondApprovalOfRow, transactionStageOf } from "./second-approvals.ts";
import { csvFileName, transactionsCsv } from "./transactions-csv.ts";

const exportPageSize = 100; // the API's cap
const typeOptions = [
  { value: "all", label: msg`All types` },
  { value: "deposit", label: msg`Deposit` },
  { value: "withdraw", label: msg`Withdraw` },
] as const;
const statusOptions = [
  { value: "all", label: msg`All statuses` },
  { value: "pending", label: msg`Pending` },
  { value: "completed", label: msg`Completed` },
  { value: "rejected", label: msg`Rejected` },
] as const;
const types = typeOptions.map((option) => option.value);
const statuses = statusOptions.map((option) => option.value);
const chainFilters = chainFilterOptions.map((option) => option.value);
type TypeFilter = (typeof types)[number];
type StatusFilter = (typeof statuses)[number];
type ChainFilter = (typeof chainFilters)[number];
type Filters = {
  q: string;
  type: TypeFilter;
  status: StatusFilter;
  chain: ChainFilter;
  sort: string;
  direction: string;
  pageSize: (typeof pageSizes)[number];
};
/**
 * The screen opens as a queue (decision 021): pending requests, the one that has waited longest
 * first, ten to a page. Every choice is kept in the address, so a reload or a shared link shows the same rows.
 */
const queueDefaults: Filters = { q: "", type: "all", status: "pending", chain: "all", sort: "createdAt", direction: "asc", pageSize: "10" };
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
const clockTickMs = 30_000;

/** The time now, read again every 30 seconds: the Waiting column ages while the screen is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), clockTickMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Manage Transactions (docs/product.md, Back office › Transactions). */
export default function AdminTransactionsPage() {
  const { t: tr, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { filters, page, update, control, pager } = useListParams<Filters>(queueDefaults, {
    type: types,
    status: statuses,
    chain: chainFilters,
    pageSize: pageSizes,
  });
  const pageSize = Number(filters.pageSize);
  const order = orderChoiceOf(filters.sort, filters.direction);
  const search = useSearchBox(filters.q, (q) => update({ q }));
  const [rejecting, setRejecting] = useState<AdminTransactionDto | null>(null);
  /** The transaction whose approval the admin is confirming: nothing moves until they press the dialog's button. */
  const [approving, setApproving] = useState<AdminTransactionDto | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [rejectingIds, setRejectingIds] = useState<ReadonlySet<string>>(new Set());
  const ownUserId = useOwnUserId();
  const now = useNow();
  /** The decision whose list is being read again: the selection then moves to the row that took its place. */
  const afterDecision = useRef<{ id: string; before: string[]; at: number } | null>(null);

  const transactions = useQuery(
    adminTransactionsQuery({
      type: filters.type,
      status: filters.status,
      chain: filters.chain,
      q: filters.q,
      sort: order.sort,
      direction: order.direction,
      page,
      pageSize,
    }),
  );

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminTransactions });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminStats });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminAuditLog });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminSecondApprovals });
  }

  function trackRejecting(id: string, running: boolean) {
    setRejectingIds((previous) => {
      const next = new Set(previous);
      if (running) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function reject(id: string, reason: string) {
    setRejecting(null);
    trackRejecting(id, true);
    try {
      await rejectTransaction({ id, reason });
      decided(id);
      toast.success(tr`Transaction rejected successfully!`);
    } catch (error) {
      if (error instanceof ApiError && error.code === errorCodes.alreadyProcessed)
        toast.warning(tr`This transaction is already processed.`);
      else if (isOwnAccountRefusal(error)) toast.error(error.message);
      else {
        const reason = error instanceof ApiError && error.message ? error.message : tr`Unknown error`;
        toast.error(tr`Failed to reject transaction: ${reason}`);
      }
    } finally {
      trackRejecting(id, false);
      refresh();
    }
  }

  const items = transactions.data?.items ?? [];
  const itemsNow = useRef(items);
  useEffect(() => {
    itemsNow.current = items;
  });
  const selectedIndex = items.findIndex((t) => t.id === selectedId);
  const selected = selectedIndex >= 0 ? items[selectedIndex] : undefined;
  /** Approve and Reject are offered on a pending row that is not the signed-in admin's own (decision 013). */
  const decidable = (t: AdminTransactionDto) => t.status === "pending" && t.userId !== ownUserId && !rejectingIds.has(t.id);
  // Confirm and Decline of a row's four-eyes request: the same dialogs and words as the Second approvals page.
  const secondDecisions = useSecondApprovalDecisions({
    onDecided: (request) => {
      if (request.transactionId) decided(request.transactionId);
    },
  });
  const handlers: TransactionHandlers = {
    onApprove: (t) => openDecision(t, () => setApproving(t)),
    onPay: (t) => openDecision(t, () => setApproving(t)),
    onReject: (t) => openDecision(t, () => setRejecting(t)),
    onConfirm: (t) => openDecision(t, () => withRequest(t, secondDecisions.openConfirm)),
    onDecline: (t) => openDecision(t, () => withRequest(t, secondDecisions.openDecline)),
  };
  /** A decision's dialog opens over the list: the details panel (if open) closes, and the row is the selection. */
  function openDecision(t: AdminTransactionDto, open: () => void) {
    setDetailId(null);
    setSelectedId(t.id);
    open();
  }
  function withRequest(t: AdminTransactionDto, open: (request: SecondApprovalDto) => void) {
    const request = secondApprovalOfRow(t);
    if (request) open(request);
  }

  /**
   * A decision keeps the keyboard's place: at once the selection moves to the row after the decided one
   * (or the last), and once the list has been read again, to the row that took its place.
   */
  function decided(id: string) {
    const before = itemsNow.current.map((t) => t.id);
    afterDecision.current = { id, before, at: Date.now() };
    selectRow(
      selectionAfterDecision(
        before,
        id,
        before.filter((other) => other !== id),
      ),
    );
  }
  const { data: list, dataUpdatedAt } = transactions;
  useEffect(() => {
    const waiting = afterDecision.current;
    if (!waiting || !list || dataUpdatedAt <= waiting.at) return;
    afterDecision.current = null;
    selectRow(
      selectionAfterDecision(
        waiting.before,
        waiting.id,
        list.items.map((t) => t.id),
      ),
    );
  }, [list, dataUpdatedAt]);

  function selectRow(id: string | null) {
    setSelectedId(id);
    if (id) document.querySelector(`[data-row-id="${id}"]`)?.scrollIntoView({ block: "nearest" });
  }

  function runShortcut(shortcut: QueueShortcut) {
    if (shortcut === "help") return setHelpOpen(true);
    if (shortcut === "next" || shortcut === "previous") {
      afterDecision.current = null;
      const index = movedSelection(selectedIndex >= 0 ? selectedIndex : null, items.length, shortcut === "next" ? 1 : -1);
      selectRow(index === null ? null : (items[index]?.id ?? null));
      return;
    }
    if (!selected) return toast.info(tr`Select a row first: j moves down the list, k moves up.`);
    if (shortcut === "open") return setDetailId(selected.id);
    if (!decidable(selected)) return toast.info(tr`The selected row has nothing to approve or reject.`);
    // The same dialogs as the buttons, at the row's stage: a key never moves money by itself.
    const stage = transactionStageOf(selected);
    const mine = selected.secondApproval?.requestedBy.id === ownUserId;
    if (shortcut === "approve") {
      if (stage === "awaiting" && mine) return toast.info(i18n._(ownRequestNote));
      if (stage === "awaiting") handlers.onConfirm(selected);
      else if (stage === "ready") handlers.onPay(selected);
      else handlers.onApprove(selected);
    } else if (stage === "awaiting") handlers.onDecline(selected);
    else handlers.onReject(selected);
  }
  useQueueShortcuts(runShortcut);

  const filtered = filters.q !== "" || filters.type !== "all" || filters.status !== "all" || filters.chain !== "all";
  let message: ReactNode = null;
  if (transactions.isPending) message = tr`Loading transactions...`;
  else if (transactions.isError) message = tr`Failed to load transactions`;
  else if (transactions.data.items.length === 0)
    message = filtered ? (
      tr`No transactions matching the current filters`
    ) : (
      <>
        <span className="block font-medium text-foreground">
          <Trans>No transactions found in the database.</Trans>
        </span>
        <span className="mt-1 block">
          <Trans>Users must first create deposit or withdraw transactions before they appear here.</Trans>
        </span>
      </>
    );
  const shownColumns: readonly Column[] = columns.map((column) => ({ ...column, label: i18n._(column.label) }));
  const shownTypeOptions = typeOptions.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const shownStatusOptions = statusOptions.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const orderOptions = transactionOrders.map(({ value, label }) => ({ value, label }));
  const chainOptions = chainFilterOptions.map(({ value, label }) => ({ value, label }));
  const rowsOptions = pageSizeOptions.map(({ value, label }) => ({ value, label }));
  const actionsOf = (t: AdminTransactionDto, touch: boolean) => (
    <TransactionActions transaction={t} ownUserId={ownUserId} rejecting={rejectingIds.has(t.id)} touch={touch} handlers={handlers} />
  );
  const openDetails = (t: AdminTransactionDto) => {
    setSelectedId(t.id);
    setDetailId(t.id);
  };

  return (
    <>
      <title>{tr`Transactions · Nexapay`}</title>
      <PageHeader
        title={tr`Manage Transactions`}
        description={tr`Approve or reject customers' deposits and withdrawals.`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
              <Keyboard aria-hidden="true" />
              <Trans>Keyboard shortcuts</Trans>
            </Button>
            <ExportButton filters={filters} disabled={!transactions.data || transactions.data.total === 0} />
          </div>
        }
      />
      <ListToolbar>
        <SearchField id="transactions-search" placeholder={tr`Search by user, email, amount or method`} className="lg:w-96" {...search} />
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

      <AdminList
        caption={tr`Transactions`}
        columns={shownColumns}
        message={message}
        items={items}
        row={(t) => (
          <TransactionRow
            transaction={t}
            now={now}
            ownUserId={ownUserId}
            selected={t.id === selectedId}
            actions={actionsOf(t, false)}
            onOpen={() => openDetails(t)}
          />
        )}
        card={(t) => (
          <TransactionCard
            transaction={t}
            now={now}
            ownUserId={ownUserId}
            selected={t.id === selectedId}
            actions={actionsOf(t, true)}
            onOpen={() => openDetails(t)}
          />
        )}
      />
      <ListFooter label={tr`Transactions pages`} pageSize={pageSize} list={transactions.data} {...pager} />

      <RejectDialog
        transaction={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(reason) => rejecting && void reject(rejecting.id, reason)}
      />
      <ApproveTransactionDialog transaction={approving} onClose={() => setApproving(null)} onDecided={decided} onSettled={refresh} />
      <TransactionDetailDialog transactionId={detailId} onClose={() => setDetailId(null)} actionsOf={(t) => actionsOf(t, true)} />
      {secondDecisions.dialogs}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}

/**
 * The queue's keys on the whole page (j, k, a, r, Enter, ?). Never while the admin types in a field
 * or a dialog is open, and never with Ctrl, Cmd or Alt (the browser's own shortcuts).
 */
function useQueueShortcuts(run: (shortcut: QueueShortcut) => void) {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target instanceof Element ? event.target : null;
      const shortcut = queueShortcutOf({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: target !== null && target.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])") !== null,
        onControl: target !== null && target.closest("button, a, [role='button'], summary") !== null,
        dialogOpen: document.querySelector("[role='dialog'], [role='alertdialog']") !== null,
      });
      if (shortcut === null || event.repeat) return;
      event.preventDefault();
      latest.current(shortcut);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** The list of keys, opened with "?" or the Keyboard shortcuts button. */
function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { i18n } = useLingui();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Keyboard shortcuts</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>They work on this list while you are not typing in a field.</Trans>
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
          {queueShortcuts.map((shortcut) => (
            <div key={shortcut.keys} className="contents">
              <dt>
                <kbd className="inline-flex min-w-8 justify-center rounded-md border border-border bg-slate-50 px-2 py-0.5 font-mono text-xs font-semibold">
                  {shortcut.keys}
                </kbd>
              </dt>
              <dd>{i18n._(shortcut.does)}</dd>
            </div>
          ))}
        </dl>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
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

function TransactionRow({ transaction: t, now, selected, actions, onOpen }: RowProps) {
  const { t: tr } = useLingui();
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

function TransactionCard({ transaction: t, now, ownUserId, selected, actions, onOpen }: RowProps) {
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

function RejectDialog({
  transaction,
  onClose,
  onReject,
}: {
  transaction: AdminTransactionDto | null;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const { t: tr } = useLingui();
  const [reason, setReason] = useState("");
  const amount = transaction ? formatBdtAmount(transaction.amount) : "";
  const email = transaction?.email ?? "";
  return (
    <Dialog
      open={transaction !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason("");
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-md" onOpenAutoFocus={focusInitial}>
        <DialogHeader>
          <DialogTitle>
            <Trans>Reject transaction</Trans>
          </DialogTitle>
          <DialogDescription>
            {transaction
              ? transaction.type === "deposit"
                ? tr`Deposit of ${amount} by ${email}.`
                : tr`Withdrawal of ${amount} by ${email}.`
              : null}{" "}
            {transaction?.type === "withdraw" ? tr`The held amount becomes available to the customer again.` : null}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onReject(reason.trim());
            setReason("");
          }}
          className="grid gap-4"
        >
          <FormField id="reject-reason" label={tr`Reason (optional)`}>
            <Textarea
              id="reject-reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...initialFocus}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="destructive">
              <Trans>Reject transaction</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Every row of the current filter as CSV, fetched 100 at a time and saved by the browser. */
function ExportButton({ filters, disabled }: { filters: Filters; disabled: boolean }) {
  const { t: tr, i18n } = useLingui();
  const [busy, setBusy] = useState(false);

  async function exportCsv() {
    setBusy(true);
    try {
      const rows: AdminTransactionDto[] = [];
      // At most 1,000 pages (100,000 rows): an export never loops without end.
      for (let page = 1; page <= 1000; page += 1) {
        const answer = await fetchAdminTransactions({ ...filters, page, pageSize: exportPageSize });
        rows.push(...answer.items);
        // The last page is a short one; `total` may be capped (decision 010), so it is not the test.
        if (answer.items.length < exportPageSize) break;
      }
      const blob = new Blob([transactionsCsv(rows)], { type: "text/csv;charset=utf-8" });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = csvFileName(filters, new Date());
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      toast.success(i18n._(msg`${plural(rows.length, { one: "Exported # transaction", other: "Exported # transactions" })}`));
    } catch {
      toast.error(tr`Failed to export transactions`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" onClick={() => void exportCsv()} disabled={disabled || busy}>
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
      {busy ? <Trans>Exporting...</Trans> : <Trans>Export CSV</Trans>}
    </Button>
  );
}
