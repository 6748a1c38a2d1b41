import { zodResolver } from "@hookform/resolvers/zod";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { signInSchema } from "#shared/auth-schemas.ts";
import { SignInFields } from "@/components/sign-in-fields.tsx";
import { AuthShell } from "@/components/auth-shell.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { TwoFactorCodeStep } from "@/components/two-factor-code-step.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { redirectTarget, stateFlag } from "@/lib/location-state.ts";
import { useAuthActions } from "@/lib/session.ts";
import { signInWithPassword, verifySecondFactor, type SignInAnswer } from "./auth-api.ts";

// The screen's failure message and redirect delay (docs/product.md, Signing up and signing in).
const signInFailedMessage = msg`Failed to login. Please check your credentials.`;
const redirectDelayMs = 100;

/**
 * Sign in (/login): e-mail and password, then, for a customer who turned on an authenticator app
 * (Profile › Security, decision 039), the 6-digit code or a recovery code.
 */
export default function LoginPage() {
  const { t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const { endServerSession, refreshSession } = useAuthActions();
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<"password" | "code">("password");
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;

  /** The session now exists: read who it is and go on. Answers false when that failed. */
  async function finish(): Promise<boolean> {
    const me = await refreshSession().catch(() => null);
    if (!me) {
      toast.error(signInFailedMessage);
      return false;
    }
    toast.success(msg`Logged in successfully!`);
    // The form stays disabled until the next page shows.
    const to = redirectTarget(location.state, "/dashboard");
    setTimeout(() => void navigate(to, { replace: true }), redirectDelayMs);
    return true;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    // Any earlier session in this browser ends first, and with it whatever was read for it.
    await endServerSession().catch(() => undefined);
    let answer: SignInAnswer | null;
    try {
      answer = await signInWithPassword(values);
    } catch (error) {
      toast.error((i18n) => errorMessage(error, i18n._(signInFailedMessage)));
      setBusy(false);
      return;
    }
    if (answer?.twoFactorRedirect) {
      setBusy(false);
      setStep("code");
      return;
    }
    if (!(await finish())) setBusy(false);
  });

  return (
    <AuthShell
      title={t`Sign in to your account`}
      description={step === "code" ? t`Enter the ${formatCount(6)}-digit code from your authenticator app` : undefined}
      footer={
        <div className="grid justify-items-center gap-2">
          <p>
            <Trans>Don&apos;t have an account?</Trans>
          </p>
          <Button variant="outline" className="w-full max-w-xs bg-white" disabled={busy} onClick={() => void navigate("/signup")}>
            <Trans>Sign up</Trans>
          </Button>
        </div>
      }
    >
      <title>{t`Sign in · Nexapay`}</title>
      {stateFlag(location.state, "resetEmailSent") ? (
        <Notice tone="success" className="mb-5">
          <Trans>Password reset link has been sent to your email. Please check your inbox.</Trans>
        </Notice>
      ) : null}
      {stateFlag(location.state, "passwordReset") ? (
        <Notice tone="success" className="mb-5">
          <Trans>Your password has been reset. Sign in with your new password.</Trans>
        </Notice>
      ) : null}
      {step === "password" ? (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <fieldset disabled={busy} className="grid gap-5">
            <SignInFields
              register={form.register}
              errors={errors}
              busy={busy}
              passwordAside={
                <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
                  <Trans>Forgot your password?</Trans>
                </Link>
              }
            />
          </fieldset>
        </form>
      ) : (
        <TwoFactorCodeStep
          verify={verifySecondFactor}
          onStart={() => undefined}
          onVerified={finish}
          onBack={() => {
            form.resetField("password");
            setStep("password");
          }}
        />
      )}
    </AuthShell>
  );
}
