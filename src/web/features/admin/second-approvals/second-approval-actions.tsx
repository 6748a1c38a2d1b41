import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, LoaderCircle, Undo2, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { toast } from "@/lib/toast.tsx";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { confirmSecondApproval, declineSecondApproval } from "./second-approvals-api.ts";
import { formatDateTime } from "@/features/admin/shell/admin-format.ts";
import { confirmEffects, customerName, ownRequestNote, secondApprovalActionText, secondApprovalKindLabels } from "./second-approvals.ts";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog.tsx";
import { ReasonDialog } from "@/features/admin/components/reason-dialog.tsx";
import { OwnAccountNote, useOwnUserId } from "@/features/admin/components/own-account.tsx";

type Running = { id: string; kind: "confirm" | "decline" } | null;

/** The server's refusals worth reading as they are: not yours to confirm (403), decided already (409), gone (404), no money (400). */
function refusalText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [400, 403, 404, 409].includes(error.status) && error.message.trim() !== "") return error.shownMessage;
  return fallback;
}

/**
 * Confirm and Decline on a request awaiting a second admin (four eyes, decisions 020 and 040), with
 * their dialogs: the Second approvals page, the dashboard's queue and Manage Transactions use the
 * same words. The admin who made the request cannot confirm it; they may withdraw it ("Withdraw
 * request", a decline of their own). Confirming a withdrawal pays nothing: it lets an admin pay it.
 * `onDecided` hears of each confirm or decline the server took (the queue moves its selection on).
 */
export function useSecondApprovalDecisions(options: { onDecided?: (request: SecondApprovalDto) => void } = {}): {
  actionsOf: (request: SecondApprovalDto, showText?: boolean) => ReactNode;
  dialogs: ReactNode;
  /** Opens the Confirm dialog (its button, or the queue's key). */
  openConfirm: (request: SecondApprovalDto) => void;
  /** Opens the Decline (or Withdraw request) dialog. */
  openDecline: (request: SecondApprovalDto) => void;
} {
  const ownUserId = useOwnUserId();
  const [confirming, setConfirming] = useState<SecondApprovalDto | null>(null);
  const [declining, setDeclining] = useState<SecondApprovalDto | null>(null);
  const [running, setRunning] = useState<Running>(null);
  const { confirm, decline } = useDecisionMutations({ ownUserId, onDecided: options.onDecided, setRunning, setConfirming, setDeclining });

  const actionsOf = (request: SecondApprovalDto, showText = false): ReactNode => (
    <RequestActions
      request={request}
      showText={showText}
      ownUserId={ownUserId}
      running={running}
      onConfirm={setConfirming}
      onDecline={setDeclining}
    />
  );

  const dialogs = (
    <>
      <ConfirmRequestDialog
        request={confirming}
        busy={confirm.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && confirm.mutate(confirming)}
      />
      <DeclineDialog
        request={declining}
        own={declining !== null && declining.requestedBy.id === ownUserId}
        onClose={() => setDeclining(null)}
        onDecline={(reason) => declining && decline.mutate({ request: declining, reason })}
      />
    </>
  );

  return { actionsOf, dialogs, openConfirm: setConfirming, openDecline: setDeclining };
}

/** After a decision every list that shows it is read again. */
function useRefreshAfterDecision(): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [
      queryKeys.adminSecondApprovals,
      queryKeys.adminStats,
      queryKeys.adminTransactions,
      queryKeys.adminUsers,
      queryKeys.adminAuditLog,
    ])
      void queryClient.invalidateQueries({ queryKey: key });
  };
}

/** Confirm and decline as calls: the button waits while its call runs, the dialog closes at once. */
function useDecisionMutations(deps: {
  ownUserId: string | null;
  onDecided: ((request: SecondApprovalDto) => void) | undefined;
  setRunning: (running: Running) => void;
  setConfirming: (request: SecondApprovalDto | null) => void;
  setDeclining: (request: SecondApprovalDto | null) => void;
}) {
  const { t } = useLingui();
  const refresh = useRefreshAfterDecision();
  const settled = () => {
    deps.setRunning(null);
    refresh();
  };
  const confirm = useMutation({
    mutationFn: (request: SecondApprovalDto) => confirmSecondApproval(request.id),
    onMutate: (request) => {
      deps.setRunning({ id: request.id, kind: "confirm" });
      deps.setConfirming(null);
    },
    onSuccess: (_answer, request) => {
      toast.success(
        request.kind === "balance_adjustment"
          ? t`Confirmed: the balance adjustment is booked.`
          : request.kind === "deposit_approval"
            ? t`Confirmed: the deposit is credited.`
            : t`Confirmed: the withdrawal is ready to pay.`,
      );
      deps.onDecided?.(request);
    },
    onError: (error) => toast.error(refusalText(error, t`Failed to confirm the request`)),
    onSettled: settled,
  });
  const decline = useMutation({
    mutationFn: (input: { request: SecondApprovalDto; reason: string }) =>
      declineSecondApproval({ id: input.request.id, reason: input.reason }),
    onMutate: ({ request }) => {
      deps.setRunning({ id: request.id, kind: "decline" });
      deps.setDeclining(null);
    },
    onSuccess: (_answer, { request }) => {
      toast.success(request.requestedBy.id === deps.ownUserId ? t`Request withdrawn` : t`Request declined`);
      deps.onDecided?.(request);
    },
    onError: (error) => toast.error(refusalText(error, t`Failed to decline the request`)),
    onSettled: settled,
  });
  return { confirm, decline };
}

