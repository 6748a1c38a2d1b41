import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { messages } from "#shared/api-error.ts";
import { firstAdminFormSchema } from "#shared/auth-schemas.ts";
import { EmailField } from "@/components/sign-in-fields.tsx";
import { NewPasswordFields } from "@/components/new-password-fields.tsx";
import { AuthShell } from "@/components/auth-shell.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { adminPasswordLengthMin } from "#shared/password-policy.ts";
import { createFirstAdmin, setupQuery } from "./sign-in-api.ts";
import { serverMessageText } from "@/lib/server-messages.ts";

/**
 * First-run setup (/make-admin): creates the first super_admin while no admin exists;
 * afterwards it only says that setup is complete.
 */
export default function MakeAdminPage() {
  const { t } = useLingui();
  const setup = useQuery(setupQuery);

  const complete = setup.data?.needsFirstAdmin === false;
  let body;
  if (setup.isPending) body = <LoadingState label={t`Checking setup...`} className="py-10" />;
  else if (setup.isError)
    body = (
      <Notice tone="error">
        <Trans>Could not check the setup status. Please reload the page.</Trans>
      </Notice>
    );
  else if (complete) body = <SetupComplete />;
  else body = <FirstAdminForm />;

  return (
    <AuthShell
      title={complete ? t`Admin setup` : t`Create the first admin`}
      description={t`First-time setup of the Nexapay back office.`}
      logoTo="/admin/login"
    >
      <title>{t`First-time setup · Nexapay`}</title>
      {body}
    </AuthShell>
  );
}

function SetupComplete() {
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <CircleCheck aria-hidden="true" className="size-6" />
      </div>
      <p className="text-base font-medium">{serverMessageText(messages.setupComplete)}</p>
      <p className="text-sm text-muted-foreground">
        <Trans>Further admins are added from Admin Settings.</Trans>
      </p>
      <Button asChild className="w-full">
        <Link to="/admin/login">
          <Trans>Go to admin login</Trans>
        </Link>
      </Button>
    </div>
  );
}

function FirstAdminForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(firstAdminFormSchema), defaultValues: { email: "", password: "", confirmPassword: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setBusy(true);
    try {
      await createFirstAdmin({ email, password });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone else finished setup meanwhile.
        queryClient.setQueryData(setupQuery.queryKey, { needsFirstAdmin: false });
        return;
      }
      if (error instanceof ApiError) {
        for (const field of ["email", "password"] as const) {
          const message = error.fields[field];
          if (message) form.setError(field, { type: "server", message });
        }
      }
      const reason = error instanceof ApiError && error.message ? error.message : t`Unknown error`;
      toast.error(t`Failed to add admin: ${reason}`);
      setBusy(false);
      return;
    }
    toast.success(t`Admin user added successfully!`);
    queryClient.setQueryData(setupQuery.queryKey, { needsFirstAdmin: false });
    void navigate("/admin/login");
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset disabled={busy} className="grid gap-5">
        <p className="text-sm text-muted-foreground">
          <Trans>No admin exists yet. This account becomes the super admin, who can add further admins.</Trans>
        </p>
        <EmailField register={form.register} errors={errors} placeholder="admin@example.com" />
        <NewPasswordFields
          register={form.register}
          errors={errors}
          hint={t`At least ${formatCount(adminPasswordLengthMin)} characters.`}
          placeholder={t`Create a password`}
          confirmPlaceholder={t`Repeat the password`}
        />
        <Button type="submit" className="w-full">
          {busy ? t`Creating admin...` : t`Create admin`}
        </Button>
      </fieldset>
    </form>
  );
}
