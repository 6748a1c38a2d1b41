// What Manage Transactions does between the list and its dialogs (decision 021): the selected row and
// where it goes after a decision, rejecting, the dialog each decision opens, and the queue's keys.
import { useLingui } from "@lingui/react/macro";
import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { errorCodes } from "#shared/api-error.ts";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import { isOwnAccountRefusal, useOwnUserId } from "../components/own-account.tsx";
import { useSecondApprovalDecisions } from "../second-approvals/second-approval-actions.tsx";
import { ownRequestNote, secondApprovalOfRow, transactionStageOf } from "../second-approvals/second-approvals.ts";
import { movedSelection, selectionAfterDecision, type QueueShortcut } from "../shell/queue.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { rejectTransaction, type fetchAdminTransactions } from "./transactions-api.ts";
import { queryKeys } from "../../../lib/live-updates.ts";
import { toast } from "../../../lib/toast.tsx";
import { useQueueShortcuts } from "./queue-keys.tsx";
import type { TransactionHandlers } from "./transaction-actions.tsx";

type TransactionsAnswer = UseQueryResult<Awaited<ReturnType<typeof fetchAdminTransactions>>>;

/** After a decision every list that shows it is read again: transactions, the dashboard, the audit log, second approvals. */
function useRefreshLists(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminTransactions });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminStats });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminAuditLog });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminSecondApprovals });
  };
}

/** The selected row, moved by the keys and kept in place across a decision. */
function useQueueSelection(transactions: TransactionsAnswer) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** The decision whose list is being read again: the selection then moves to the row that took its place. */
  const afterDecision = useRef<{ id: string; before: string[]; at: number } | null>(null);
  const items = transactions.data?.items ?? [];
  const itemsNow = useRef(items);
  useEffect(() => {
    itemsNow.current = items;
  });
  const selectedIndex = items.findIndex((t) => t.id === selectedId);

  function selectRow(id: string | null) {
    setSelectedId(id);
    if (id) document.querySelector(`[data-row-id="${id}"]`)?.scrollIntoView({ block: "nearest" });
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

  /** j and k: the next or previous row; a decision waiting to move the selection no longer does. */
  function move(step: 1 | -1) {
    afterDecision.current = null;
    const index = movedSelection(selectedIndex >= 0 ? selectedIndex : null, items.length, step);
    selectRow(index === null ? null : (items[index]?.id ?? null));
  }
  const selected = selectedIndex >= 0 ? items[selectedIndex] : undefined;
  return { selectedId, setSelectedId, selected, decided, move };
}

/** Rejecting: the dialog's transaction, the rows being rejected now (their buttons wait), and the call. */
function useRejection(decided: (id: string) => void, refresh: () => void) {
  const { t: tr } = useLingui();
  const [rejecting, setRejecting] = useState<AdminTransactionDto | null>(null);
  const [rejectingIds, setRejectingIds] = useState<ReadonlySet<string>>(new Set());

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
  return { rejecting, setRejecting, rejectingIds, reject };
}

/** The list's state and every decision's way in: buttons, the details panel and the keys. */
export function useTransactionsQueue(transactions: TransactionsAnswer) {
  const refresh = useRefreshLists();
  const ownUserId = useOwnUserId();
  const selection = useQueueSelection(transactions);
  const rejection = useRejection(selection.decided, refresh);
  /** The transaction whose approval the admin is confirming: nothing moves until they press the dialog's button. */
  const [approving, setApproving] = useState<AdminTransactionDto | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  // Confirm and Decline of a row's four-eyes request: the same dialogs and words as the Second approvals page.
  const secondDecisions = useSecondApprovalDecisions({
    onDecided: (request) => {
      if (request.transactionId) selection.decided(request.transactionId);
    },
  });
  /** A decision's dialog opens over the list: the details panel (if open) closes, and the row is the selection. */
  function openDecision(t: AdminTransactionDto, open: () => void) {
    setDetailId(null);
    selection.setSelectedId(t.id);
    open();
  }
  function withRequest(t: AdminTransactionDto, open: (request: SecondApprovalDto) => void) {
    const request = secondApprovalOfRow(t);
    if (request) open(request);
  }
  const handlers: TransactionHandlers = {
    onApprove: (t) => openDecision(t, () => setApproving(t)),
    onPay: (t) => openDecision(t, () => setApproving(t)),
    onReject: (t) => openDecision(t, () => rejection.setRejecting(t)),
    onConfirm: (t) => openDecision(t, () => withRequest(t, secondDecisions.openConfirm)),
    onDecline: (t) => openDecision(t, () => withRequest(t, secondDecisions.openDecline)),
  };
  const openDetails = (t: AdminTransactionDto) => {
    selection.setSelectedId(t.id);
    setDetailId(t.id);
  };
  const queue = { ...selection, ...rejection, ownUserId, handlers, refresh, openDetails, secondDecisions };
  const dialogs = { approving, setApproving, detailId, setDetailId, helpOpen, setHelpOpen };
  useQueueShortcuts(useShortcutRunner(queue, dialogs));
  return { ...queue, ...dialogs };
}

type Queue = {
  selected: AdminTransactionDto | undefined;
  move: (step: 1 | -1) => void;
  ownUserId: string | null;
  rejectingIds: ReadonlySet<string>;
  handlers: TransactionHandlers;
};

/** What each key does: the same dialogs as the buttons, at the row's stage; a key never moves money by itself. */
function useShortcutRunner(queue: Queue, dialogs: { setDetailId: (id: string) => void; setHelpOpen: (open: boolean) => void }) {
  const { t: tr, i18n } = useLingui();
  const { selected, ownUserId, handlers } = queue;
  /** Approve and Reject are offered on a pending row that is not the signed-in admin's own (decision 013). */
  const decidable = (t: AdminTransactionDto) => t.status === "pending" && t.userId !== ownUserId && !queue.rejectingIds.has(t.id);
  return (shortcut: QueueShortcut) => {
    if (shortcut === "help") return dialogs.setHelpOpen(true);
    if (shortcut === "next" || shortcut === "previous") return queue.move(shortcut === "next" ? 1 : -1);
    if (!selected) return toast.info(tr`Select a row first: j moves down the list, k moves up.`);
    if (shortcut === "open") return dialogs.setDetailId(selected.id);
    if (!decidable(selected)) return toast.info(tr`The selected row has nothing to approve or reject.`);
    const stage = transactionStageOf(selected);
    const mine = selected.secondApproval?.requestedBy.id === ownUserId;
    if (shortcut === "approve") {
      if (stage === "awaiting" && mine) return toast.info(i18n._(ownRequestNote));
      if (stage === "awaiting") handlers.onConfirm(selected);
      else if (stage === "ready") handlers.onPay(selected);
      else handlers.onApprove(selected);
    } else if (stage === "awaiting") handlers.onDecline(selected);
    else handlers.onReject(selected);
  };
}