function RequestActions({
  request,
  showText,
  ownUserId,
  running,
  onConfirm,
  onDecline,
}: {
  request: SecondApprovalDto;
  showText: boolean;
  ownUserId: string | null;
  running: Running;
  onConfirm: (request: SecondApprovalDto) => void;
  onDecline: (request: SecondApprovalDto) => void;
}) {
  const { t, i18n } = useLingui();
  if (request.status !== "awaiting") return <DecidedNote request={request} />;
  const mine = request.requestedBy.id === ownUserId;
  const busy = running?.id === request.id;
  const who = request.username;
  if (!mine && request.userId === ownUserId) return <OwnAccountNote />;
  return (
    <div className={showText ? "flex w-full flex-wrap items-center gap-2" : "flex flex-col items-end gap-1.5"}>
      {mine ? <span className="text-xs leading-snug text-muted-foreground md:max-w-44 md:text-right">{i18n._(ownRequestNote)}</span> : null}
      {/* In the table the buttons stack, so the Actions column stays narrow enough for 1280 px. */}
      <div className={showText ? "flex gap-1.5" : "flex flex-col items-stretch gap-1.5"}>
        {mine ? null : (
          <Button
            variant="outline"
            size="sm"
            className="border-emerald-200 text-emerald-800 hover:bg-emerald-50"
            disabled={busy}
            onClick={() => onConfirm(request)}
          >
            {busy && running.kind === "confirm" ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Check aria-hidden="true" />
            )}
            <Trans>Confirm</Trans>
            <span className="sr-only">{t` request for ${who}`}</span>
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          className="border-red-200 text-red-700 hover:bg-red-50"
          disabled={busy}
          onClick={() => onDecline(request)}
        >
          {busy && running.kind === "decline" ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : mine ? (
            <Undo2 aria-hidden="true" />
          ) : (
            <X aria-hidden="true" />
          )}
          {mine ? <Trans>Withdraw request</Trans> : <Trans>Decline</Trans>}
          <span className="sr-only">{mine ? t` for ${who}` : t` request for ${who}`}</span>
        </Button>
      </div>
    </div>
  );
}

function ConfirmRequestDialog({
  request,
  busy,
  onClose,
  onConfirm,
}: {
  request: SecondApprovalDto | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        request?.kind === "withdrawal_approval"
          ? t`Confirm this withdrawal?`
          : request?.kind === "deposit_approval"
            ? t`Confirm and credit the deposit?`
            : t`Confirm and move the money?`
      }
      description={request ? <RequestSummary request={request} /> : ""}
      confirmLabel={t`Confirm request`}
      variant="default"
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}

function RequestSummary({ request }: { request: SecondApprovalDto }) {
  const { t, i18n } = useLingui();
  const kind = i18n._(secondApprovalKindLabels[request.kind]);
  const customer = customerName(request);
  const action = secondApprovalActionText(request);
  const requester = request.requestedBy.username;
  return (
    <>
      {t`${kind} for ${customer}: ${action}, requested by ${requester}.`} {i18n._(confirmEffects[request.kind])}
    </>
  );
}

/** Who decided a request, and when. */
function DecidedNote({ request }: { request: SecondApprovalDto }) {
  const { t } = useLingui();
  const decider = request.decidedBy?.username;
  const by = decider ? t` by ${decider}` : "";
  return (
    <span className="text-xs leading-snug text-muted-foreground md:max-w-44 md:text-right">
      <span className={request.status === "confirmed" ? "font-medium text-emerald-800" : "font-medium text-red-700"}>
        {request.status === "confirmed" ? <Trans>Confirmed</Trans> : <Trans>Declined</Trans>}
      </span>
      {by}
      {request.decidedAt ? <span className="block">{formatDateTime(request.decidedAt)}</span> : null}
    </span>
  );
}

function DeclineDialog({
  request,
  own,
  onClose,
  onDecline,
}: {
  request: SecondApprovalDto | null;
  own: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <ReasonDialog
      open={request !== null}
      fieldId="decline-reason"
      title={own ? t`Withdraw your request?` : t`Decline this request?`}
      description={
        request ? (
          <>
            {t`${i18n._(secondApprovalKindLabels[request.kind])} for ${customerName(request)}: ${secondApprovalActionText(request)}.`}{" "}
            {request.kind === "withdrawal_approval"
              ? t`No money moves; the withdrawal stays pending and can be approved again or rejected.`
              : request.kind === "deposit_approval"
                ? t`Nothing is credited; the deposit stays pending and can be approved again or rejected.`
                : t`No money moves.`}
          </>
        ) : null
      }
      submitLabel={own ? <Trans>Withdraw request</Trans> : <Trans>Decline request</Trans>}
      onClose={onClose}
      onSubmit={onDecline}
    />
  );
}
