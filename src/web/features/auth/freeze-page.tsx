import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, ShieldCheck } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { freezeLinkInvalidMessage } from "#shared/account-security-schemas.ts";
import { AuthShell } from "@/components/auth-shell.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { api, errorMessage } from "@/lib/api-client.ts";
import { serverMessageText } from "@/lib/server-messages.ts";
import { sessionQueryKey } from "@/lib/session.ts";

const freezeFailedMessage = msg`We could not freeze your account. Please try again, or contact our support.`;

/**
 * The "This wasn't me" link of a security alert (/freeze?token=…, decision 039): one click from the
 * e-mail, with no sign-in, freezes the account. The page asks for the freeze with a POST when it
 * opens; the link itself changes nothing (a GET never freezes), so the mail scanners that fetch every
 * link of a message to check it do not freeze accounts: they do not run this page's script.
 */
export default function FreezePage() {
  const { t, i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const queryClient = useQueryClient();
  const freeze = useMutation({
    mutationFn: () => api.post<{ frozen: true }>("/api/account/freeze", { token }),
    // Every session has ended, this browser's too: the app must not think it is still signed in.
    onSuccess: () => queryClient.setQueryData(sessionQueryKey, null),
  });
  // Once per page (React runs effects twice in development; a second POST would answer the same anyway).
  const asked = useRef(false);
  useEffect(() => {
    if (token === "" || asked.current) return;
    asked.current = true;
    freeze.mutate();
  }, [token, freeze]);

  let body;
  if (token === "") body = <Failed message={serverMessageText(freezeLinkInvalidMessage)} />;
  else if (freeze.isError) body = <Failed message={errorMessage(freeze.error, i18n._(freezeFailedMessage))} />;
  else if (freeze.isSuccess) body = <Frozen />;
  else body = <LoadingState label={t`Freezing your account...`} className="py-10" />;

  return (
    <AuthShell title={t`Freeze your account`} logoTo="/login">
      <title>{t`Freeze your account · Nexapay`}</title>
      {body}
    </AuthShell>
  );
}

function Frozen() {
  return (
    <div role="status" className="grid justify-items-center gap-4 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <ShieldCheck aria-hidden="true" className="size-6" />
      </div>
      <p className="text-base font-medium">
        <Trans>Your account is frozen.</Trans>
      </p>
      <p className="text-sm text-muted-foreground">
        <Trans>Everyone has been signed out and withdrawals are stopped. We sent you an e-mail to choose a new password.</Trans>
      </p>
      <p className="text-sm text-muted-foreground">
        <Trans>Our support team will unfreeze your account once you have talked to them.</Trans>
      </p>
      <Button asChild className="w-full">
        <Link to="/contact">
          <Trans>Contact support</Trans>
        </Link>
      </Button>
    </div>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <div role="alert" className="grid justify-items-center gap-4 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <CircleAlert aria-hidden="true" className="size-6" />
      </div>
      <p className="text-base font-medium">{message}</p>
      <p className="text-sm text-muted-foreground">
        <Trans>If you think someone else is using your account, contact our support now.</Trans>
      </p>
      <Button asChild className="w-full">
        <Link to="/contact">
          <Trans>Contact support</Trans>
        </Link>
      </Button>
    </div>
  );
}
