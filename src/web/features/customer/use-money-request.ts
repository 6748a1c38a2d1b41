import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { sessionQueryKey } from "@/lib/session.ts";
import { failureReason, isSignedOut, useIdempotencyKey } from "./customer-api.ts";

/**
 * The submission of a deposit or withdrawal request: posted with one Idempotency-Key per submission,
 * the form emptied and the list and wallet refreshed on success; on failure, the server's per-field
 * messages under their fields and a 'Failed to submit … request: <reason>' toast.
 */
export function useMoneyRequest<TInput extends FieldValues, TOutput extends FieldValues>(options: {
  form: UseFormReturn<TInput, unknown, TOutput>;
  path: "/api/deposits" | "/api/withdrawals";
  fields: readonly Path<TInput>[];
  messages: { submitted: string; signedOut: string; failed: string };
}) {
  const { form, path, fields, messages } = options;
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [busy, setBusy] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await apiRequest<TransactionDto>(path, { method: "POST", body: values, idempotencyKey: idempotency.keyFor(values) });
      idempotency.reset();
      form.reset();
      toast.success(messages.submitted);
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    } catch (error) {
      if (isSignedOut(error)) {
        // The route guard sees the ended session and sends them to sign in, then back here.
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
  });

  return { busy, onSubmit };
}
