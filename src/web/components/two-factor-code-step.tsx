import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast.tsx";
import { recoveryCodeSchema, totpCodeSchema } from "#shared/two-factor-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { serverMessageText } from "@/lib/server-messages.ts";

export type SecondFactorMode = "totp" | "recovery";

type StepProps = {
  /** Sends the code (POST verify-totp or verify-backup-code); throws when it is refused. */
  verify: (mode: SecondFactorMode, code: string) => Promise<unknown>;
  /** Called as a code is sent, to clear an earlier refusal shown above the form. */
  onStart: () => void;
  /** The code was right and the session exists: finish signing in. Answers false when that failed. */
  onVerified: () => Promise<boolean>;
  /** Back to the e-mail and password. */
  onBack: () => void;
};

/**
 * The code step of a sign-in, after the password, for anyone who turned on an authenticator app
 * (the customers' sign-in and the back office's): the app's 6-digit code, or one of the recovery
 * codes instead. Bengali digits are read as Latin ones (totpCodeSchema).
 */
export function TwoFactorCodeStep(props: StepProps) {
  const [mode, setMode] = useState<SecondFactorMode>("totp");
  // A form per mode (key), so a switch starts with an empty field and no error.
  return <CodeForm key={mode} mode={mode} {...props} onSwitch={() => setMode(mode === "totp" ? "recovery" : "totp")} />;
}

function CodeForm({ mode, verify, onStart, onVerified, onBack, onSwitch }: StepProps & { mode: SecondFactorMode; onSwitch: () => void }) {
  const { t } = useLingui();
  const codeFailedMessage = t`Login failed. Please try again.`;
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(mode === "totp" ? totpCodeSchema : recoveryCodeSchema), defaultValues: { code: "" } });
  const error = form.formState.errors.code?.message;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setBusy(true);
    onStart();
    try {
      await verify(mode, code);
    } catch (failure) {
      const message = failure instanceof ApiError ? (failure.fields.code ?? errorMessage(failure, codeFailedMessage)) : codeFailedMessage;
      form.setError("code", { type: "server", message });
      toast.error(() => serverMessageText(message));
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
