import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type ReactNode } from "react";
import { toast } from "@/lib/toast.tsx";
import { z } from "zod";
import { approveAnywayReasonMessage, type AdminTransactionDto, type ChainState } from "#shared/admin-schemas.ts";
import { errorCodes, messages } from "#shared/api-error.ts";
import { payoutReferenceSchema } from "#shared/wallet-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { trxIdLabel, withdrawalMethodOf } from "@/lib/payout.ts";
import { adminTransactionQuery, approveTransaction, type ApproveTransactionInput } from "./transactions-api.ts";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";
import { needsChainAcknowledgement, payAmountText, sentFromAnotherAddress, usdtText } from "@/features/admin/chain/chain-evidence.ts";
import {
  awaitingSecondApprovalMessage,
  depositAwaitingSecondApprovalMessage,
  isSecondApproval,
  transactionStageOf,
} from "@/features/admin/second-approvals/second-approvals.ts";
import {
  ChainStateBadge,
  DepositWindow,
  RequestFromAddress,
  SenderFrozenBadge,
  TxidLink,
} from "@/features/admin/chain/chain-evidence-view.tsx";
import { CopyableAmount, PayoutDestination } from "@/features/admin/components/copy-value.tsx";
import { DecisionFacts } from "./decision-facts.tsx";
import { focusInitial, initialFocus } from "@/features/admin/components/initial-focus.ts";
import { isOwnAccountRefusal } from "@/features/admin/components/own-account.tsx";
import { WithdrawalRiskFacts } from "./withdrawal-risk.tsx";
import { serverMessageText } from "@/lib/server-messages.ts";

// The back office asks for the TrxID, so it is required here (the API takes an approval without one).
const payoutFormSchema = z.object({ payoutReference: payoutReferenceSchema });
const reasonMax = 500;

type DialogProps = {
  transaction: AdminTransactionDto;
  onClose: () => void;
  /** The server took the decision (200 or 202): the queue moves its selection on. */
  onDecided?: (id: string) => void;
  onSettled: () => void;
};

/**
 * The one way to approve a transaction in the back office: nothing moves until the admin has read
 * what is about to happen, with the facts beside it, and pressed the dialog's button (decisions 021, 040).
 * - A withdrawal below the four-eyes threshold: the admin pays the customer through bKash, Nagad or
 *   Upay, then types that provider's transaction ID (TrxID), checked here and again by the server.
 * - A withdrawal at or above it: first a second admin must confirm, and nobody pays before that. This
 *   dialog asks for no TrxID then; it creates the request (202). Once confirmed ("Ready to pay"), any
 *   admin pays it here with the TrxID.
 * - A deposit: the USDT amount and the TRON transfer. One whose transfer differs offers first to credit
 *   what arrived; approving the claimed amount, or one nothing was seen for ("Approve anyway"), needs a
 *   written reason, and at or above the threshold a second admin's confirmation.
 */
