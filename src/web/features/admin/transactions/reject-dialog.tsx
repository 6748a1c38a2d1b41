// Reject transaction: the dialog that asks for an optional reason before a transaction is rejected.
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { ReasonDialog } from "@/features/admin/components/reason-dialog.tsx";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";

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
  const amount = transaction ? formatBdtAmount(transaction.amount) : "";
  const email = transaction?.email ?? "";
  return (
    <ReasonDialog
      open={transaction !== null}
      fieldId="reject-reason"
      title={<Trans>Reject transaction</Trans>}
      description={
        <>
          {transaction
            ? transaction.type === "deposit"
              ? tr`Deposit of ${amount} by ${email}.`
              : tr`Withdrawal of ${amount} by ${email}.`
            : null}{" "}
          {transaction?.type === "withdraw" ? tr`The held amount becomes available to the customer again.` : null}
        </>
      }
      submitLabel={<Trans>Reject transaction</Trans>}
      onClose={onClose}
      onSubmit={onReject}
    />
  );
}
