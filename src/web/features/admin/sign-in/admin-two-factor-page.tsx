import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useLocation, useNavigate } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { AuthShell } from "@/components/auth-shell.tsx";
import { AuthenticatorKey } from "@/components/authenticator-key.tsx";
import { CopyButton, RecoveryCodeList } from "@/components/recovery-codes.tsx";
import { Button } from "@/components/ui/button.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { PasswordField } from "@/components/ui/password-field.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { useTwoFactorPasswordStep } from "@/lib/use-two-factor-password-step.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { enableTwoFactor, verifyTwoFactorCode, type Enrolment } from "./sign-in-api.ts";
import { redirectTarget } from "@/lib/location-state.ts";
import { useAuthActions, useSession } from "@/lib/session.ts";
import { totpCodeSchema } from "#shared/two-factor-schemas.ts";

/**
 * Enrolment of an admin's second factor (/admin/two-factor): the password again, then
 * the QR code and key for an authenticator app, the one-time recovery codes, and a first code
 * that proves the app works. Until this is done every /api/admin call is refused.
 */
export default function AdminTwoFactorPage() {
  const { t } = useLingui();
  const { user } = useSession();
  const { signOut } = useAuthActions();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const enrolled = user?.twoFactorEnabled === true;

  if (enrolled && !enrolment) return <Navigate to="/admin/dashboard" replace />;

  return (
    <AuthShell
      title={t`Set up two-factor sign-in`}
      description={t`Admins sign in with a password and a code from an authenticator app.`}
      logoTo="/admin/login"
      footer={
        <Button variant="link" onClick={() => void signOut("/admin").catch(() => toast.error(t`Failed to log out.`))}>
          <Trans>Log out</Trans>
        </Button>
      }
    >
      <title>{t`Two-factor sign-in · Nexapay`}</title>
      {enrolment ? <EnrolmentSteps enrolment={enrolment} /> : <PasswordStep onEnabled={setEnrolment} />}
    </AuthShell>
  );
}

function PasswordStep({ onEnabled }: { onEnabled: (enrolment: Enrolment) => void }) {
  const { t } = useLingui();
  const { user } = useSession();
  const { form, busy, error, onSubmit } = useTwoFactorPasswordStep(enableTwoFactor, onEnabled);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset disabled={busy} className="grid gap-5">
        <div className="flex items-start gap-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            <Trans>
              The back office moves money, so your account needs a second factor before you can use it. You will need an authenticator app
              such as Google Authenticator, Microsoft Authenticator or 1Password.
            </Trans>
          </p>
        </div>
        {user ? (
          <p className="text-sm text-muted-foreground">
            <Trans>
              Signed in as <span className="font-medium text-foreground">{user.email}</span>. Confirm your password to begin.
            </Trans>
          </p>
        ) : null}
        <PasswordField id="password" label={t`Password`} error={error} autoComplete="current-password" {...form.register("password")} />
        <Button type="submit" className="w-full">
          {busy ? t`Starting...` : t`Continue`}
        </Button>
      </fieldset>
    </form>
  );
}

function EnrolmentSteps({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useLingui();
  const savedId = useId();
  const [saved, setSaved] = useState(false);

  return (
    <div className="grid gap-6">
      <section aria-labelledby="step-scan" className="grid gap-3">
        <h2 id="step-scan" className="text-base font-semibold">
          <Trans>1. Scan this QR code with your authenticator app</Trans>
        </h2>
        <AuthenticatorKey totpUri={enrolment.totpURI} />
      </section>

      <section aria-labelledby="step-codes" className="grid gap-3">
        <h2 id="step-codes" className="text-base font-semibold">
          <Trans>2. Save your recovery codes</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            If you lose your phone, each of these codes signs you in once. They are shown only now: keep them somewhere safe, such as a
            password manager.
          </Trans>
        </p>
        <RecoveryCodeList codes={enrolment.backupCodes} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CopyButton text={enrolment.backupCodes.join("\n")} label={t`Copy codes`} />
          <label htmlFor={savedId} className="flex items-center gap-2 text-sm font-medium">
            <input
              id={savedId}
              type="checkbox"
              checked={saved}
              onChange={(event) => setSaved(event.target.checked)}
              className="size-4 accent-emerald-700"
            />
            <Trans>I have saved these codes</Trans>
          </label>
        </div>
      </section>

      <VerifyStep saved={saved} />
    </div>
  );
}

/** Step 3: the app's first code proves the key was scanned; the back office then opens. */
function VerifyStep({ saved }: { saved: boolean }) {
  const { t } = useLingui();
  const codeLength = formatCount(6);
  const navigate = useNavigate();
  const location = useLocation();
  const { refreshSession } = useAuthActions();
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: "" } });
  const error = form.formState.errors.code?.message;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setBusy(true);
    try {
      await verifyTwoFactorCode("totp", code);
    } catch (failure) {
      const invalid = t`Invalid code`;
      const message = failure instanceof ApiError ? (failure.fields.code ?? errorMessage(failure, invalid)) : invalid;
      form.setError("code", { type: "server", message });
      setBusy(false);
      return;
    }
    await refreshSession().catch(() => null);
    toast.success(t`Two-factor sign-in is set up.`);
    void navigate(redirectTarget(location.state, "/admin/dashboard"), { replace: true });
  });

  return (
    <section aria-labelledby="step-verify" className="grid gap-3">
      <h2 id="step-verify" className="text-base font-semibold">
        <Trans>3. Enter the {codeLength}-digit code from the app</Trans>
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={busy || !saved} className="grid gap-4">
          <FormField
            id="code"
            label={t`Authentication code`}
            error={error}
            hint={saved ? undefined : t`First confirm that you saved the recovery codes.`}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              maxLength={7}
              className="font-mono tracking-widest"
              {...controlProps("code", error)}
              {...form.register("code")}
            />
          </FormField>
          <Button type="submit" className="w-full">
            <KeyRound aria-hidden="true" />
            {busy ? t`Verifying...` : t`Verify and finish`}
          </Button>
        </fieldset>
      </form>
    </section>
  );
}
