import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast.tsx";
import type { Me } from "#shared/me.ts";
import { profileUpdateSchema } from "#shared/profile-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { sessionQueryKey } from "@/lib/session.ts";
import { updateProfile } from "../customer-api.ts";

const fieldNames = ["fullName", "phone", "address", "documentNumber"] as const;

function valuesOf(me: Me) {
  return { fullName: me.fullName ?? "", phone: me.phone ?? "", address: me.address ?? "", documentNumber: me.documentNumber ?? "" };
}

/**
 * The profile form of /profile and of the verification screen's 'Manage Profile' dialog: e-mail
 * read-only, every other field optional (an emptied field is saved as null).
 */
export function ProfileForm({
  me,
  idPrefix = "profile",
  onSaved,
  secondaryAction,
}: {
  me: Me;
  idPrefix?: string;
  onSaved?: () => void;
  secondaryAction?: ReactNode;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(profileUpdateSchema), defaultValues: valuesOf(me) });
  const { errors } = form.formState;
  const id = (name: string) => `${idPrefix}-${name}`;

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const saved = await updateProfile(values);
      queryClient.setQueryData(queryKeys.me, saved);
      queryClient.setQueryData(sessionQueryKey, saved);
      form.reset(valuesOf(saved));
      toast.success(msg`Profile updated successfully`);
      onSaved?.();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of fieldNames) {
          const message = error.fields[field];
          if (message) form.setError(field, { type: "server", message });
        }
      }
      toast.error(msg`Failed to update profile`);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset disabled={busy} className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor={id("email")}>
            <Trans>Email</Trans>
          </Label>
          <Input id={id("email")} type="email" value={me.email} readOnly aria-describedby={id("email-hint")} className="bg-muted" />
          <p id={id("email-hint")} className="text-xs text-muted-foreground">
            <Trans>Email cannot be changed</Trans>
          </p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={id("fullName")} label={t`Full name`} error={errors.fullName?.message}>
            <Input
              autoComplete="name"
              placeholder={t`Your full name`}
              {...controlProps(id("fullName"), errors.fullName?.message)}
              {...form.register("fullName")}
            />
          </FormField>
          <FormField id={id("phone")} label={t`Phone`} error={errors.phone?.message}>
            <Input
              type="tel"
              autoComplete="tel"
              placeholder="01XXXXXXXXX"
              {...controlProps(id("phone"), errors.phone?.message)}
              {...form.register("phone")}
            />
          </FormField>
        </div>
        <FormField id={id("address")} label={t`Address`} error={errors.address?.message}>
          <Textarea
            rows={3}
            autoComplete="street-address"
            placeholder={t`House, road, area, city`}
            {...controlProps(id("address"), errors.address?.message)}
            {...form.register("address")}
          />
        </FormField>
        <FormField id={id("documentNumber")} label={t`ID/Passport/License number`} error={errors.documentNumber?.message}>
          <Input
            autoComplete="off"
            placeholder={t`ID/Passport number`}
            {...controlProps(id("documentNumber"), errors.documentNumber?.message)}
            {...form.register("documentNumber")}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {secondaryAction}
          <Button type="submit">{busy ? t`Saving...` : t`Save Changes`}</Button>
        </div>
      </fieldset>
    </form>
  );
}
