import { msg } from "@lingui/core/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { forgotPasswordSchema } from "#shared/auth-schemas.ts";
import { EmailField } from "@/components/sign-in-fields.tsx";
import { AuthShell } from "@/components/auth-shell.tsx";
import { Button } from "@/components/ui/button.tsx";
import { api } from "@/lib/api-client.ts";

/** Forgot password (/forgot-password): sends the reset link, then back to sign in. */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setBusy(true);
    try {
      await api.post("/api/auth/request-password-reset", { email, redirectTo: `${window.location.origin}/reset-password` });
    } catch {
      toast.error(msg`Failed to send reset email. Please try again.`);
      setBusy(false);
      return;
    }
    toast.success(msg`Password reset link sent to your email`);
    void navigate("/login", { state: { resetEmailSent: true } });
  });

  return (
    <AuthShell
      title={t`Reset your password`}
      description={t`Enter the email you signed up with and we will send you a link to choose a new password.`}
      footer={
        <p>
          <Trans>
            Remembered it?{" "}
            <Link to="/login" className="font-medium text-primary hover:underline">
              Back to sign in
            </Link>
          </Trans>
        </p>
      }
    >
      <title>{t`Forgot password · Nexapay`}</title>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={busy} className="grid gap-5">
          <EmailField register={form.register} errors={errors} />
          <Button type="submit" className="w-full">
            {busy ? t`Sending...` : t`Send reset link`}
          </Button>
        </fieldset>
      </form>
    </AuthShell>
  );
}
