import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDownToLine, ArrowUpFromLine, Check, Download, Info, LoaderCircle, X } from "lucide-react";
import { useState, type MouseEvent, type ReactNode } from "react";
import { toast } from "sonner";
import type { AdminTransactionDto, ChainState } from "#shared/admin-schemas.ts";
import { errorCodes, messages } from "#shared/api-error.ts";
import {
  adminTransactionQuery,
  adminTransactionsQuery,
  approveTransaction,
  fetchAdminTransactions,
  rejectTransaction,
} from "@/features/admin/admin-api.ts";
import { AdminList, CardField, MobileCard, RowIconButton, Td, Tr, type Column } from "@/features/admin/components/admin-table.tsx";
import { ChainEvidenceSummary, ChainStateBadge } from "@/features/admin/components/chain-evidence.tsx";
import { PayoutReferenceDialog } from "@/features/admin/components/payout-reference-dialog.tsx";
import { TransactionDetailDialog } from "@/features/admin/components/transaction-detail-dialog.tsx";
import { ListFooter, ListToolbar, SearchField, SelectFilter, useSearchBox } from "@/features/admin/components/list-controls.tsx";
import { isOwnAccountRefusal, OwnAccountNote, useOwnUserId } from "@/features/admin/components/own-account.tsx";
import { StatusBadge } from "@/components/status-badge.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { formatBdtAmount, formatDateTime, formatShortDate, formatTime } from "./admin-format.ts";
import { chainFilterOptions, needsChainAcknowledgement } from "./chain-evidence.ts";
import { awaitingSecondApprovalMessage, isSecondApproval } from "./second-approvals.ts";
import { csvFileName, transactionsCsv } from "./transactions-csv.ts";

const pageSize = 10;
const exportPageSize = 100; // the API's cap
const typeOptions = [
  { value: "all", label: "All types" },
  { value: "deposit", label: "Deposit" },
  { value: "withdraw", label: "Withdraw" },
] as const;
const statusOptions = [
  { value: "all", label: "All statuses" },
  { value: "pending", label: "Pending" },
  { value: "completed", label: "Completed" },
  { value: "rejected", label: "Rejected" },
] as const;
const types = typeOptions.map((option) => option.value);
const statuses = statusOptions.map((option) => option.value);
const chainFilters = chainFilterOptions.map((option) => option.value);
type TypeFilter = (typeof types)[number];
type StatusFilter = (typeof statuses)[number];
type ChainFilter = (typeof chainFilters)[number];
type Filters = { q: string; type: TypeFilter; status: StatusFilter; chain: ChainFilter };
// Nine columns beside the sidebar at 1280 px: cells a little tighter than other lists' (px-2).
const columns: readonly Column[] = [
  { label: "Type", className: "px-2" },
  { label: "User", className: "px-2" },
  { label: "Amount", className: "px-2 text-right" },
  { label: "Method", className: "px-2" },
  { label: "Chain", className: "px-2" },
  { label: "Date", className: "px-2" },
  { label: "Status", className: "px-2" },
  { label: "Actions", className: "px-2 text-right" },
];

type Action = { id: string; kind: "approve" | "reject" };
/** A deposit the chain has not confirmed, waiting for "Approve anyway"; `state` as the admin last saw it. */
type Unconfirmed = { transaction: AdminTransactionDto; state: ChainState | null };