export function ApproveTransactionDialog({
  transaction,
  ...props
}: Omit<DialogProps, "transaction"> & { transaction: AdminTransactionDto | null }) {
  return (
    <Dialog open={transaction !== null} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="max-w-lg" onOpenAutoFocus={focusInitial}>
        {transaction?.type === "withdraw" ? (
          <WithdrawalApproval key={transaction.id} transaction={transaction} {...props} />
        ) : transaction ? (
          <DepositApproval key={transaction.id} transaction={transaction} {...props} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The facts beside the decision, from the transaction's detail (fetched once the dialog opens). */
function FactsOf({ id }: { id: string }) {
  const { t } = useLingui();
  const detail = useQuery(adminTransactionQuery(id));
  if (detail.isPending)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {t`Loading the customer's facts...`}
      </p>
    );
  if (detail.isError || !detail.data.facts) return null;
  return <DecisionFacts facts={detail.data.facts} />;
}

function Term({ children }: { children: ReactNode }) {
  return <dt className="text-muted-foreground">{children}</dt>;
}

/** Amount, destination and customer of a withdrawal, with copy buttons for what is typed into the provider's app. */
function WithdrawalSummary({ t }: { t: AdminTransactionDto }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-1.5 text-sm">
      <Term>
        <Trans>Amount</Trans>
      </Term>
      <dd>
        <CopyableAmount amount={t.amount} className="font-medium" />
      </dd>
      <Term>
        <Trans>Pay to</Trans>
      </Term>
      <dd className="min-w-0 [overflow-wrap:anywhere]">
        <PayoutDestination reference={t.reference} />
      </dd>
      <Term>
        <Trans>Customer</Trans>
      </Term>
      <dd className="min-w-0 [overflow-wrap:anywhere]">
        {t.username} · {t.email}
      </dd>
      {/* Decision 039: the facts beside the decision, read before paying. */}
      {t.risk ? (
        <>
          <Term>
            <Trans>Risk facts</Trans>
          </Term>
          <dd className="min-w-0">
            <WithdrawalRiskFacts risk={t.risk} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** A withdrawal at its stage: ask for a second admin first (four eyes), or pay and record the TrxID. */
function WithdrawalApproval(props: DialogProps) {
  const t = props.transaction;
  const stage = transactionStageOf(t);
  // The server may say four eyes are needed after all (the admin's own decisions today reached the threshold).
  const [askSecond, setAskSecond] = useState<{ why: string | null } | null>(() =>
    stage === "pending" && t.fourEyes ? { why: null } : null,
  );
  if (askSecond) return <SecondApprovalRequest {...props} why={askSecond.why} />;
  return <PayoutForm {...props} ready={stage === "ready"} onNeedsSecondAdmin={(why) => setAskSecond({ why })} />;
}

function SecondApprovalRequest({ transaction: t, onClose, onDecided, onSettled, why }: DialogProps & { why: string | null }) {
  const { t: tr, i18n } = useLingui();
  const [problem, setProblem] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: () => approveTransaction({ id: t.id }),
    onSuccess: (answer) => {
      if (isSecondApproval(answer)) toast.info(i18n._(awaitingSecondApprovalMessage));
      else toast.success(tr`Transaction approved successfully!`);
      onDecided?.(t.id);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === errorCodes.alreadyProcessed) {
        toast.warning(tr`This transaction is already processed.`);
        onClose();
      } else if (isOwnAccountRefusal(error)) setProblem(error.shownMessage);
      else setProblem(errorMessage(error, tr`Failed to send the request for a second approval`));
    },
    onSettled,
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Approve withdrawal</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>A second admin must confirm before anyone pays.</Trans>{" "}
          <Trans>Do not pay the customer yet: once a second admin has confirmed, the withdrawal shows Ready to pay.</Trans>
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          request.mutate();
        }}
      >
        <fieldset disabled={request.isPending} className="grid gap-4">
          {why ? <Notice tone="error">{why}</Notice> : null}
          <WithdrawalSummary t={t} />
          <FactsOf id={t.id} />
          {problem ? <Notice tone="error">{problem}</Notice> : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" {...initialFocus}>
              {request.isPending ? tr`Sending...` : tr`Request second approval`}
            </Button>
          </DialogFooter>
        </fieldset>
      </form>
    </>
  );
}

function PayoutForm({
  transaction: t,
  onClose,
  onDecided,
  onSettled,
  ready,
  onNeedsSecondAdmin,
}: DialogProps & { ready: boolean; onNeedsSecondAdmin: (why: string) => void }) {
  const { t: tr } = useLingui();
  const method = withdrawalMethodOf(t.reference);
  const label = trxIdLabel(method);
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmer = t.secondApproval?.decidedBy?.username ?? "";

  const approve = useMutation({
    mutationFn: (payoutReference: string) => approveTransaction({ id: t.id, payoutReference }),
    onSuccess: (answer) => {
      if (isSecondApproval(answer)) {
        // Not expected with a TrxID (the server answers 409 first), but never read as paid.
        onNeedsSecondAdmin(tr`A second admin must confirm before anyone pays.`);
        return;
      }
      toast.success(ready ? tr`Paid: the withdrawal is completed.` : tr`Transaction approved successfully!`);
      onDecided?.(t.id);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === errorCodes.payoutReferenceUsed) setFieldError(error.shownMessage);
      else if (error instanceof ApiError && error.code === errorCodes.awaitingSecondApproval) onNeedsSecondAdmin(error.shownMessage);
      else if (error instanceof ApiError && error.shownFields.payoutReference) setFieldError(error.shownFields.payoutReference);
      else if (error instanceof ApiError && error.code === errorCodes.alreadyProcessed) {
        toast.warning(tr`This transaction is already processed.`);
        onClose();
      } else if (isOwnAccountRefusal(error)) setProblem(error.shownMessage);
      else setProblem(errorMessage(error, tr`Failed to approve transaction`));
    },
    onSettled,
  });

  function submit() {
    setProblem(null);
    const parsed = payoutFormSchema.safeParse({ payoutReference: text });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    approve.mutate(parsed.data.payoutReference);
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{ready ? tr`Pay withdrawal` : tr`Approve withdrawal`}</DialogTitle>
        <DialogDescription>
          {ready ? (
            <>
              <Trans>Ready to pay: {confirmer} confirmed it as the second admin.</Trans>{" "}
            </>
          ) : null}
          <Trans>Pay the customer first, then enter the transaction ID the wallet provider gave you.</Trans>
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset disabled={approve.isPending} className="grid gap-4">
          <WithdrawalSummary t={t} />
          <FactsOf id={t.id} />
          <FormField
            id="payout-reference"
            label={label}
            error={fieldError}
            hint={tr`${formatCount(8)} to ${formatCount(20)} letters and digits, as on the provider's receipt`}
          >
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              placeholder={tr`e.g. 9K3LQ2PA7X`}
              className="font-mono uppercase placeholder:normal-case"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setFieldError(undefined);
              }}
              {...controlProps("payout-reference", fieldError)}
              {...initialFocus}
            />
          </FormField>
          {problem ? <Notice tone="error">{problem}</Notice> : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit">{approve.isPending ? tr`Approving...` : ready ? tr`Record payment` : tr`Approve withdrawal`}</Button>
          </DialogFooter>
        </fieldset>
      </form>
    </>
  );
}

/** The chain state the admin is asked to look past; null once the list's state has changed to confirmed since. */
type Acknowledging = { state: ChainState | null };
/** A deposit whose transfer differs: credit what arrived (offered first), or the amount claimed. */
type Credit = "received" | "claimed";

function acknowledgingOf(t: AdminTransactionDto): Acknowledging | null {
  if (!needsChainAcknowledgement(t)) return null;
  return { state: t.chain?.state ?? null };
}

/** The body of the approval the admin chose: nothing moves on the server without these words. */
function depositApprovalInput(
  id: string,
  acknowledging: Acknowledging | null,
  credit: Credit | null,
  reason: string,
): ApproveTransactionInput {
  if (credit === "received") return { id, credit: "received" };
  if (acknowledging) return { id, acknowledgeNoChainEvidence: true, reason: reason.trim() };
  return { id };
}

function DepositApproval({ transaction, onClose, onDecided, onSettled }: DialogProps) {
  const { t: tr, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [t, setT] = useState(transaction);
  const [acknowledging, setAcknowledging] = useState<Acknowledging | null>(() => acknowledgingOf(transaction));
  const state = acknowledging ? acknowledging.state : (t.chain?.state ?? null);
  const differs = state === "amount_differs" && t.receivedCredit !== null;
  const [credit, setCredit] = useState<Credit>("received");
  const chosen: Credit | null = differs ? credit : null;
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const anyway = acknowledging !== null && chosen !== "received";
  const received = t.receivedCredit ? formatBdtAmount(t.receivedCredit) : "";

  const approve = useMutation({
    mutationFn: (input: ApproveTransactionInput) => approveTransaction(input),
    onSuccess: (answer) => {
      if (isSecondApproval(answer)) toast.info(i18n._(depositAwaitingSecondApprovalMessage));
      else if (chosen === "received") toast.success(tr`Credited what arrived: ${received}.`);
      else toast.success(tr`Transaction approved successfully!`);
      onDecided?.(t.id);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === errorCodes.chainUnconfirmed) {
        // The evidence went away since the list loaded: ask as for an unconfirmed deposit, with the state as it is now.
        const now = t.chain?.state;
        setAcknowledging({ state: now === undefined || now === "confirmed" ? null : now });
        void queryClient.fetchQuery(adminTransactionQuery(t.id)).then(
          (current) => {
            setT(current);
            const latest = current.chain?.state;
            setAcknowledging({ state: latest === undefined || latest === "confirmed" ? null : latest });
          },
          () => undefined,
        );
      } else if (error instanceof ApiError && error.shownFields.reason) setReasonError(error.shownFields.reason);
      else if (error instanceof ApiError && error.code === errorCodes.alreadyProcessed) {
        toast.warning(tr`This transaction is already processed.`);
        onClose();
      } else if (error instanceof ApiError && error.code === errorCodes.insufficientBalance) setProblem(tr`Insufficient balance`);
      else if (isOwnAccountRefusal(error)) setProblem(error.shownMessage);
      else setProblem(errorMessage(error, tr`Failed to approve transaction`));
    },
    onSettled,
  });

  function submit() {
    setProblem(null);
    if (anyway && reason.trim() === "") {
      setReasonError(approveAnywayReasonMessage);
      reasonRef.current?.focus();
      return;
    }
    approve.mutate(depositApprovalInput(t.id, acknowledging, chosen, reason));
  }

  let button = tr`Approve deposit`;
  if (approve.isPending) button = tr`Approving...`;
  else if (chosen === "received") button = tr`Credit ${received}`;
  else if (anyway) button = t.fourEyes ? tr`Request second approval` : tr`Approve anyway`;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{acknowledging ? tr`Approve without chain evidence?` : tr`Approve deposit`}</DialogTitle>
        <DialogDescription>
          {differs
            ? tr`The transfer that arrived differs from the amount to pay. Credit what arrived, or approve the amount claimed with a reason.`
            : acknowledging
              ? serverMessageText(messages.chainUnconfirmed)
              : tr`The amount is added to the customer's balance when you approve.`}
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset disabled={approve.isPending} className="grid gap-4">
          <DepositSummary t={t} acknowledging={acknowledging} />
          {differs ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">
                <Trans>What to credit</Trans>
              </legend>
              <CreditChoice name="credit" value="received" checked={credit === "received"} onChoose={setCredit}>
                {tr`Credit what arrived (${received})`}
              </CreditChoice>
              <CreditChoice
                name="credit"
                value="claimed"
                checked={credit === "claimed"}
                onChoose={(value) => {
                  setCredit(value);
                  // The reason is what there is to fill now.
                  setTimeout(() => reasonRef.current?.focus(), 0);
                }}
              >
                {tr`Approve anyway (the amount claimed, ${formatBdtAmount(t.amount)})`}
              </CreditChoice>
            </fieldset>
          ) : null}
          {anyway ? (
            <>
              <FormField
                id="approve-anyway-reason"
                label={tr`Why you approve it without the chain's confirmation`}
                error={reasonError}
                hint={tr`Required. Recorded in the audit trail and shown in the details.`}
              >
                <Textarea
                  ref={reasonRef}
                  rows={3}
                  maxLength={reasonMax}
                  value={reason}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setReasonError(undefined);
                  }}
                  required
                  {...controlProps("approve-anyway-reason", reasonError)}
                  {...(differs ? {} : initialFocus)}
                />
              </FormField>
              {t.fourEyes ? (
                <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  <Trans>A second admin must confirm before the deposit is credited.</Trans>
                </p>
              ) : null}
            </>
          ) : null}
          <FactsOf id={t.id} />
          {problem ? <Notice tone="error">{problem}</Notice> : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" {...(anyway && !differs ? {} : initialFocus)}>
              {button}
            </Button>
          </DialogFooter>
        </fieldset>
      </form>
    </>
  );
}

