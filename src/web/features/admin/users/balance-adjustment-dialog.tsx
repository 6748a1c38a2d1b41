import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Minus, Plus } from "lucide-react";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { toast } from "@/lib/toast.tsx";
import type { z } from "zod";
import { balanceAdjustmentSchema, type AdminUserDto } from "#shared/admin-schemas.ts";
import { errorCodes } from "#shared/api-error.ts";
import { adjustBalance } from "./users-api.ts";
import { isOwnAccountRefusal } from "@/features/admin/components/own-account.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { cn } from "@/lib/class-names.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";
import { adjustmentSentMessage, isSecondApproval, secondApprovalActionText } from "@/features/admin/second-approvals/second-approvals.ts";

type FormInput = z.input<typeof balanceAdjustmentSchema>;
type FormOutput = z.output<typeof balanceAdjustmentSchema>;

/**
 * Add to or subtract from a customer's balance (docs/architecture.md, Money rules): the server books it as a
 * completed transaction with a ledger and audit entry; a subtraction cannot exceed what is available.
 */
export function BalanceAdjustmentDialog({ user, onClose }: { user: AdminUserDto | null; onClose: () => void }) {
  const balance = user ? formatBdtAmount(user.balance) : "";
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Adjust balance</Trans>
          </DialogTitle>
          <DialogDescription>
            {user ? (
              <>
                <Trans>
                  {user.email} · current balance <span className="font-medium text-foreground">{balance}</span>
                </Trans>
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        {user ? <AdjustmentForm key={user.id} userId={user.id} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AdjustmentForm({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useLingui();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(balanceAdjustmentSchema),
    defaultValues: { direction: "add", amount: "", note: "" },
  });
  const { errors } = form.formState;
  const direction = useWatch({ control: form.control, name: "direction" });

  const adjust = useAdjustBalance(userId, form, onClose);

  const onSubmit = form.handleSubmit((values) => adjust.mutate(values));
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset disabled={adjust.isPending} className="grid gap-4">
        <div role="radiogroup" aria-label={t`Direction`} className="grid grid-cols-2 gap-2">
          {(
            [
              ["add", t`Add`, Plus],
              ["subtract", t`Subtract`, Minus],
            ] as const
          ).map(([value, label, Icon]) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                direction === value
                  ? "border-primary bg-emerald-50 text-emerald-800"
                  : "border-input bg-white text-foreground hover:bg-muted",
              )}
            >
              <input type="radio" value={value} className="sr-only" {...form.register("direction")} />
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </label>
          ))}
        </div>
        <FormField id="adjust-amount" label={t`Amount (BDT)`} error={errors.amount?.message}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            {...controlProps("adjust-amount", errors.amount?.message)}
            {...form.register("amount")}
          />
        </FormField>
        <FormField id="adjust-note" label={t`Note (optional)`} error={errors.note?.message}>
          <Textarea
            rows={2}
            maxLength={500}
            placeholder={t`Why this adjustment is made`}
            {...controlProps("adjust-note", errors.note?.message)}
            {...form.register("note")}
          />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant={direction === "subtract" ? "destructive" : "default"}>
            {adjust.isPending ? t`Updating...` : direction === "add" ? t`Add to balance` : t`Subtract from balance`}
          </Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}

/**
 * The adjustment: made at once (201), or (202, four eyes, decision 020) sent for a second admin. The
 * lists that show a balance are read again either way.
 */
function useAdjustBalance(userId: string, form: UseFormReturn<FormInput, unknown, FormOutput>, onClose: () => void) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FormOutput) =>
      adjustBalance(userId, {
        direction: values.direction,
        amount: values.amount,
        ...(values.note ? { note: values.note } : {}),
      }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminTransactions });
      // 202 (four eyes, decision 020): nothing moved yet; the request waits on the Second approvals page.
      if (isSecondApproval(answer)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.adminSecondApprovals });
        const action = secondApprovalActionText(answer);
        const customer = answer.username;
        toast.info(i18n._(adjustmentSentMessage), { description: t`${action} for ${customer}`, duration: 8000 });
      } else toast.success(t`Balance updated successfully`);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.amount) form.setError("amount", { type: "server", message: error.fields.amount });
      const shown = error instanceof ApiError && error.code === errorCodes.insufficientBalance;
      toast.error(error instanceof ApiError && (shown || isOwnAccountRefusal(error)) ? error.shownMessage : t`Failed to update balance`);
    },
  });
}