/** Manage Transactions (docs/product.md, Back office › Transactions). */
export default function AdminTransactionsPage() {
  const queryClient = useQueryClient();
  const { filters, page, update, control, pager } = useListParams<Filters>(
    { q: "", type: "all", status: "all", chain: "all" },
    { type: types, status: statuses, chain: chainFilters },
  );
  const search = useSearchBox(filters.q, (q) => update({ q }));
  const [rejecting, setRejecting] = useState<AdminTransactionDto | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed | null>(null);
  /** A withdrawal whose approval asks for the payout reference (TrxID). */
  const [paying, setPaying] = useState<AdminTransactionDto | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [inFlight, setInFlight] = useState<ReadonlyMap<string, Action["kind"]>>(new Map());
  const ownUserId = useOwnUserId();

  const transactions = useQuery(
    adminTransactionsQuery({ type: filters.type, status: filters.status, chain: filters.chain, q: filters.q, page, pageSize }),
  );

  function track(action: Action, running: boolean) {
    setInFlight((previous) => {
      const next = new Map(previous);
      if (running) next.set(action.id, action.kind);
      else next.delete(action.id);
      return next;
    });
  }

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminTransactions });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminStats });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminAuditLog });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminSecondApprovals });
  }

  const approve = useMutation({
    mutationFn: ({ transaction, acknowledgeNoChainEvidence }: { transaction: AdminTransactionDto; acknowledgeNoChainEvidence: boolean }) =>
      approveTransaction({ id: transaction.id, acknowledgeNoChainEvidence }),
    onMutate: ({ transaction }) => {
      track({ id: transaction.id, kind: "approve" }, true);
      setUnconfirmed(null);
    },
    onSettled: (_data, _error, { transaction }) => {
      track({ id: transaction.id, kind: "approve" }, false);
      refresh();
    },
    onSuccess: (answer) => {
      // 202: a second admin must confirm it first (four eyes, decision 020); only withdrawals are, but a rule may change.
      if (isSecondApproval(answer)) toast.info(awaitingSecondApprovalMessage);
      else toast.success("Transaction approved successfully!");
    },
    onError: (error, { transaction }) => {
      // The chain state changed since the list loaded (the evidence went away): ask as for an unconfirmed deposit.
      if (error instanceof ApiError && error.code === errorCodes.chainUnconfirmed) {
        const asking = (current: AdminTransactionDto): Unconfirmed => {
          const state = current.chain?.state;
          return { transaction: current, state: state === undefined || state === "confirmed" ? null : state };
        };
        setUnconfirmed(asking(transaction));
        // The evidence as it is now, while the dialog is still open for it; the row's stays shown if that read fails.
        void queryClient.fetchQuery(adminTransactionQuery(transaction.id)).then(
          (current) => setUnconfirmed((open) => (open?.transaction.id === current.id ? asking(current) : open)),
          () => undefined,
        );
      } else if (error instanceof ApiError && error.code === errorCodes.alreadyProcessed)
        toast.warning("This transaction is already processed.");
      else if (error instanceof ApiError && error.code === errorCodes.insufficientBalance) toast.error("Insufficient balance");
      else if (isOwnAccountRefusal(error)) toast.error(error.message);
      else toast.error("Failed to approve transaction");
    },
  });

  const reject = useMutation({
    mutationFn: rejectTransaction,
    onMutate: ({ id }) => {
      track({ id, kind: "reject" }, true);
      setRejecting(null);
    },
    onSettled: (_data, _error, { id }) => {
      track({ id, kind: "reject" }, false);
      refresh();
    },
    onSuccess: () => toast.success("Transaction rejected successfully!"),
    onError: (error) => {
      if (error instanceof ApiError && error.code === errorCodes.alreadyProcessed) toast.warning("This transaction is already processed.");
      else if (isOwnAccountRefusal(error)) toast.error(error.message);
      else toast.error(`Failed to reject transaction: ${error instanceof ApiError && error.message ? error.message : "Unknown error"}`);
    },
  });

  function startApproving(t: AdminTransactionDto) {
    if (t.type === "withdraw") setPaying(t);
    else if (needsChainAcknowledgement(t)) setUnconfirmed({ transaction: t, state: t.chain?.state ?? null });
    else approve.mutate({ transaction: t, acknowledgeNoChainEvidence: false });
  }

  const filtered = filters.q !== "" || filters.type !== "all" || filters.status !== "all" || filters.chain !== "all";
  let message: ReactNode = null;
  if (transactions.isPending) message = "Loading transactions...";
  else if (transactions.isError) message = "Failed to load transactions";
  else if (transactions.data.items.length === 0)
    message = filtered ? (
      "No transactions matching the current filters"
    ) : (
      <>
        <span className="block font-medium text-foreground">No transactions found in the database.</span>
        <span className="mt-1 block">Users must first create deposit or withdraw transactions before they appear here.</span>
      </>
    );
  const items = transactions.data?.items ?? [];
  const actionsOf = (t: AdminTransactionDto) => (
    <TransactionActions
      transaction={t}
      own={t.userId === ownUserId}
      running={inFlight.get(t.id)}
      onApprove={() => startApproving(t)}
      onReject={() => setRejecting(t)}
    />
  );
  const openDetails = (t: AdminTransactionDto) => setDetailId(t.id);

  return (
    <>
      <title>Transactions · Nexapay</title>
      <PageHeader
        title="Manage Transactions"
        description="Approve or reject customers' deposits and withdrawals."
        actions={<ExportButton filters={filters} disabled={!transactions.data || transactions.data.total === 0} />}
      />
      <ListToolbar>
        <SearchField id="transactions-search" placeholder="Search by user, email, amount or method" className="lg:w-96" {...search} />
        <div className="flex flex-wrap gap-3">
          <SelectFilter id="transactions-type" label="Type" options={typeOptions} {...control("type")} />
          <SelectFilter id="transactions-status" label="Status" options={statusOptions} {...control("status")} />
          <SelectFilter id="transactions-chain" label="Chain" options={chainFilterOptions} {...control("chain")} />
        </div>
      </ListToolbar>

      <AdminList
        caption="Transactions"
        columns={columns}
        message={message}
        items={items}
        row={(t) => <TransactionRow transaction={t} actions={actionsOf(t)} onOpen={() => openDetails(t)} />}
        card={(t) => <TransactionCard transaction={t} actions={actionsOf(t)} onOpen={() => openDetails(t)} />}
      />
      <ListFooter label="Transactions pages" pageSize={pageSize} list={transactions.data} {...pager} />

      <RejectDialog
        transaction={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
      <ApproveAnywayDialog
        unconfirmed={unconfirmed}
        onClose={() => setUnconfirmed(null)}
        onApprove={() => unconfirmed && approve.mutate({ transaction: unconfirmed.transaction, acknowledgeNoChainEvidence: true })}
      />
      <PayoutReferenceDialog transaction={paying} onClose={() => setPaying(null)} onSettled={refresh} />
      <TransactionDetailDialog transactionId={detailId} onClose={() => setDetailId(null)} />
    </>
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
      {type === "deposit" ? "Deposit" : "Withdraw"}
    </span>
  );
}

