import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, Clock, Copy, ReceiptText, RotateCcw, Timer, TimerOff, TriangleAlert } from "lucide-react";
import { useEffect, useRef, type RefObject } from "react";
import { Link } from "react-router";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { toast } from "@/lib/toast.tsx";
import { StatusBadge } from "@/components/status-badge.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { transactionQuery } from "../customer-api.ts";
import { bdtText, expectedTimeText, expiresInText, payAmountFigure, payAmountText, windowMinutes } from "../customer-format.ts";
import { useDepositWindow } from "../use-deposit-window.ts";
import { decisionNotice } from "../decision-state.ts";
import { DecisionNotice } from "./decision-notice.tsx";
import { DepositAddress } from "./deposit-address.tsx";
import { SubmittedReceipt } from "./submitted-receipt.tsx";

type Progress = "waiting" | "received" | "differs" | "expired";

/**
 * What the Deposit page shows once a request is made (decision 038): the exact amount to send, with
 * its copy button, the address and QR, the time left and why the amount matters; then what the
 * customer will receive and the request's state, which follows the server live (the transactions
 * query, refreshed by the change events): waiting, then 'Received' once the transfer of exactly that
 * amount is seen on the chain, or 'Expired' when the countdown ends with nothing received, with a
 * way to ask again. A transfer of another amount ends the waiting too: 'Received a different amount',
 * what came and that an admin credits it, and no amount to send again (it would invite a second
 * transfer). Nothing seen half an hour after the request adds what to check and the way to support.
 * A request with no amount to pay (an older server) or a rejected one shows the plain receipt.
 */
export function DepositSendPanel({
  submitted,
  address,
  network,
  onAgain,
  onAskAgain,
}: {
  submitted: TransactionDto;
  address: string;
  network: string;
  /** 'Make another deposit': an empty form. */
  onAgain: () => void;
  /** 'Make a new request': the same request again, to review and confirm. */
  onAskAgain: () => void;
}) {
  const { t } = useLingui();
  const { transaction, window, progress, heading } = useDepositProgress(submitted);

  if (progress === null) {
    return (
      <SubmittedReceipt
        transaction={transaction}
        title={t`Deposit request submitted`}
        againLabel={t`Make another deposit`}
        onAgain={onAgain}
      />
    );
  }

  const headingProps = { id: "deposit-send-title", ref: heading, tabIndex: -1 };
  return (
    <section aria-labelledby="deposit-send-title" className="grid gap-5" data-testid="deposit-send">
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
        <Trans>Deposit request submitted</Trans>
      </p>

      <ProgressState
        transaction={transaction}
        window={window}
        progress={progress}
        headingProps={headingProps}
        address={address}
        network={network}
        onAskAgain={onAskAgain}
      />

      <DepositFacts transaction={transaction} progress={progress} />

      <div className="grid gap-3 sm:grid-cols-2">
        <Button asChild variant="outline" size="lg">
          <Link to={`/transactions/${transaction.id}`}>
            <ReceiptText aria-hidden="true" />
            <Trans>View transaction</Trans>
          </Link>
        </Button>
        <Button size="lg" variant={progress === "received" ? "default" : "outline"} onClick={onAgain}>
          <Trans>Make another deposit</Trans>
        </Button>
      </div>
    </section>
  );
}

/** The request as the server has it now, where it stands, and the heading that takes the focus. */
function useDepositProgress(submitted: TransactionDto) {
  const live = useQuery({ ...transactionQuery(submitted.id), initialData: submitted });
  const transaction = live.data;
  const window = useDepositWindow(transaction);
  const received = transaction.receivedOnChain || transaction.status === "completed";
  const progress: Progress | null =
    transaction.status === "rejected" || transaction.payAmount === null
      ? null
      : received
        ? "received"
        : transaction.chainIssue === "amount_differs"
          ? "differs"
          : window?.state === "expired"
            ? "expired"
            : "waiting";

  // When the countdown ends, ask the server once more: a transfer sent in time may have been seen meanwhile.
  const { refetch } = live;
  useEffect(() => {
    if (progress === "expired") void refetch();
  }, [progress, refetch]);

  // The review step that had the focus is gone: the panel's heading takes it, so a screen reader reads it first.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return { transaction, window, progress, heading };
}

type DepositWindow = ReturnType<typeof useDepositWindow>;
type HeadingProps = { id: string; ref: RefObject<HTMLHeadingElement | null>; tabIndex: number };

/** The block for where the request stands: the amount to send, a different amount, received, or expired. */
function ProgressState({
  transaction,
  window,
  progress,
  headingProps,
  address,
  network,
  onAskAgain,
}: {
  transaction: TransactionDto;
  window: DepositWindow;
  progress: Progress;
  headingProps: HeadingProps;
  address: string;
  network: string;
  onAskAgain: () => void;
}) {
  const { t } = useLingui();
  const notice = decisionNotice(transaction);
  const amount = payAmountText(transaction.payAmount!);
  // What came, when the chain shows another amount than the one to send (credited for what arrived).
  const receivedAmount = transaction.receivedUsdt !== null ? payAmountText(transaction.receivedUsdt) : amount;

  if (progress === "waiting" && window?.state === "open") {
    return (
      <>
        <SendExactly transaction={transaction} msLeft={window.msLeft} amount={amount} headingProps={headingProps} />
        <DecisionNotice notice={notice} size="sm" />
        <DepositAddress address={address} network={network} />
      </>
    );
  }
  if (progress === "differs") {
    return (
      <div className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-800" />
        <div className="grid gap-1">
          <h2 {...headingProps} className="text-lg font-semibold text-amber-950 outline-none">
            <Trans>Received a different amount</Trans>
          </h2>
          <DecisionNotice notice={notice} size="sm" />
        </div>
      </div>
    );
  }
  if (progress === "received") {
    return (
      <div className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
        <div className="grid gap-1">
          <h2 {...headingProps} className="text-lg font-semibold text-emerald-950 outline-none">
            <ReceivedText amount={receivedAmount} />
          </h2>
          <p className="text-sm text-emerald-900">
            {transaction.status === "completed" ? t`Credited to your balance.` : expectedTimeText("deposit")}
          </p>
          <DecisionNotice notice={notice} size="sm" />
        </div>
      </div>
    );
  }
  return <ExpiredState notice={notice} headingProps={headingProps} onAskAgain={onAskAgain} />;
}