function CreditChoice({
  name,
  value,
  checked,
  onChoose,
  children,
}: {
  name: string;
  value: Credit;
  checked: boolean;
  onChoose: (value: Credit) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50">
      <input type="radio" name={name} value={value} checked={checked} onChange={() => onChoose(value)} className="mt-0.5 size-4" />
      <span>{children}</span>
    </label>
  );
}

function DepositSummary({ t, acknowledging }: { t: AdminTransactionDto; acknowledging: Acknowledging | null }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      <Term>
        <Trans>Amount</Trans>
      </Term>
      <dd className="font-medium tabular-nums">
        {formatBdtAmount(t.amount)}
        {/* The credit is the amount to pay at the rate (decision 038); older requests have only the amount asked for. */}
        {!t.payAmount && t.usdtAmount ? ` (${usdtText(t.usdtAmount)})` : ""}
      </dd>
      {t.payAmount ? (
        <>
          <Term>
            <Trans>Pay amount</Trans>
          </Term>
          <dd className="font-medium tabular-nums">{payAmountText(t.payAmount)}</dd>
        </>
      ) : null}
      {t.expiresAt ? (
        <>
          <Term>
            <Trans>Window</Trans>
          </Term>
          <dd>
            <DepositWindow transaction={t} />
          </dd>
        </>
      ) : null}
      <Term>
        <Trans>Customer</Trans>
      </Term>
      <dd className="min-w-0 [overflow-wrap:anywhere]">
        {t.username} · {t.email}
      </dd>
      <Term>
        <Trans>From (TRON)</Trans>
      </Term>
      <dd className="min-w-0">
        <RequestFromAddress fromAddress={t.fromAddress} />
      </dd>
      {t.txid ? (
        <>
          <Term>TXID</Term>
          <dd className="min-w-0">
            <TxidLink txid={t.txid} short />
          </dd>
        </>
      ) : null}
      <ChainFacts t={t} acknowledging={acknowledging} />
    </dl>
  );
}