/** A click on a row's own controls (approve, reject, a link) is theirs; anywhere else it opens the details. */
function fromControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest("button, a, input, select, textarea") !== null;
}

function TransactionRow({ transaction: t, actions, onOpen }: { transaction: AdminTransactionDto; actions: ReactNode; onOpen: () => void }) {
  return (
    <Tr className="cursor-pointer" onClick={(event) => !fromControl(event) && onOpen()}>
      <Td className="px-2">
        <TypeLabel type={t.type} />
      </Td>
      {/* Widths chosen so that all the columns fit 1280 px beside the sidebar (user and e-mail share one); the full
          text is the title, and the detail panel. */}
      <Td className="px-2 max-w-32">
        {/* The row opens the details on a click; this button is the way there from the keyboard. */}
        <button
          type="button"
          onClick={onOpen}
          title={`${t.username}: show details`}
          className="block max-w-full truncate rounded-sm text-left font-medium underline-offset-2 hover:underline"
        >
          {t.username}
          <span className="sr-only"> (details)</span>
        </button>
        <span className="block truncate text-xs text-muted-foreground" title={t.email}>
          {t.email}
        </span>
      </Td>
      <Td className="px-2 text-right font-medium whitespace-nowrap tabular-nums">{formatBdtAmount(t.amount)}</Td>
      <Td className="px-2 max-w-24">
        <span className="block truncate" title={t.reference ?? undefined}>
          {t.reference ? t.reference : <span className="text-muted-foreground">Not specified</span>}
        </span>
        {t.payoutReference ? (
          <span className="block truncate font-mono text-xs text-emerald-800" title={`Payout reference (TrxID): ${t.payoutReference}`}>
            <span className="sr-only">TrxID </span>
            {t.payoutReference}
          </span>
        ) : null}
      </Td>
      <Td className="px-2 whitespace-nowrap">
        <ChainEvidenceSummary chain={t.chain} />
      </Td>
      <Td className="px-2 whitespace-nowrap">
        <time dateTime={t.createdAt}>
          <span className="block">{formatShortDate(t.createdAt)}</span>
          <span className="block text-xs text-muted-foreground">{formatTime(t.createdAt)}</span>
        </time>
      </Td>
      <Td className="px-2">
        <StatusBadge status={t.status} />
        {t.status === "rejected" && t.rejectReason ? (
          <p className="mt-1 max-w-28 truncate text-xs text-muted-foreground" title={t.rejectReason}>
            {t.rejectReason}
          </p>
        ) : null}
      </Td>
      <Td className="px-2 text-right">
        <div className="flex justify-end">{actions}</div>
      </Td>
    </Tr>
  );
}

function TransactionCard({
  transaction: t,
  actions,
  onOpen,
}: {
  transaction: AdminTransactionDto;
  actions: ReactNode;
  onOpen: () => void;
}) {
  return (
    <MobileCard
      title={<TypeLabel type={t.type} />}
      aside={<StatusBadge status={t.status} />}
      actions={
        <>
          {actions}
          <RowIconButton
            label={`Details of ${t.type === "deposit" ? "deposit" : "withdrawal"} by ${t.email}`}
            tooltip="Details"
            showText
            className="ml-auto"
            onClick={onOpen}
          >
            <Info aria-hidden="true" />
          </RowIconButton>
        </>
      }
    >
      <CardField label="Amount">
        <span className="font-medium tabular-nums">{formatBdtAmount(t.amount)}</span>
      </CardField>
      <CardField label="User">{t.username}</CardField>
      <CardField label="Email">{t.email}</CardField>
      <CardField label="Method">{t.reference ? t.reference : <span className="text-muted-foreground">Not specified</span>}</CardField>
      {t.payoutReference ? (
        <CardField label="Payout reference">
          <span className="font-mono">{t.payoutReference}</span>
        </CardField>
      ) : null}
      {t.chain ? (
        <CardField label="Chain">
          <ChainEvidenceSummary chain={t.chain} />
        </CardField>
      ) : null}
      <CardField label="Date">{formatDateTime(t.createdAt)}</CardField>
      {t.status === "rejected" && t.rejectReason ? <CardField label="Reason">{t.rejectReason}</CardField> : null}
    </MobileCard>
  );
}

