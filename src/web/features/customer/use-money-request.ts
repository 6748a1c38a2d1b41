import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "@/lib/toast.tsx";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { sessionQueryKey } from "@/lib/session.ts";
import { failureReason, isSignedOut, useIdempotencyKey } from "./customer-api.ts";
import { forgetDraft, keepDraft, readDraft, type DraftKind } from "./money-drafts.ts";

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
  messages: { submitted: string; signedOut: string; failed: string };
  /** A rule the page knows before asking the server (the deposit minimum): its field and message, or null. */
  refuse?: (values: TOutput) => { field: Path<TInput>; message: string } | null;
}) {
  const { form, path, fields, draft, messages, refuse } = options;
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const [review, setReview] = useState<TOutput | null>(null);
  const [receipt, setReceipt] = useState<TransactionDto | null>(null);
  // The request last sent, as typed and as sent: "Make a new request" asks it again.
  const [sent, setSent] = useState<{ typed: TInput; values: TOutput } | null>(null);
  // A request kept when the session expired fills the form once, when it opens after sign-in.
  const [keptDraft] = useState(() => readDraft(draft));
  const [draftDone, setDraftDone] = useState(false);
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
  }

  async function confirm(): Promise<void> {
    if (!review) return;
    setBusy(true);
    try {
      const transaction = await apiRequest<TransactionDto>(path, {
        method: "POST",
        body: review,
        idempotencyKey: idempotency.keyFor(review),
      });
      idempotency.reset();
      setSent({ typed: form.getValues(), values: review });
      form.reset();
      setReview(null);
      setDraftDone(true);
      setReceipt(transaction);
      toast.success(messages.submitted);
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    } catch (error) {
      setReview(null);
      if (isSignedOut(error)) {
        // Kept for after sign-in: the route guard sees the ended session and sends them to sign in, then back here.
        keepDraft(draft, form.getValues());
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
      toast.error(`${messages.failed}: ${failureReason(error)}`);
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

  return { busy, onSubmit, review, back, confirm, receipt, startOver, askAgain, draftRestored };
}
