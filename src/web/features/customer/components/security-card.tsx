import { msg } from "@lingui/core/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { KeyRound, ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast.tsx";
import type { Me } from "#shared/me.ts";
import { totpCodeSchema, twoFactorDisableSchema } from "#shared/two-factor-schemas.ts";
import { AuthenticatorKey } from "@/components/authenticator-key.tsx";
import { CopyButton, RecoveryCodeList } from "@/components/recovery-codes.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { PasswordField } from "@/components/ui/password-field.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { useTwoFactorPasswordStep } from "@/lib/use-two-factor-password-step.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { sessionQueryKey } from "@/lib/session.ts";
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor, type Enrolment } from "../customer-api.ts";

/** The withdrawal hold after a security change (SECURITY_HOLD_HOURS, decision 039), as the product ships it. */
const holdHours = 24;

type Step =
  { name: "idle" } | { name: "password" } | { name: "scan"; enrolment: Enrolment } | { name: "codes"; codes: string[] } | { name: "off" };

/**
 * Profile › Security: the authenticator app, off or on (decision 039). Turning it on asks the password,
 * shows the QR code and key, takes a first code from the app, then shows the recovery codes once;
 * turning it off asks the password and a current code. Either pauses withdrawals for a day.
 */
export function SecurityCard({ me }: { me: Me }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const hours = formatCount(holdHours);
  // While the recovery codes are on screen the card stays on them, although the app is now on.
  const enabled = me.twoFactorEnabled;

  /** The profile, the session and the list of sessions read again: enrolment ended the other sessions. */
  async function refresh(): Promise<void> {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    ]);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Security</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Protect your account with a second step when you sign in.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h3 className="flex flex-wrap items-center gap-2 text-sm font-medium">
              <Trans>Authenticator app</Trans>
              {enabled ? (
                <Badge tone="success">
                  <ShieldCheck aria-hidden="true" />
                  <Trans>On</Trans>
                </Badge>
              ) : (
                <Badge tone="neutral">
                  <ShieldOff aria-hidden="true" />
                  <Trans>Off</Trans>
                </Badge>
              )}
            </h3>
            <p className="text-sm text-muted-foreground">
              {enabled
                ? t`When you sign in, we ask for the code from your authenticator app after your password.`
                : t`Ask for a code from an app on your phone, such as Google Authenticator, each time you sign in.`}
            </p>
          </div>
          {step.name === "idle" ? (
            enabled ? (
              <Button variant="outline" onClick={() => setStep({ name: "off" })}>
                <Trans>Turn off</Trans>
              </Button>
            ) : (
              <Button onClick={() => setStep({ name: "password" })}>
                <Trans>Turn on</Trans>
              </Button>
            )
          ) : null}
        </div>
        {step.name === "idle" ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Turning it on or off pauses withdrawals for {hours} hours, so that nobody else can take your money right after.</Trans>
          </p>
        ) : null}
        {step.name === "password" ? (
          <PasswordStep onCancel={() => setStep({ name: "idle" })} onEnabled={(enrolment) => setStep({ name: "scan", enrolment })} />
        ) : null}
        {step.name === "scan" ? (
          <ScanStep
            enrolment={step.enrolment}
            onCancel={() => setStep({ name: "idle" })}
            onConfirmed={async () => {
              setStep({ name: "codes", codes: step.enrolment.backupCodes });
              toast.success(msg`The authenticator app is on.`);
              await refresh();
            }}
          />
        ) : null}
        {step.name === "codes" ? <CodesStep codes={step.codes} onDone={() => setStep({ name: "idle" })} /> : null}
        {step.name === "off" ? (
          <TurnOffStep
            onCancel={() => setStep({ name: "idle" })}
            onDisabled={async () => {
              setStep({ name: "idle" });
              toast.success(msg`The authenticator app is off.`);
              await refresh();
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The password again, before the secret is made. */
function PasswordStep({ onCancel, onEnabled }: { onCancel: () => void; onEnabled: (enrolment: Enrolment) => void }) {
  const { t } = useLingui();
  const { form, busy, error, onSubmit } = useTwoFactorPasswordStep(enableTwoFactor, onEnabled);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="rounded-lg border border-border p-4">
      <fieldset disabled={busy} className="grid gap-4">
        <PasswordField
          id="security-password"
          label={t`Confirm your password`}
          error={error}
          autoComplete="current-password"
          autoFocus
          {...form.register("password")}
        />
        <StepButtons busy={busy} submitLabel={busy ? t`Starting...` : t`Continue`} onCancel={onCancel} />
      </fieldset>
    </form>
  );
}

/** The QR code and key, then a first code from the app: it proves the app works and completes the enrolment. */
function ScanStep({ enrolment, onCancel, onConfirmed }: { enrolment: Enrolment; onCancel: () => void; onConfirmed: () => Promise<void> }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: "" } });
  const error = form.formState.errors.code?.message;
  const digits = formatCount(6);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setBusy(true);
    try {
      await confirmTwoFactor(code);
    } catch (failure) {
      const invalid = t`Invalid code`;
      form.setError("code", {
        type: "server",
        message: failure instanceof ApiError ? (failure.fields.code ?? errorMessage(failure, invalid)) : invalid,
      });
      setBusy(false);
      form.setFocus("code");
      return;
    }
    await onConfirmed();
  });

  return (
    <div className="grid gap-4 rounded-lg border border-border p-4">
      <p className="text-sm font-medium">
        <Trans>1. Scan this QR code with your authenticator app</Trans>
      </p>
      <AuthenticatorKey totpUri={enrolment.totpURI} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={busy} className="grid gap-4">
          <FormField id="security-code" label={t`2. Enter the ${digits}-digit code from the app`} error={error}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              maxLength={7}
              className="font-mono tracking-widest"
              {...controlProps("security-code", error)}
              {...form.register("code")}
            />
          </FormField>
          <StepButtons busy={busy} submitLabel={busy ? t`Verifying...` : t`Turn on`} onCancel={onCancel} />
        </fieldset>
      </form>
    </div>
  );
}

