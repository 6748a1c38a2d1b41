import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { LogoMark } from "@/components/logo.tsx";
import { Button } from "@/components/ui/button.tsx";

/** Any unknown path. */
export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <title>{t`Page not found · Nexapay`}</title>
      <LogoMark className="size-12" />
      <div className="grid gap-2">
        <p className="text-6xl font-bold text-slate-900">404</p>
        <h1 className="text-xl font-semibold text-slate-700">
          <Trans>Oops! Page not found</Trans>
        </h1>
      </div>
      <Button asChild>
        <Link to="/">
          <Trans>Return to Home</Trans>
        </Link>
      </Button>
    </main>
  );
}
