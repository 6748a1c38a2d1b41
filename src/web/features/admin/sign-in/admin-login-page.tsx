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
import { TwoFactorCodeStep } from "@/components/two-factor-code-step.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { signInWithPassword, verifyTwoFactorCode, type SignInAnswer } from "./sign-in-api.ts";
import { redirectTarget, stateText } from "@/lib/location-state.ts";
import { useAuthActions } from "@/lib/session.ts";
import { serverMessageText } from "@/lib/server-messages.ts";

/**
 * Admin login (/admin and /admin/login): e-mail and password, then, for an admin who has enrolled
 * an authenticator app, the 6-digit code or a recovery code.
 */
export default function AdminLoginPage() {
  const { t } = useLingui();
  const location = useLocation();
  const { endServerSession } = useAuthActions();
  const [step, setStep] = useState<"password" | "code">("password");
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  // A message handed over by the admin guard or an ended session, e.g. 'Access denied. Admin privileges required.'
  const redMessage = refusal ?? (step === "password" ? stateText(location.state, "message") : undefined);

  function refuse(message: string) {
    setRefusal(message);
    toast.error(message);
  }

  const finish = useFinishSignIn(refuse, () => setStep("password"));

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
        <TwoFactorCodeStep
          verify={verifyTwoFactorCode}
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

/**
 * The session now exists: check it is an admin's and go on. The answer (a function) answers false when
 * refused; a customer is signed out again and sent back to the password step.
 */
function useFinishSignIn(refuse: (message: string) => void, backToPassword: () => void): () => Promise<boolean> {
  const { t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const { endServerSession, refreshSession } = useAuthActions();
  return async function finish(): Promise<boolean> {
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
      backToPassword();
      refuse(serverMessageText(messages.adminRequired));
      return false;
    }
    toast.success(t`Login successful!`);
    const target = redirectTarget(location.state, "/admin/dashboard");
    if (!me.twoFactorEnabled) void navigate("/admin/two-factor", { replace: true, state: { from: target } });
    else void navigate(target, { replace: true });
    return true;
  };
}
