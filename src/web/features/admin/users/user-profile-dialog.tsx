import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import { toast } from "@/lib/toast.tsx";
import type { z } from "zod";
import { profileUpdateSchema, type ProfileUpdate } from "#shared/profile-schemas.ts";
import { adminUserProfileQuery, saveUserProfile } from "./users-api.ts";
import { isOwnAccountRefusal } from "@/features/admin/components/own-account.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";

type ProfileOutput = z.output<typeof profileUpdateSchema>;
const fieldNames = ["fullName", "phone", "address", "documentNumber"] as const;

/** Who the dialog is about; null when it is closed. */
export type ProfileTarget = { userId: string; email?: string } | null;

/** The 'User Profile' dialog, used by Users and Verifications. */
export function UserProfileDialog({ target, onClose }: { target: ProfileTarget; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>User Profile</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>View and update user information</Trans>
          </DialogDescription>
        </DialogHeader>
        {target ? <ProfileBody key={target.userId} userId={target.userId} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ProfileBody({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useLingui();
  const loadFailedMessage = t`Failed to load user profile`;
  const profile = useQuery(adminUserProfileQuery(userId));
  const form = useForm<ProfileUpdate, unknown, ProfileOutput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { fullName: "", phone: "", address: "", documentNumber: "" },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (profile.isError) toast.error(loadFailedMessage);
  }, [profile.isError, loadFailedMessage]);

  // Fill the form once the profile arrives; a later refresh does not overwrite what is being typed.
  const loaded = profile.data;
  useEffect(() => {
    if (!loaded || form.formState.isDirty) return;
    form.reset({
      fullName: loaded.fullName ?? "",
      phone: loaded.phone ?? "",
      address: loaded.address ?? "",
      documentNumber: loaded.documentNumber ?? "",
    });
  }, [loaded, form]);

  const save = useSaveProfile(userId, form, onClose);

  if (profile.isPending) return <LoadingState label={t`Loading profile...`} className="py-8" />;
  if (profile.isError) return <Notice tone="error">{loadFailedMessage}</Notice>;

  const onSubmit = form.handleSubmit((values) => save.mutate(values));
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset disabled={save.isPending} className="grid gap-4">
        <FormField id="profile-email" label={t`Email`}>
          <Input id="profile-email" value={profile.data.email} readOnly disabled />
        </FormField>
        <FormField id="profile-fullName" label={t`Full Name`} error={errors.fullName?.message}>
          <Input autoComplete="off" {...controlProps("profile-fullName", errors.fullName?.message)} {...form.register("fullName")} />
        </FormField>
        <FormField id="profile-phone" label={t`Phone Number`} error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...controlProps("profile-phone", errors.phone?.message)} {...form.register("phone")} />
        </FormField>
        <FormField id="profile-address" label={t`Address`} error={errors.address?.message}>
          <Input autoComplete="off" {...controlProps("profile-address", errors.address?.message)} {...form.register("address")} />
        </FormField>
        <FormField id="profile-documentNumber" label={t`Document Number`} error={errors.documentNumber?.message}>
          <Input
            autoComplete="off"
            placeholder={t`ID/Passport number`}
            {...controlProps("profile-documentNumber", errors.documentNumber?.message)}
            {...form.register("documentNumber")}
          />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">{save.isPending ? t`Saving...` : t`Save Changes`}</Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}

/** Saving: the users and verifications lists are read again; the server's words on a field go under it. */
function useSaveProfile(userId: string, form: UseFormReturn<ProfileUpdate, unknown, ProfileOutput>, onClose: () => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileOutput) => saveUserProfile(userId, values),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminUserProfileQuery(userId).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminVerifications });
      toast.success(t`User profile updated successfully`);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        for (const field of fieldNames) {
          const message = error.fields[field];
          if (message) form.setError(field, { type: "server", message });
        }
      }
      toast.error(error instanceof ApiError && isOwnAccountRefusal(error) ? error.shownMessage : t`Failed to update user profile`);
    },
  });
}
