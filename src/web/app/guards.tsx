// Route guards (docs/product.md, Route guards). They wait for the session check, then render the page, or send the
// visitor to the right sign-in screen remembering where they were going (location state `from`).
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { messages } from "#shared/api-error.ts";
import { Button } from "@/components/ui/button.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { useSession } from "@/lib/session.ts";

const adminCheckFailedMessage = msg`Error verifying admin status. Please try again.`;

function useOrigin(): string {
  const location = useLocation();
  return location.pathname + location.search + location.hash;
}

export function UserGuard() {
  const { user, loading, error } = useSession();
  const from = useOrigin();
  if (loading) {
    return (
      <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center text-muted-foreground">
        <Trans>Loading...</Trans>
      </div>
    );
  }
  if (error) return <SessionCheckFailed />;
  if (!user) return <Navigate to="/login" replace state={{ from }} />;
  return <Outlet />;
}

export function AdminGuard() {
  const { user, isAdmin, loading, error } = useSession();
  const from = useOrigin();
  const { i18n } = useLingui();

  useEffect(() => {
    if (error) toast.error(adminCheckFailedMessage);
  }, [error, i18n]);

  if (loading) return <LoadingState label={i18n._(msg`Verifying admin credentials...`)} className="min-h-dvh" />;
  // A failed check means not an admin. The message goes in English, as the server says it: the admin
  // login shows it through serverMessageText (lib/server-messages.ts), in the shown language.
  if (error) return <Navigate to="/admin/login" replace state={{ message: messages.adminRequired }} />;
  if (!user) return <Navigate to="/admin/login" replace state={{ from }} />;
  if (!isAdmin) return <Navigate to="/admin/login" replace state={{ message: messages.adminRequired }} />;
  return <Outlet />;
}

/** The session could not be checked (server down, network gone): say so and offer to try again. */
function SessionCheckFailed() {
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-base font-medium">
        <Trans>We could not check your session. Please try again.</Trans>
      </p>
      <Button onClick={() => window.location.reload()}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
