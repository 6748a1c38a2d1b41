// Reject transaction: the dialog that asks for an optional reason before a transaction is rejected.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { focusInitial, initialFocus } from "@/features/admin/components/initial-focus.ts";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";

export function RejectDialog({
  transaction,
  onClose,
  onReject,
}: {
  transaction: AdminTransactionDto | null;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const { t: tr } = useLingui();
  const [reason, setReason] = useState("");
  const amount = transaction ? formatBdtAmount(transaction.amount) : "";
  const email = transaction?.email ?? "";
  return (
    <Dialog
      open={transaction !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason("");
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-md" onOpenAutoFocus={focusInitial}>
        <DialogHeader>
          <DialogTitle>
            <Trans>Reject transaction</Trans>
          </DialogTitle>
          <DialogDescription>
            {transaction
              ? transaction.type === "deposit"
                ? tr`Deposit of ${amount} by ${email}.`
                : tr`Withdrawal of ${amount} by ${email}.`
              : null}{" "}
            {transaction?.type === "withdraw" ? tr`The held amount becomes available to the customer again.` : null}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onReject(reason.trim());
            setReason("");
          }}
          className="grid gap-4"
        >
          <FormField id="reject-reason" label={tr`Reason (optional)`}>
            <Textarea
              id="reject-reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...initialFocus}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="destructive">
              <Trans>Reject transaction</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
