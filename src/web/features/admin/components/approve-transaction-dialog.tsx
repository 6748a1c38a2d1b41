import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/lib/toast.tsx";
import { z } from "zod";
import type { AdminTransactionDto, ChainState } from "#shared/admin-schemas.ts";
import { errorCodes, messages } from "#shared/api-error.ts";
import { payoutReferenceSchema } from "#shared/wallet-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { trxIdLabel, withdrawalMethodOf } from "@/lib/payout.ts";
import { adminTransactionQuery, approveTransaction } from "../admin-api.ts";
import { formatBdtAmount } from "../admin-format.ts";
import { needsChainAcknowledgement, payAmountText, sentFromAnotherAddress, usdtText } from "../chain-evidence.ts";
import { awaitingSecondApprovalMessage, isSecondApproval } from "../second-approvals.ts";
import { CopyableAmount, PayoutDestination } from "./copy-value.tsx";
import { focusInitial, initialFocus } from "./initial-focus.ts";
import { ChainStateBadge, DepositWindow, RequestFromAddress, TxidLink } from "./chain-evidence.tsx";
import { isOwnAccountRefusal } from "./own-account.tsx";
import { WithdrawalRiskFacts } from "./withdrawal-risk.tsx";
import { serverMessageText } from "@/lib/server-messages.ts";

// The back office asks for the TrxID, so it is required here (the API takes an approval without one).
const payoutFormSchema = z.object({ payoutReference: payoutReferenceSchema });

/**
 * The one way to approve a transaction in the back office: nothing moves until the admin has read
 * what is about to happen and pressed the dialog's button (decision 021). It states the amount, the
 * customer and where the money comes from or goes to.
 * - A withdrawal: the admin has paid the customer through bKash, Nagad or Upay and types that
 *   provider's transaction ID (TrxID, 8–20 letters and digits), checked here with the shared schema
 *   and again by the server. A 202 answer means a second admin must confirm the payout (decision 020).
 * - A deposit: the USDT amount and the TRON transfer (sender, TXID, what the chain watcher saw). One
 *   the chain has not confirmed asks the admin to say they checked it themselves ("Approve anyway").
 */
