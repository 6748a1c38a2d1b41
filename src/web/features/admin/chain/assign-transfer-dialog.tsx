import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useState } from "react";
import type { AdminTransactionDto, ChainTransferDto } from "#shared/admin-schemas.ts";
import { assignTransferSchema } from "#shared/admin-schemas.ts";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { cn } from "@/lib/class-names.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { toast } from "@/lib/toast.tsx";
import { adminTransactionQuery, adminTransactionsQuery } from "@/features/admin/transactions/transactions-api.ts";
import { assignTransfer } from "./chain-api.ts";
import { formatDateTime } from "@/features/admin/shell/admin-format.ts";
import { amountRelationOf, assignBlockOf, looksLikeTransactionId, rankedCandidates, type AssignBlock } from "./assign-transfer.ts";
import { usdtText } from "./chain-evidence.ts";
import { ChainStateBadge, ExpiredBadge, PayAmount, TxidLink } from "./chain-evidence-view.tsx";
import { useDebouncedValue } from "@/features/admin/components/list-controls.tsx";
import { ownAccountNote, useOwnUserId } from "@/features/admin/components/own-account.tsx";

const candidatesShown = 10;

/**
 * Assign to a request (decision 038): an admin gives an unclaimed transfer to the deposit request it
 * belongs to (a customer who sent the round amount, or sent late), with a reason the audit log keeps.
 * The admin finds the request by the customer's username, e-mail or amount among pending deposits, or
 * pastes its id (the reference on the customer's receipt). Nothing moves: the request then shows the
 * transfer as its evidence and is approved as any other. `transfer` null keeps it closed.
 */