/**
 * Approve and Reject on a pending row (spinning and disabled while in flight); the outcome on the
 * others. On the signed-in admin's own pending row, why there is nothing to press.
 */
function TransactionActions({
  transaction: t,
  own,
  running,
  onApprove,
  onReject,
}: {
  transaction: AdminTransactionDto;
  own: boolean;
  running: Action["kind"] | undefined;
  onApprove: () => void;
  onReject: () => void;
}) {
  const busy = running !== undefined;
  if (t.status !== "pending")
    return (
      <span className={t.status === "completed" ? "text-sm font-medium text-emerald-800" : "text-sm font-medium text-red-700"}>
        {t.status === "completed" ? "Approved" : "Rejected"}
      </span>
    );
  if (own) return <OwnAccountNote />;
  return (
    <div className="flex gap-1">
      <Button
        variant="outline"
        size="icon"
        className="size-8 border-emerald-200 text-emerald-700 hover:bg-emerald-50"
        aria-label="Approve"
        title="Approve"
        disabled={busy}
        aria-busy={running === "approve" || undefined}
        onClick={onApprove}
      >
        {running === "approve" ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Check aria-hidden="true" />}
      </Button>
      <Button
        variant="outline"
        size="icon"
        className="size-8 border-red-200 text-red-700 hover:bg-red-50"
        aria-label="Reject"
        title="Reject"
        disabled={busy}
        aria-busy={running === "reject" || undefined}
        onClick={onReject}
      >
        {running === "reject" ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <X aria-hidden="true" />}
      </Button>
    </div>
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
  const [reason, setReason] = useState("");
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
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Reject transaction</DialogTitle>
          <DialogDescription>
            {transaction
              ? `${transaction.type === "deposit" ? "Deposit" : "Withdrawal"} of ${formatBdtAmount(transaction.amount)} by ${transaction.email}.`
              : null}{" "}
            {transaction?.type === "withdraw" ? "The held amount becomes available to the customer again." : null}
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
          <FormField id="reject-reason" label="Reason (optional)">
            <Textarea id="reject-reason" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive">
              Reject transaction
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Approve anyway" for a deposit the running watcher has not confirmed: the admin says they checked
 * the transfer themselves, and only then is it approved with acknowledgeNoChainEvidence.
 */
function ApproveAnywayDialog({
  unconfirmed,
  onClose,
  onApprove,
}: {
  unconfirmed: Unconfirmed | null;
  onClose: () => void;
  onApprove: () => void;
}) {
  const t = unconfirmed?.transaction;
  return (
    <Dialog open={unconfirmed !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Approve without chain evidence?</DialogTitle>
          <DialogDescription>{messages.chainUnconfirmed}</DialogDescription>
        </DialogHeader>
        {t ? (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">Deposit</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {formatBdtAmount(t.amount)}
              {t.usdtAmount ? ` (${t.usdtAmount} USDT)` : ""} by {t.email}
            </dd>
            <dt className="text-muted-foreground">Chain</dt>
            <dd>{unconfirmed.state ? <ChainStateBadge state={unconfirmed.state} /> : "Changed since the list loaded"}</dd>
            {t.chain?.transfer && unconfirmed.state === "amount_differs" ? (
              <>
                <dt className="text-muted-foreground">Received</dt>
                <dd className="tabular-nums">{t.chain.transfer.amount} USDT</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onApprove}>Approve anyway</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Every row of the current filter as CSV, fetched 100 at a time and saved by the browser. */
function ExportButton({ filters, disabled }: { filters: Filters; disabled: boolean }) {
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
      toast.success(`Exported ${rows.length} transaction${rows.length === 1 ? "" : "s"}`);
    } catch {
      toast.error("Failed to export transactions");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" onClick={() => void exportCsv()} disabled={disabled || busy}>
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
      {busy ? "Exporting..." : "Export CSV"}
    </Button>
  );
}
