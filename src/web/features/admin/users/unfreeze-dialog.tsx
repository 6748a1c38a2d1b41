import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { unfreezeUserSchema } from "#shared/account-security-schemas.ts";
import type { AdminUserDto } from "#shared/admin-schemas.ts";
import { unfreezeUser } from "./users-api.ts";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { toast } from "@/lib/toast.tsx";
import { formatDateTime } from "@/features/admin/shell/admin-format.ts";

type FormInput = z.input<typeof unfreezeUserSchema>;
type FormOutput = z.output<typeof unfreezeUserSchema>;

/**
 * Unfreeze an account its owner froze with the "This wasn't me" link of a security alert (decision
 * 039). Only after speaking with the owner: the note says what was learnt, for the audit log.
 */
export function UnfreezeDialog({ user, onClose }: { user: AdminUserDto | null; onClose: () => void }) {
  const frozenAt = user?.frozenAt ? formatDateTime(user.frozenAt) : "";
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Unfreeze this account?</Trans>
          </DialogTitle>
          <DialogDescription>
            {user ? (
              <Trans>
                {user.email} froze their account on {frozenAt} with the link in a security e-mail. Unfreeze it only after you have spoken
                with them: withdrawals can be made again at once.
              </Trans>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        {user ? <UnfreezeForm key={user.id} userId={user.id} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function UnfreezeForm({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(unfreezeUserSchema), defaultValues: { note: "" } });
  const { errors } = form.formState;
  const unfreeze = useMutation({
    mutationFn: (values: FormOutput) => unfreezeUser({ id: userId, note: values.note }),
    onSuccess: () => {
      toast.success(t`Account unfrozen`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminTransactions });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.note) form.setError("note", { type: "server", message: error.fields.note });
      toast.error(errorMessage(error, t`Failed to unfreeze the account`));
    },
  });
  const onSubmit = form.handleSubmit((values) => unfreeze.mutate(values));
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset disabled={unfreeze.isPending} className="grid gap-4">
        <FormField id="unfreeze-note" label={t`Note`} error={errors.note?.message}>
          <Textarea
            rows={3}
            maxLength={500}
            placeholder={t`Who you spoke with, how, and what they said`}
            {...controlProps("unfreeze-note", errors.note?.message)}
            {...form.register("note")}
          />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">{unfreeze.isPending ? t`Unfreezing...` : t`Unfreeze`}</Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