export function AssignTransferDialog({ transfer, onClose }: { transfer: ChainTransferDto | null; onClose: () => void }) {
  return (
    <Dialog open={transfer !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Assign to a request</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Give this transfer to the deposit request it belongs to. No money moves: the request is then approved as any other.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        {transfer ? <AssignForm key={transfer.id} transfer={transfer} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({ transfer, onClose }: { transfer: ChainTransferDto; onClose: () => void }) {
  const { t: tr } = useLingui();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [choiceError, setChoiceError] = useState<string | undefined>(undefined);
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const candidates = useCandidates(search, transfer.amount);
  // A choice the search no longer shows is no choice.
  const chosen = candidates.items.find((t) => t.id === chosenId) ?? null;

  const assign = useMutation({
    mutationFn: (input: { transactionId: string; reason: string }) => assignTransfer({ transferId: transfer.id, ...input }),
    onSuccess: () => {
      toast.success(tr`Transfer assigned`);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.reason) setReasonError(error.fields.reason);
      else setProblem(errorMessage(error, tr`Failed to assign the transfer`));
    },
    // The transfer leaves Unclaimed transfers, and the request shows its evidence (both under the transactions' key).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.adminTransactions }),
  });

  function submit() {
    setProblem(null);
    if (chosen === null) {
      setChoiceError(tr`Choose the request this transfer belongs to.`);
      return;
    }
    const parsed = assignTransferSchema.safeParse({ transactionId: chosen.id, reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === "reason") setReasonError(issue.message);
      else setProblem(tr`Choose the request this transfer belongs to.`);
      return;
    }
    assign.mutate(parsed.data);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset disabled={assign.isPending} className="grid min-w-0 gap-4">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-lg border border-border bg-slate-50 p-3 text-sm">
          <dt className="text-muted-foreground">
            <Trans>Amount</Trans>
          </dt>
          <dd className="font-medium tabular-nums">{usdtText(transfer.amount)}</dd>
          <dt className="text-muted-foreground">
            <Trans>From</Trans>
          </dt>
          <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{transfer.fromAddress}</dd>
          <dt className="text-muted-foreground">TXID</dt>
          <dd className="min-w-0">
            <TxidLink txid={transfer.txid} short />
          </dd>
          <dt className="text-muted-foreground">
            <Trans>Received</Trans>
          </dt>
          <dd>
            <time dateTime={transfer.blockTime}>{formatDateTime(transfer.blockTime)}</time>
          </dd>
        </dl>

        <FormField
          id="assign-search"
          label={tr`Find the request`}
          hint={tr`Pending deposits with no transfer, newest first; those of this transfer's amount come first. A request's id is the reference on the customer's receipt.`}
        >
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <Input
              id="assign-search"
              type="search"
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              placeholder={tr`Username, email, amount or request id`}
              className="pl-9"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setChoiceError(undefined);
              }}
            />
          </div>
        </FormField>

        <Candidates
          items={candidates.items}
          message={candidates.message}
          transferAmount={transfer.amount}
          chosenId={chosen?.id ?? null}
          onChoose={(id) => {
            setChosenId(id);
            setChoiceError(undefined);
          }}
          error={choiceError}
        />

        <FormField
          id="assign-reason"
          label={tr`Reason`}
          error={reasonError}
          hint={tr`Why this transfer belongs to this request, for the audit log (e.g. the customer sent the round amount and showed their wallet's receipt).`}
        >
          <Textarea
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
            {...controlProps("assign-reason", reasonError)}
          />
        </FormField>
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">{assign.isPending ? tr`Assigning...` : tr`Assign transfer`}</Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}

/**
 * The requests to choose from: the one a pasted id names, or pending deposits that match the search
 * (those with a transfer already, and anything but a customer's deposit, left out), at most ten, those
 * of the transfer's amount first. `message` replaces them while loading, on an error or when none match.
 */
function useCandidates(search: string, transferAmount: string): { items: AdminTransactionDto[]; message: string | null } {
  const { t: tr } = useLingui();
  const ownUserId = useOwnUserId();
  const q = useDebouncedValue(search.trim());
  const byId = looksLikeTransactionId(q);
  const one = useQuery({ ...adminTransactionQuery(q.toLowerCase()), enabled: byId, retry: false });
  const list = useQuery({
    ...adminTransactionsQuery({
      q,
      type: "deposit",
      status: "pending",
      chain: "all",
      sort: "createdAt",
      direction: "desc",
      page: 1,
      pageSize: 25,
    }),
    enabled: !byId,
  });
  if (byId) {
    if (one.isPending) return { items: [], message: tr`Loading requests...` };
    if (one.isError)
      return {
        items: [],
        message: one.error instanceof ApiError && one.error.status === 404 ? tr`No request has this id.` : tr`Failed to load the requests`,
      };
    return { items: [one.data], message: null };
  }
  if (list.isPending) return { items: [], message: tr`Loading requests...` };
  if (list.isError) return { items: [], message: tr`Failed to load the requests` };
  // Confirmed ones have their transfer already; the server answers for the rest.
  const open = list.data.items.filter((t) => {
    const block = assignBlockOf(t, ownUserId);
    return block === null || block === "own";
  });
  const items = rankedCandidates(open, transferAmount).slice(0, candidatesShown);
  return { items, message: items.length === 0 ? tr`No pending deposit without a transfer matches.` : null };
}

/** The candidates as radio buttons, each with what tells requests apart: customer, amounts, age, chain state. */
function Candidates({
  items,
  message,
  transferAmount,
  chosenId,
  onChoose,
  error,
}: {
  items: readonly AdminTransactionDto[];
  message: string | null;
  transferAmount: string;
  chosenId: string | null;
  onChoose: (id: string) => void;
  error: string | undefined;
}) {
  const { t: tr } = useLingui();
  const ownUserId = useOwnUserId();
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? "assign-request-error" : undefined}>
      <legend className="mb-2 text-sm font-medium">
        <Trans>Deposit request</Trans>
      </legend>
      {message ? (
        <p role="status" className="rounded-lg border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">
          {message}
        </p>
      ) : (
        <ul className="grid max-h-72 gap-2 overflow-y-auto" aria-label={tr`Requests`}>
          {items.map((t) => (
            <li key={t.id}>
              <Candidate
                transaction={t}
                block={assignBlockOf(t, ownUserId)}
                relation={amountRelationOf(t, transferAmount)}
                chosen={t.id === chosenId}
                onChoose={() => onChoose(t.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id="assign-request-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Candidate({
  transaction: t,
  block,
  relation,
  chosen,
  onChoose,
}: {
  transaction: AdminTransactionDto;
  block: AssignBlock | null;
  relation: "pay" | "asked" | null;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { t: tr, i18n } = useLingui();
  const id = `assign-request-${t.id}`;
  const blockText: Record<AssignBlock, string> = {
    not_customer_deposit: tr`Not a customer's deposit request.`,
    rejected: tr`Rejected: it cannot take a transfer.`,
    has_transfer: tr`It has a transfer already.`,
    own: i18n._(ownAccountNote),
  };
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 text-sm",
        chosen && "border-sky-600 bg-sky-50",
        block !== null && "cursor-not-allowed opacity-80",
      )}
    >
      <input
        id={id}
        type="radio"
        name="assign-request"
        value={t.id}
        checked={chosen}
        disabled={block !== null}
        onChange={onChoose}
        className="mt-1 size-4 shrink-0 accent-sky-700"
      />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="min-w-0 font-medium [overflow-wrap:anywhere]">
            {t.username} · <span className="font-normal text-muted-foreground">{t.email}</span>
          </span>
          <time dateTime={t.createdAt} className="text-xs text-muted-foreground">
            {formatDateTime(t.createdAt)}
          </time>
        </span>
        <CandidateAmounts transaction={t} relation={relation} />
        <span className="font-mono text-xs break-all text-muted-foreground">
          <span className="sr-only">{tr`Request id`} </span>
          {t.id}
        </span>
        {block !== null ? <span className="text-xs text-muted-foreground">{blockText[block]}</span> : null}
      </span>
    </label>
  );
}

/** What the request asked for and must pay, its chain state, and whether the transfer's amount equals one of them. */
function CandidateAmounts({ transaction: t, relation }: { transaction: AdminTransactionDto; relation: "pay" | "asked" | null }) {
  const { t: tr } = useLingui();
  const asked = t.usdtAmount ? usdtText(t.usdtAmount) : null;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
      {asked ? (
        <span className="tabular-nums">
          <Trans>
            Asked for <span className="font-medium text-foreground">{asked}</span>
          </Trans>
        </span>
      ) : null}
      {t.payAmount ? <PayAmount payAmount={t.payAmount} /> : null}
      {t.chain ? <ChainStateBadge state={t.chain.state} /> : null}
      {t.expired ? <ExpiredBadge /> : null}
      {relation === "pay" ? <Badge tone="info">{tr`Same as its pay amount`}</Badge> : null}
      {relation === "asked" ? <Badge tone="info">{tr`Same as the amount asked for`}</Badge> : null}
    </span>
  );
}