/** The recovery codes, shown this once. */
function CodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-3 rounded-lg border border-border p-4">
      <p className="text-sm font-medium">
        <Trans>Save your recovery codes</Trans>
      </p>
      <p className="text-sm text-muted-foreground">
        <Trans>
          If you lose your phone, each of these codes signs you in once. They are shown only now: keep them somewhere safe, such as a
          password manager.
        </Trans>
      </p>
      <RecoveryCodeList codes={codes} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CopyButton text={codes.join("\n")} label={t`Copy codes`} />
        <Button onClick={onDone}>
          <Trans>I have saved them</Trans>
        </Button>
      </div>
    </div>
  );
}

/** The password and a current code: neither a stolen password nor a phone left unlocked is enough alone. */
function TurnOffStep({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => Promise<void> }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(twoFactorDisableSchema), defaultValues: { password: "", code: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await disableTwoFactor(values);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      if (fields.password) form.setError("password", { type: "server", message: fields.password });
      if (fields.code) form.setError("code", { type: "server", message: fields.code });
      if (!fields.password && !fields.code)
        toast.error((i18n) => errorMessage(failure, i18n._(msg`Could not turn off the authenticator app.`)));
      setBusy(false);
      return;
    }
    await onDisabled();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="rounded-lg border border-border p-4">
      <fieldset disabled={busy} className="grid gap-4">
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Trans>Without it, your password alone signs you in.</Trans>
        </p>
        <PasswordField
          id="security-off-password"
          label={t`Password`}
          error={errors.password?.message}
          autoComplete="current-password"
          autoFocus
          {...form.register("password")}
        />
        <FormField
          id="security-off-code"
          label={t`Code from your authenticator app`}
          error={errors.code?.message}
          hint={t`Or one of your recovery codes.`}
        >
          <Input
            autoComplete="one-time-code"
            spellCheck={false}
            placeholder="123456"
            className="font-mono"
            {...controlProps("security-off-code", errors.code?.message)}
            {...form.register("code")}
          />
        </FormField>
        <StepButtons busy={busy} submitLabel={busy ? t`Turning off...` : t`Turn off`} onCancel={onCancel} destructive />
      </fieldset>
    </form>
  );
}

function StepButtons({
  busy,
  submitLabel,
  onCancel,
  destructive = false,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
  destructive?: boolean;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" variant={destructive ? "destructive" : "default"}>
        <KeyRound aria-hidden="true" />
        {submitLabel}
      </Button>
    </div>
  );
}
