import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { floatReadingSchema, type FloatWalletType } from "#shared/solvency-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { toast } from "@/lib/toast.tsx";
import { recordFloat, solvencyQuery } from "./solvency-api.ts";

/**
 * Record float: an admin types what a merchant wallet's app shows now (BDT), with a note for the
 * audit log. Until the next reading, the screen counts this figure minus the payouts approved
 * through that provider since. `walletType` null keeps it closed.
 */
export function RecordFloatDialog({ walletType, onClose }: { walletType: FloatWalletType | null; onClose: () => void }) {
  return (
    <Dialog open={walletType !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Record float: {walletType}</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Type the balance the merchant wallet&apos;s app shows right now.</Trans>
          </DialogDescription>
        </DialogHeader>
        {walletType ? <FloatForm key={walletType} walletType={walletType} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type FieldErrors = { amountBdt?: string; note?: string };

/** The PUT, its toast, and where a refusal shows: under its field, or above the buttons. */
function useRecordFloat(walletType: FloatWalletType, onClose: () => void, setErrors: (errors: FieldErrors) => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const record = useMutation({
    mutationFn: (input: { amountBdt: string; note: string }) => recordFloat(walletType, input),
    onSuccess: () => {
      toast.success(t`Float recorded for ${walletType}`);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.fields.amountBdt || error.fields.note)) setErrors(error.fields);
      else setProblem(errorMessage(error, t`Failed to record the float`));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: solvencyQuery.queryKey }),
  });
  return { record, problem, setProblem };
}

function FloatForm({ walletType, onClose }: { walletType: FloatWalletType; onClose: () => void }) {
  const { t } = useLingui();
  const [amountBdt, setAmountBdt] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { record, problem, setProblem } = useRecordFloat(walletType, onClose, setErrors);

  function submit() {
    setProblem(null);
    const parsed = floatReadingSchema.safeParse({ amountBdt, note });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "amountBdt" || field === "note") && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    record.mutate(parsed.data);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset disabled={record.isPending} className="grid min-w-0 gap-4">
        <FormField id="float-amount" label={t`Amount (BDT)`} error={errors.amountBdt}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amountBdt}
            onChange={(event) => {
              setAmountBdt(event.target.value);
              setErrors((shown) => ({ ...shown, amountBdt: undefined }));
            }}
            {...controlProps("float-amount", errors.amountBdt)}
          />
        </FormField>
        <FormField id="float-note" label={t`Note`} error={errors.note} hint={t`Optional: where the figure comes from, for the audit log.`}>
          <Textarea
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setErrors((shown) => ({ ...shown, note: undefined }));
            }}
            {...controlProps("float-note", errors.note)}
          />
        </FormField>
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">{record.isPending ? t`Saving...` : t`Record float`}</Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
