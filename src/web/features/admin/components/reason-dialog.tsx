// A destructive decision that asks for an optional reason first: rejecting a transaction,
// declining or withdrawing a second-approval request. The reason is trimmed and forgotten on close.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { focusInitial, initialFocus } from "@/features/admin/components/initial-focus.ts";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";

export type ReasonDialogProps = {
  open: boolean;
  /** The id of the reason field, unique on the page (its label points at it). */
  fieldId: string;
  title: ReactNode;
  description: ReactNode;
  submitLabel: ReactNode;
  onClose: () => void;
  onSubmit: (reason: string) => void;
};

export function ReasonDialog({ open, fieldId, title, description, submitLabel, onClose, onSubmit }: ReasonDialogProps) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  function close() {
    setReason("");
    onClose();
  }
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent className="max-w-md" onOpenAutoFocus={focusInitial}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(reason.trim());
            setReason("");
          }}
        >
          <FormField id={fieldId} label={t`Reason (optional)`}>
            <Textarea
              id={fieldId}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...initialFocus}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="destructive">
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
