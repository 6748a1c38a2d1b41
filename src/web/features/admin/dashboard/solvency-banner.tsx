import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { solvencyQuery } from "@/features/admin/solvency/solvency-api.ts";
import { alertSentence } from "@/features/admin/solvency/solvency-format.ts";

const refreshMs = 60_000;

/**
 * The red banner at the top of the dashboard (decision 053): coverage under 100 %, a drop of more
 * than 2 % in a day, or a reserve address Tether froze, one plain sentence each, with the way to the
 * Solvency screen. Nothing shows while all is well, or when the figures cannot be read (the Solvency
 * screen says so itself).
 */
export function SolvencyBanner() {
  const { t } = useLingui();
  const solvency = useQuery({ ...solvencyQuery, refetchInterval: refreshMs });
  const alerts = solvency.data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <section
      role="alert"
      aria-label={t`Solvency alerts`}
      className="mb-6 flex items-start gap-3 rounded-xl border border-red-300 bg-red-700 px-4 py-4 text-sm text-white shadow-sm"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid min-w-0 gap-2">
        <ul className="grid gap-1 font-medium [overflow-wrap:anywhere]">
          {alerts.map((alert) => (
            <li key={`${alert.kind}-${alert.address ?? ""}`}>{alertSentence(alert)}</li>
          ))}
        </ul>
        <Link to="/admin/solvency" className="w-fit font-semibold underline underline-offset-4 hover:no-underline">
          <Trans>Open the Solvency screen</Trans>
        </Link>
      </div>
    </section>
  );
}
