import { Trans } from "@lingui/react/macro";
import { Send } from "lucide-react";
import { StatusBadge } from "@/components/status-badge.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import type { CustomerStatus } from "../decision-state.ts";

/**
 * A transaction's status as the customer reads it: the shared badge (Pending, Completed, Rejected,
 * Expired), or 'Approved, being paid' in blue for a withdrawal an admin approved, at every step of
 * the back office until the payout (the back office keeps its own words for those steps).
 */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  if (status !== "being_paid") return <StatusBadge status={status} icon />;
  return (
    <Badge tone="info" data-status="being_paid">
      <Send aria-hidden="true" />
      <Trans>Approved, being paid</Trans>
    </Badge>
  );
}
