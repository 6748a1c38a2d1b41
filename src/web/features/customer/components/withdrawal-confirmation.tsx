import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useEffect, useState } from "react";
import { latinDigits } from "#shared/money.ts";
import type { ApiError, ApiErrorDetails } from "@/lib/api-client.ts";
import { dateFormatter, formatCount } from "@/lib/locale-format.ts";
import { Button } from "@/components/ui/button.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";

/** The code as the server reads it: Latin digits, no spaces; null unless it is six digits. */
export function typedCode(text: string): string | null {
  const code = latinDigits(text).replace(/\s+/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}

/** Seconds until `at` (0 once it has passed), ticking every second while it lasts. */
function useSecondsUntil(at: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!at) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at ? Math.max(0, Math.ceil((Date.parse(at) - now) / 1000)) : 0;
}

/**
 * The owner's code inside the review of a withdrawal (decision 039): where the code went ("We sent a
 * code to r•••@gmail.com") or that the authenticator's is wanted, the field (Bengali digits read as
 * typed), and "Send a new code", which waits a minute between codes as the server does.
 */
export function ConfirmationCodeField({
  confirmation,
  code,
  onCode,
  error,
  busy,
  onResend,
}: {
  confirmation: ApiErrorDetails;
  code: string;
  onCode: (code: string) => void;
  error: string | null;
  busy: boolean;
  onResend: () => void;
}) {
  const { t } = useLingui();
  const wait = useSecondsUntil(confirmation.resendAt);
  const sentTo = confirmation.sentTo;
  const waitText = formatCount(wait);
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4" data-testid="confirmation-code">
      <p className="text-sm [overflow-wrap:anywhere]">
        {confirmation.method === "totp" ? (
          <Trans>Enter the 6-digit code from your authenticator app to confirm this withdrawal.</Trans>
        ) : sentTo ? (
          <Trans>We sent a code to {sentTo}. It works for 10 minutes, for this amount and number only.</Trans>
        ) : (
          <Trans>We sent a code to your e-mail a moment ago. Enter it to confirm this withdrawal.</Trans>
        )}
      </p>
      <FormField id="confirmationCode" label={t`Confirmation code`} error={error ?? undefined}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={11}
          placeholder="123456"
          value={code}
          onChange={(event) => onCode(event.target.value)}
          {...controlProps("confirmationCode", error ?? undefined)}
        />
      </FormField>
      {confirmation.method === "email" ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" size="sm" onClick={onResend} disabled={busy || wait > 0}>
            <Trans>Send a new code</Trans>
          </Button>
          {wait > 0 ? (
            <span className="text-xs text-muted-foreground" aria-live="polite">
              <Trans>You can ask for a new code in {waitText} s.</Trans>
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const holdEndFormat = dateFormatter({ dateStyle: "medium", timeStyle: "short" });

/**
 * A refusal about the account rather than the form (decision 039), in the shown language, with its
 * way forward: verify the identity, wait for the hold to end, or contact support about a freeze.
 */
export function AccountRefusalNotice({ refusal }: { refusal: ApiError }) {
  if (refusal.code === "VERIFICATION_REQUIRED") return <VerifyToWithdrawNotice />;
  if (refusal.code === "SECURITY_HOLD" && refusal.details.until) {
    const until = holdEndFormat(refusal.details.until);
    return (
      <Notice tone="error">
        <Trans>For your safety, withdrawals are paused after a password or security change. You can withdraw again after {until}.</Trans>
      </Notice>
    );
  }
  if (refusal.code === "ACCOUNT_FROZEN") {
    return (
      <Notice tone="error">
        <Trans>
          Your account is frozen. Withdrawals are stopped until our support team unfreezes it.{" "}
          <Link to="/support" className="font-medium underline">
            Contact support
          </Link>
        </Trans>
      </Notice>
    );
  }
  return <Notice tone="error">{refusal.shownMessage}</Notice>;
}

/** "Verify your identity to withdraw", with the way there. */
export function VerifyToWithdrawNotice() {
  return (
    <Notice tone="error">
      <Trans>
        Verify your identity to withdraw.{" "}
        <Link to="/verification" className="font-medium underline">
          Go to Verification
        </Link>
      </Trans>
    </Notice>
  );
}