function SendExactly({
  transaction,
  msLeft,
  amount,
  headingProps,
}: {
  transaction: TransactionDto;
  msLeft: number;
  amount: string;
  headingProps: HeadingProps;
}) {
  const minutes = windowMinutes(transaction) ?? 60;

  async function copyAmount() {
    try {
      await navigator.clipboard.writeText(payAmountFigure(transaction.payAmount!));
      toast.success(msg`Amount copied to clipboard!`);
    } catch {
      toast.error(msg`Could not copy the amount. Select it and copy it by hand.`);
    }
  }

  return (
    <div className="grid gap-3 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4">
      <h2 {...headingProps} className="font-medium text-emerald-950 outline-none">
        <Trans>
          Send exactly{" "}
          <span className="inline-block text-3xl font-semibold whitespace-nowrap tabular-nums" data-testid="pay-amount">
            {amount}
          </span>
        </Trans>
      </h2>
      <Button variant="outline" className="w-full sm:w-fit" onClick={() => void copyAmount()}>
        <Copy aria-hidden="true" />
        <Trans>Copy amount</Trans>
      </Button>
      <p className="flex items-center gap-2 text-sm font-semibold text-amber-900 tabular-nums" role="timer" data-testid="expires-in">
        <Timer aria-hidden="true" className="size-4 shrink-0" />
        {expiresInText(msLeft)}
      </p>
      <p className="text-sm text-emerald-950">
        <Plural
          value={minutes}
          one="This exact amount tells us the transfer is yours. Send it within # minute, in one transfer."
          other="This exact amount tells us the transfer is yours. Send it within # minutes, in one transfer."
        />
      </p>
    </div>
  );
}

function ExpiredState({
  notice,
  headingProps,
  onAskAgain,
}: {
  notice: ReturnType<typeof decisionNotice>;
  headingProps: HeadingProps;
  onAskAgain: () => void;
}) {
  return (
    <div className="grid gap-3 rounded-xl border border-slate-300 bg-slate-50 p-4">
      <h2 {...headingProps} className="flex items-center gap-2 text-lg font-semibold outline-none">
        <TimerOff aria-hidden="true" className="size-5 shrink-0 text-slate-600" />
        <Trans>This request has expired</Trans>
      </h2>
      <p className="text-sm text-slate-700">
        <Trans>Nothing arrived in time, so this amount no longer works. Make a new request to get a new one.</Trans>
      </p>
      <DecisionNotice notice={notice} size="sm" />
      <Button size="lg" className="w-full sm:w-fit" onClick={onAskAgain}>
        <RotateCcw aria-hidden="true" />
        <Trans>Make a new request</Trans>
      </Button>
    </div>
  );
}

/** What the customer receives, the request's state and its reference. */
function DepositFacts({ transaction, progress }: { transaction: TransactionDto; progress: Progress }) {
  return (
    <dl className="grid gap-3 text-sm">
      {/* After a transfer of another amount, what they will receive is the admin's to say (what arrived). */}
      {progress !== "expired" && progress !== "differs" ? (
        <div className="flex items-center justify-between gap-3 rounded-lg bg-emerald-50 px-4 py-3">
          <dt className="font-medium text-emerald-900">
            {transaction.status === "completed" ? <Trans>Credited</Trans> : <Trans>You will receive</Trans>}
          </dt>
          <dd className="text-lg font-semibold text-emerald-900 tabular-nums" data-testid="deposit-receive">
            {bdtText(transaction.amount)}
          </dd>
        </div>
      ) : null}
      <div className="flex items-center justify-between gap-3 px-1">
        <dt className="text-muted-foreground">
          <Trans>Status</Trans>
        </dt>
        <dd aria-live="polite" data-testid="deposit-status">
          <ProgressBadge progress={progress} />
        </dd>
      </div>
      <div className="grid gap-0.5 px-1">
        <dt className="text-muted-foreground">
          <Trans>Reference</Trans>
        </dt>
        <dd className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="receipt-reference">
          {transaction.id}
        </dd>
      </div>
    </dl>
  );
}

function ProgressBadge({ progress }: { progress: Progress }) {
  if (progress === "waiting") {
    return (
      <Badge tone="warning">
        <Clock aria-hidden="true" />
        <Trans>Waiting for your transfer</Trans>
      </Badge>
    );
  }
  if (progress === "received") {
    return (
      <Badge tone="success">
        <CircleCheck aria-hidden="true" />
        <Trans>Received</Trans>
      </Badge>
    );
  }
  return progress === "differs" ? <StatusBadge status="pending" icon /> : <StatusBadge status="expired" icon />;
}

/** 'Received 50.0137 USDT': the amount that came, under the message the Received state has always had. */
function ReceivedText({ amount }: { amount: string }) {
  return <Trans>Received {amount}</Trans>;
}
