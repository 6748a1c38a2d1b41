import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { z } from "zod";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { payoutReferenceSchema } from "#shared/wallet-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { trxIdLabel, walletNumberOf, withdrawalMethodOf } from "@/lib/payout.ts";
import { approveTransaction } from "../admin-api.ts";
import { formatBdtAmount } from "../admin-format.ts";
import { awaitingSecondApprovalMessage, isSecondApproval } from "../second-approvals.ts";
import { isOwnAccountRefusal } from "./own-account.tsx";

// The back office asks for the TrxID, although the API takes an approval without one.
// In the dialog the reference is asked for, so required here (the API takes an approval without one).
const payoutFormSchema = z.object({ payoutReference: payoutReferenceSchema });

/**
 * Approve a withdrawal: the admin has paid the customer through bKash, Nagad or Upay and
 * types that provider's transaction ID (TrxID, 8–20 letters and digits), checked here with the
 * shared schema and again by the server. A 202 answer means a second admin must confirm the payout.
 */
export function PayoutReferenceDialog({
  transaction,
  onClose,
  onSettled,
}: {
  transaction: AdminTransactionDto | null;
  onClose: () => void;
  /** After an answer, success or not: the lists are read again. */
  onSettled: () => void;
}) {
  return (
    <Dialog open={transaction !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Approve withdrawal</DialogTitle>
          <DialogDescription>Pay the customer first, then enter the transaction ID the wallet provider gave you.</DialogDescription>
        </DialogHeader>
        {transaction ? <PayoutForm key={transaction.id} transaction={transaction} onClose={onClose} onSettled={onSettled} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PayoutForm({
  transaction: t,
  onClose,
  onSettled,
}: {
  transaction: AdminTransactionDto;
  onClose: () => void;
  onSettled: () => void;
}) {
  const method = withdrawalMethodOf(t.reference);
  const label = trxIdLabel(method);
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);

  const approve = useMutation({
    mutationFn: (payoutReference: string) => approveTransaction({ id: t.id, payoutReference }),
    onSuccess: (answer) => {
      if (isSecondApproval(answer)) toast.info(awaitingSecondApprovalMessage);
      else toast.success("Transaction approved successfully!");
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.payoutReference) setFieldError(error.fields.payoutReference);
      else if (isOwnAccountRefusal(error)) setProblem(error.message);
      else setProblem(errorMessage(error, "Failed to approve transaction"));
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

  const walletNumber = walletNumberOf(t.reference);
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
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-medium tabular-nums">{formatBdtAmount(t.amount)}</dd>
          <dt className="text-muted-foreground">Pay to</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            {method && walletNumber ? `${method} ${walletNumber}` : (t.reference ?? "Not specified")}
          </dd>
          <dt className="text-muted-foreground">Customer</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{t.email}</dd>
        </dl>
        <FormField id="payout-reference" label={label} error={fieldError} hint="8 to 20 letters and digits, as on the provider's receipt">
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            placeholder="e.g. 9K3LQ2PA7X"
            className="font-mono uppercase placeholder:normal-case"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setFieldError(undefined);
            }}
            {...controlProps("payout-reference", fieldError)}
          />
        </FormField>
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{approve.isPending ? "Approving..." : "Approve withdrawal"}</Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