/** The deposit's chain state as the approval sees it now, what arrived when it differs, and a sender other than the one given. */
function ChainFacts({ t, acknowledging }: { t: AdminTransactionDto; acknowledging: Acknowledging | null }) {
  const { t: tr } = useLingui();
  return (
    <>
      <Term>
        <Trans>Chain</Trans>
      </Term>
      <dd>
        {acknowledging && acknowledging.state === null ? (
          tr`Changed since the list loaded`
        ) : t.chain ? (
          <span className="inline-flex flex-wrap gap-1">
            <ChainStateBadge state={acknowledging?.state ?? t.chain.state} />
            <SenderFrozenBadge senderBlacklisted={t.chain.transfer?.senderBlacklisted} />
          </span>
        ) : (
          tr`Not checked`
        )}
      </dd>
      {t.chain?.transfer && (acknowledging?.state ?? t.chain.state) === "amount_differs" ? (
        <>
          <Term>
            <Trans>Received</Trans>
          </Term>
          <dd className="tabular-nums">{usdtText(t.chain.transfer.amount)}</dd>
        </>
      ) : null}
      {t.chain?.transfer && sentFromAnotherAddress(t) ? (
        <>
          <Term>
            <Trans>Sent from another address</Trans>
          </Term>
          <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{t.chain.transfer.fromAddress}</dd>
        </>
      ) : null}
    </>
  );
}
