import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { resetPasswordFormSchema } from "#shared/auth-schemas.ts";
import { NewPasswordFields } from "@/components/new-password-fields.tsx";
import { AuthShell } from "@/components/auth-shell.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { ApiError, api, errorMessage } from "@/lib/api-client.ts";
import { resetLinkInvalidMessage } from "@/features/auth/auth-messages.ts";

// The screen's failure message and redirect delay (docs/product.md, Signing up and signing in).
const resetFailedMessage = msg`Failed to reset password. Please try again.`;
const redirectDelayMs = 1500;

/** Reset password (/reset-password?token=…): checks the link, then takes the new password. */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  // A link is checked once: its answer must not be refetched or cached for another visit.
  const verification = useQuery({
    queryKey: ["reset-password-token", token],
    queryFn: () => api.post<{ valid: boolean }>("/api/auth/reset-password/verify", { token }),
    enabled: token !== "",
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  let body;
  if (token === "") body = <InvalidLink />;
  else if (verification.isPending) body = <LoadingState label={t`Verifying your reset link...`} className="py-10" />;
  else if (verification.isError || !verification.data.valid) body = <InvalidLink />;
  else body = <NewPasswordForm token={token} />;

  return (
    <AuthShell title={t`Reset password`} logoTo="/login">
      <title>{t`Reset password · Nexapay`}</title>
      {body}
    </AuthShell>
  );
}

function InvalidLink() {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="grid justify-items-center gap-4 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <CircleAlert aria-hidden="true" className="size-6" />
      </div>
      <p className="text-base font-medium">{i18n._(resetLinkInvalidMessage)}</p>
      <p className="text-sm text-muted-foreground">
        <Trans>Reset links work once and expire after an hour.</Trans>
      </p>
      <Button asChild className="w-full">
        <Link to="/forgot-password">
          <Trans>Request New Link</Trans>
        </Link>
      </Button>
    </div>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: "", confirmPassword: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setBusy(true);
    try {
      await api.post("/api/auth/reset-password", { newPassword: password, token });
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields.newPassword : undefined;
      if (fieldMessage) form.setError("password", { type: "server", message: fieldMessage });
      toast.error(errorMessage(error, i18n._(resetFailedMessage)));
      setBusy(false);
      return;
    }
    toast.success(t`Your password has been reset successfully!`);
    setTimeout(() => void navigate("/login", { replace: true, state: { passwordReset: true } }), redirectDelayMs);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset disabled={busy} className="grid gap-5">
        <NewPasswordFields
          register={form.register}
          errors={errors}
          label={t`New password`}
          hint={t`At least 8 characters, with an uppercase letter, a lowercase letter and a number.`}
          placeholder={t`Enter a new password`}
          confirmPlaceholder={t`Repeat the new password`}
        />
        <Button type="submit" className="w-full">
          {busy ? t`Resetting password...` : t`Reset password`}
        </Button>
      </fieldset>
    </form>
  );
}
