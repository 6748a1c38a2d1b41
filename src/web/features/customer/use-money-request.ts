import type { MessageDescriptor } from "@lingui/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "@/lib/toast.tsx";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { ApiError, apiRequest, type ApiErrorDetails } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { sessionQueryKey, useSession } from "@/lib/session.ts";
import { failureReason, isSignedOut, useIdempotencyKey } from "./customer-api.ts";
import { forgetDraft, keepDraft, readDraft, type DraftKind } from "./money-drafts.ts";

/** Refusals about the account, not the form (decision 039): shown above the form with their way forward. */
const accountRefusalCodes = ["SECURITY_HOLD", "ACCOUNT_FROZEN", "VERIFICATION_REQUIRED"];

/**
 * A deposit or withdrawal request in three steps (docs/decisions/023-customer-review-receipt-and-drafts.md):
 * the form, checked by the schema; the review ("Send 600.00 BDT to bKash 01712-345678?") with Back
 * and Confirm; and the receipt. Confirm posts with one Idempotency-Key per request: going back and
 * confirming the same values again reuses it, so a lost answer never makes two requests. On a
 * refusal the form comes back with the server's messages under its fields and a 'Failed to submit
 * … request: <reason>' toast; on an expired session the typed values are kept for after sign-in.
 */
export function useMoneyRequest<TInput extends FieldValues, TOutput extends FieldValues>(options: {
  form: UseFormReturn<TInput, unknown, TOutput>;
  path: "/api/deposits" | "/api/withdrawals";
  fields: readonly Path<TInput>[];
  draft: DraftKind;
  /** The toasts' words, as descriptors: a toast follows a language switch while it is shown. */
  messages: { submitted: MessageDescriptor; signedOut: MessageDescriptor; failed: MessageDescriptor };
  /** A rule the page knows before asking the server (the deposit minimum): its field and message, or null. */
  refuse?: (values: TOutput) => { field: Path<TInput>; message: string } | null;
}) {
  const { form, path, fields, draft, messages, refuse } = options;
  const owner = useSession().user?.id ?? "";
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const [review, setReview] = useState<TOutput | null>(null);
  const [receipt, setReceipt] = useState<TransactionDto | null>(null);
  // The request last sent, as typed and as sent: "Make a new request" asks it again.
  const [sent, setSent] = useState<{ typed: TInput; values: TOutput } | null>(null);
  // A request kept when the session expired fills the form once, when it opens after sign-in.
  const [keptDraft] = useState(() => (owner ? readDraft(draft, owner) : null));
  const [draftDone, setDraftDone] = useState(false);
  // A withdrawal waiting for its owner's code (decision 039): how it is confirmed, where the code went,
  // when a new one may be asked for. The review stays up, with the code's field under the question.
  const [confirmation, setConfirmation] = useState<ApiErrorDetails | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // The last refusal about the account rather than the form (a hold, a freeze, the identity level):
  // the screen says it with its way forward, above the form.
  const [accountRefusal, setAccountRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!keptDraft) return;
    form.reset({ ...form.getValues(), ...keptDraft });
    forgetDraft(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, []);
  const draftRestored = keptDraft !== null && !draftDone;

  /** The form's submit: the schema's checks, then the review step. Nothing is sent yet. */
  const onSubmit = form.handleSubmit((values) => {
    const refusal = refuse?.(values) ?? null;
    if (refusal) {
      form.setError(refusal.field, { type: "refused", message: refusal.message }, { shouldFocus: true });
      return;
    }
    setReview(values);
  });

  function back(): void {
    setReview(null);
    setConfirmation(null);
    setCodeError(null);
  }

  /**
   * Sends the reviewed request, with the owner's code when one is given. The same Idempotency-Key
   * serves the request without a code and the one with it: the first created nothing, and a lost
   * answer to the second is answered again without a second code.
   */
  async function confirm(confirmationCode?: string): Promise<void> {
    if (!review) return;
    setBusy(true);
    try {
      const transaction = await apiRequest<TransactionDto>(path, {
        method: "POST",
        body: confirmationCode === undefined ? review : { ...review, confirmationCode },
        idempotencyKey: idempotency.keyFor(review),
      });
      idempotency.reset();
      setConfirmation(null);
      setCodeError(null);
      setAccountRefusal(null);
      setSent({ typed: form.getValues(), values: review });
      form.reset();
      setReview(null);
      setDraftDone(true);
      setReceipt(transaction);
      toast.success(messages.submitted);
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    } catch (error) {
      if (error instanceof ApiError && error.code === "CONFIRMATION_REQUIRED") {
        setConfirmation(error.details);
        setCodeError(null);
        return;
      }
      if (error instanceof ApiError && error.code === "CONFIRMATION_INVALID" && confirmation) {
        setCodeError(error.shownFields.confirmationCode ?? error.shownMessage);
        return;
      }
      setReview(null);
      setConfirmation(null);
      setAccountRefusal(error instanceof ApiError && accountRefusalCodes.includes(error.code) ? error : null);
      if (isSignedOut(error)) {
        // Kept for after sign-in, for this account only: the route guard sees the ended session and
        // sends them to sign in, then back here.
        if (owner) keepDraft(draft, owner, form.getValues());
        toast.error(messages.signedOut);
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        return;
      }
      if (error instanceof ApiError) {
        for (const field of fields) {
          const message = error.fields[field];
          if (message) form.setError(field, { type: "server", message });
        }
      }
      toast.error((i18n) => `${i18n._(messages.failed)}: ${failureReason(error)}`);
    } finally {
      setBusy(false);
    }
  }

  /** From the receipt back to an empty form, for the next request. */
  function startOver(): void {
    setReceipt(null);
  }

  /**
   * From the receipt to the review of the same request again (a deposit whose window ended with
   * nothing received): Confirm makes a new request, with a new Idempotency-Key; Back shows the
   * form filled as it was.
   */
  function askAgain(): void {
    setReceipt(null);
    if (!sent) return;
    form.reset(sent.typed);
    setReview(sent.values);
  }

  return { busy, onSubmit, review, back, confirm, receipt, startOver, askAgain, draftRestored, confirmation, codeError, accountRefusal };
}
