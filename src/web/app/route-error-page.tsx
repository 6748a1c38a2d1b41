import { Trans, useLingui } from "@lingui/react/macro";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { LogoMark } from "@/components/logo.tsx";
import { Button } from "@/components/ui/button.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

/**
 * What shows when a screen fails to render or its code cannot be loaded (typically a new release
 * replaced the chunk this tab was about to fetch): an apology and a reload.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useLingui();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <title>{t`Something went wrong · Nexapay`}</title>
      <LogoMark className="size-12" />
      <div className="grid gap-2">
        <h1 className="text-xl font-semibold">
          <Trans>Something went wrong</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Please reload the page. If it happens again, contact support.</Trans>
        </p>
      </div>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">
            <Trans>Go to home</Trans>
          </Link>
        </Button>
      </div>
    </main>
  );
}
