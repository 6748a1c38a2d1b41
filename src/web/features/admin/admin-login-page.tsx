import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { messages } from "#shared/api-error.ts";
import { adminSignInSchema } from "#shared/auth-schemas.ts";
import type { Me } from "#shared/me.ts";
import { SignInFields } from "@/components/sign-in-fields.tsx";
import { AuthShell } from "@/components/auth-shell.tsx";
import { Button } from "@/components/ui/button.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { signInWithPassword, verifyTwoFactorCode, type SignInAnswer } from "./admin-api.ts";
import { redirectTarget, stateText } from "@/lib/location-state.ts";
import { useAuthActions } from "@/lib/session.ts";
import { recoveryCodeSchema, totpCodeSchema } from "#shared/two-factor-schemas.ts";
import { serverMessageText } from "@/lib/server-messages.ts";

/**
 * Admin login (/admin and /admin/login): e-mail and password, then, for an admin who has enrolled
 * an authenticator app, the 6-digit code or a recovery code.
 */
export default function AdminLoginPage() {
  const { t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const { endServerSession, refreshSession } = useAuthActions();
  const [step, setStep] = useState<"password" | "code">("password");
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  // A message handed over by the admin guard or an ended session, e.g. 'Access denied. Admin privileges required.'
  const redMessage = refusal ?? (step === "password" ? stateText(location.state, "message") : undefined);

  function refuse(message: string) {
    setRefusal(message);
    toast.error(message);
  }

  /** The session now exists: check it is an admin's and go on. Answers false when refused. */
  async function finish(): Promise<boolean> {
    let me: Me | null;
    try {
      me = await refreshSession();
    } catch {
      me = null;
    }
    if (!me) {
      refuse(t`Could not retrieve user information`);
      return false;
    }
    if (!me.isAdmin) {
      await endServerSession().catch(() => undefined);
      setStep("password");
      refuse(serverMessageText(messages.adminRequired));
      return false;
    }
    toast.success(t`Login successful!`);
    const target = redirectTarget(location.state, "/admin/dashboard");
    if (!me.twoFactorEnabled) void navigate("/admin/two-factor", { replace: true, state: { from: target } });
    else void navigate(target, { replace: true });
    return true;
  }

  return (
    <AuthShell
      title={t`Admin login`}
      description={step === "password" ? t`Sign in to the Nexapay back office.` : t`Two-factor authentication`}
      footer={
        <p>
          <Trans>
            First-time setup?{" "}
            <Link to="/make-admin" className="font-medium text-primary hover:underline">
              Create the first admin
            </Link>
          </Trans>
        </p>
      }
    >
      <title>{t`Admin login · Nexapay`}</title>
      {redMessage ? (
        <Notice tone="error" className="mb-5">
          {redMessage}
        </Notice>
      ) : null}
      {step === "password" ? (
        <PasswordStep
          onStart={() => setRefusal(undefined)}
          onRefused={refuse}
          onSignedIn={async (answer) => {
            if (answer.twoFactorRedirect) {
              setStep("code");
              return true;
            }
            return finish();
          }}
          endServerSession={endServerSession}
        />
      ) : (
        <CodeStep
          onStart={() => setRefusal(undefined)}
          onVerified={finish}
          onBack={() => {
            setRefusal(undefined);
            setStep("password");
          }}
        />
      )}
    </AuthShell>
  );
}

function PasswordStep({
  onStart,
  onRefused,
  onSignedIn,
  endServerSession,
}: {
  onStart: () => void;
  onRefused: (message: string) => void;
  onSignedIn: (answer: SignInAnswer) => Promise<boolean>;
  endServerSession: () => Promise<void>;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(adminSignInSchema), defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    onStart();
    // Any earlier session in this browser ends first.
    await endServerSession().catch(() => undefined);

    let answer: SignInAnswer | null;
    try {
      answer = await signInWithPassword(values);
    } catch (error) {
      onRefused(errorMessage(error, t`Login failed. Please check your credentials.`));
      setBusy(false);
      return;
    }
    const goneOn = await onSignedIn(answer ?? {});
    // On success the page is left (or the code step replaces this form); stay disabled meanwhile.
    if (!goneOn) setBusy(false);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset disabled={busy} className="grid gap-5">
        <SignInFields register={form.register} errors={errors} busy={busy} emailPlaceholder="admin@example.com" />
      </fieldset>
    </form>
  );
}

function CodeStep({ onStart, onVerified, onBack }: { onStart: () => void; onVerified: () => Promise<boolean>; onBack: () => void }) {
  const [mode, setMode] = useState<"totp" | "recovery">("totp");
  return mode === "totp" ? (
    <CodeForm key="totp" mode="totp" onStart={onStart} onVerified={onVerified} onBack={onBack} onSwitch={() => setMode("recovery")} />
  ) : (
    <CodeForm key="recovery" mode="recovery" onStart={onStart} onVerified={onVerified} onBack={onBack} onSwitch={() => setMode("totp")} />
  );
}

function CodeForm({
  mode,
  onStart,
  onVerified,
  onBack,
  onSwitch,
}: {
  mode: "totp" | "recovery";
  onStart: () => void;
  onVerified: () => Promise<boolean>;
  onBack: () => void;
  onSwitch: () => void;
}) {
  const { t } = useLingui();
  const codeFailedMessage = t`Login failed. Please try again.`;
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(mode === "totp" ? totpCodeSchema : recoveryCodeSchema), defaultValues: { code: "" } });
  const error = form.formState.errors.code?.message;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setBusy(true);
    onStart();
    try {
      await verifyTwoFactorCode(mode, code);
    } catch (failure) {
      const message = failure instanceof ApiError ? (failure.fields.code ?? errorMessage(failure, codeFailedMessage)) : codeFailedMessage;
      form.setError("code", { type: "server", message });
      toast.error(message);
      setBusy(false);
      form.setFocus("code");
      return;
    }
    if (!(await onVerified())) setBusy(false);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset disabled={busy} className="grid gap-5">
        <p className="text-sm text-muted-foreground">
          {mode === "totp"
            ? t`Open your authenticator app and enter the ${formatCount(6)}-digit code it shows for Nexapay.`
            : t`Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.`}
        </p>
        {mode === "totp" ? (
          <FormField id="code" label={t`Authentication code`} error={error}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              maxLength={7}
              autoFocus
              className="font-mono tracking-widest"
              {...controlProps("code", error)}
              {...form.register("code")}
            />
          </FormField>
        ) : (
          <FormField id="code" label={t`Recovery code`} error={error}>
            <Input
              autoComplete="off"
              spellCheck={false}
              autoFocus
              className="font-mono"
              {...controlProps("code", error)}
              {...form.register("code")}
            />
          </FormField>
        )}
        <Button type="submit" className="w-full">
          {busy ? t`Verifying...` : t`Verify`}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Button variant="link" className="h-auto p-0" onClick={onSwitch}>
            {mode === "totp" ? t`Use a recovery code instead` : t`Use your authenticator app instead`}
          </Button>
          <Button variant="link" className="h-auto p-0" onClick={onBack}>
            <Trans>Back to sign in</Trans>
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