export function ApproveTransactionDialog({
  transaction,
  onClose,
  onDecided,
  onSettled,
}: {
  transaction: AdminTransactionDto | null;
  onClose: () => void;
  /** The server took the decision (200 or 202): the queue moves its selection on. */
  onDecided?: (id: string) => void;
  /** After an answer, success or not: the lists are read again. */
  onSettled: () => void;
}) {
  return (
    <Dialog open={transaction !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md" onOpenAutoFocus={focusInitial}>
        {transaction?.type === "withdraw" ? (
          <>
            <DialogHeader>
              <DialogTitle>
                <Trans>Approve withdrawal</Trans>
              </DialogTitle>
              <DialogDescription>
                <Trans>Pay the customer first, then enter the transaction ID the wallet provider gave you.</Trans>
              </DialogDescription>
            </DialogHeader>
            <PayoutForm key={transaction.id} transaction={transaction} onClose={onClose} onDecided={onDecided} onSettled={onSettled} />
          </>
        ) : transaction ? (
          <DepositApproval key={transaction.id} transaction={transaction} onClose={onClose} onDecided={onDecided} onSettled={onSettled} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The chain state the admin is asked to look past; null once the list's state has changed to confirmed since. */
type Acknowledging = { state: ChainState | null };

function acknowledgingOf(t: AdminTransactionDto): Acknowledging | null {
  if (!needsChainAcknowledgement(t)) return null;
  return { state: t.chain?.state ?? null };
}

function DepositApproval({
  transaction,
  onClose,
  onDecided,
  onSettled,
}: {
  transaction: AdminTransactionDto;
  onClose: () => void;
  onDecided?: (id: string) => void;
  onSettled: () => void;
}) {
  const { t: tr, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [t, setT] = useState(transaction);
  const [acknowledging, setAcknowledging] = useState<Acknowledging | null>(() => acknowledgingOf(transaction));
  const [problem, setProblem] = useState<string | null>(null);

  const approve = useMutation({
    mutationFn: () => approveTransaction({ id: t.id, acknowledgeNoChainEvidence: acknowledging !== null }),
    onSuccess: (answer) => {
      if (isSecondApproval(answer)) toast.info(i18n._(awaitingSecondApprovalMessage));
      else toast.success(tr`Transaction approved successfully!`);
      onDecided?.(t.id);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === errorCodes.chainUnconfirmed) {
        // The evidence went away since the list loaded: ask as for an unconfirmed deposit, with the state as it is now.
        const state = t.chain?.state;
        setAcknowledging({ state: state === undefined || state === "confirmed" ? null : state });
        void queryClient.fetchQuery(adminTransactionQuery(t.id)).then(
          (current) => {
            setT(current);
            const now = current.chain?.state;
            setAcknowledging({ state: now === undefined || now === "confirmed" ? null : now });
          },
          () => undefined,
        );
      } else if (error instanceof ApiError && error.code === errorCodes.alreadyProcessed) {
        toast.warning(tr`This transaction is already processed.`);
        onClose();
      } else if (error instanceof ApiError && error.code === errorCodes.insufficientBalance) setProblem(tr`Insufficient balance`);
      else if (isOwnAccountRefusal(error)) setProblem(error.shownMessage);
      else setProblem(errorMessage(error, tr`Failed to approve transaction`));
    },
    onSettled,
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{acknowledging ? tr`Approve without chain evidence?` : tr`Approve deposit`}</DialogTitle>
        <DialogDescription>
          {acknowledging
            ? serverMessageText(messages.chainUnconfirmed)
            : tr`The amount is added to the customer's balance when you approve.`}
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          approve.mutate();
        }}
      >
        <fieldset disabled={approve.isPending} className="grid gap-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">
              <Trans>Amount</Trans>
            </dt>
            <dd className="font-medium tabular-nums">
              {formatBdtAmount(t.amount)}
              {/* The credit is the amount to pay at the rate (decision 038); older requests have only the amount asked for. */}
              {!t.payAmount && t.usdtAmount ? ` (${usdtText(t.usdtAmount)})` : ""}
            </dd>
            {t.payAmount ? (
              <>
                <dt className="text-muted-foreground">
                  <Trans>Pay amount</Trans>
                </dt>
                <dd className="font-medium tabular-nums">{payAmountText(t.payAmount)}</dd>
              </>
            ) : null}
            {t.expiresAt ? (
              <>
                <dt className="text-muted-foreground">
                  <Trans>Window</Trans>
                </dt>
                <dd>
                  <DepositWindow transaction={t} />
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">
              <Trans>Customer</Trans>
            </dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {t.username} · {t.email}
            </dd>
            <dt className="text-muted-foreground">
              <Trans>From (TRON)</Trans>
            </dt>
            <dd className="min-w-0">
              <RequestFromAddress fromAddress={t.fromAddress} />
            </dd>
            {t.txid ? (
              <>
                <dt className="text-muted-foreground">TXID</dt>
                <dd className="min-w-0">
                  <TxidLink txid={t.txid} short />
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">
              <Trans>Chain</Trans>
            </dt>
            <dd>
              {acknowledging && acknowledging.state === null ? (
                tr`Changed since the list loaded`
              ) : t.chain ? (
                <ChainStateBadge state={acknowledging?.state ?? t.chain.state} />
              ) : (
                tr`Not checked`
              )}
            </dd>
            {t.chain?.transfer && (acknowledging?.state ?? t.chain.state) === "amount_differs" ? (
              <>
                <dt className="text-muted-foreground">
                  <Trans>Received</Trans>
                </dt>
                <dd className="tabular-nums">{usdtText(t.chain.transfer.amount)}</dd>
              </>
            ) : null}
            {t.chain?.transfer && sentFromAnotherAddress(t) ? (
              <>
                <dt className="text-muted-foreground">
                  <Trans>Sent from another address</Trans>
                </dt>
                <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{t.chain.transfer.fromAddress}</dd>
              </>
            ) : null}
          </dl>
          {problem ? <Notice tone="error">{problem}</Notice> : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" {...initialFocus}>
              {approve.isPending ? tr`Approving...` : acknowledging ? tr`Approve anyway` : tr`Approve deposit`}
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
}: {
  transaction: AdminTransactionDto;
  onClose: () => void;
  onDecided?: (id: string) => void;
  onSettled: () => void;
}) {
  const { t: tr, i18n } = useLingui();
  const method = withdrawalMethodOf(t.reference);
  const label = trxIdLabel(method);
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);

  const approve = useMutation({
    mutationFn: (payoutReference: string) => approveTransaction({ id: t.id, payoutReference }),
    onSuccess: (answer) => {
      if (isSecondApproval(answer)) toast.info(i18n._(awaitingSecondApprovalMessage));
      else toast.success(tr`Transaction approved successfully!`);
      onDecided?.(t.id);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.payoutReference) setFieldError(error.fields.payoutReference);
      else if (isOwnAccountRefusal(error)) setProblem(error.shownMessage);
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
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset disabled={approve.isPending} className="grid gap-4">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">
            <Trans>Amount</Trans>
          </dt>
          <dd>
            <CopyableAmount amount={t.amount} className="font-medium" />
          </dd>
          <dt className="text-muted-foreground">
            <Trans>Pay to</Trans>
          </dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            <PayoutDestination reference={t.reference} />
          </dd>
          <dt className="text-muted-foreground">
            <Trans>Customer</Trans>
          </dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            {t.username} · {t.email}
          </dd>
          {/* Decision 039: the facts beside the decision, read before paying. */}
          {t.risk ? (
            <>
              <dt className="text-muted-foreground">
                <Trans>Risk facts</Trans>
              </dt>
              <dd className="min-w-0">
                <WithdrawalRiskFacts risk={t.risk} />
              </dd>
            </>
          ) : null}
        </dl>
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
          <Button type="submit">{approve.isPending ? tr`Approving...` : tr`Approve withdrawal`}</Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
