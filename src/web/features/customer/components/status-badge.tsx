import { CircleCheck, CircleDashed, CircleX, Clock } from "lucide-react";
import type { VerificationStatus } from "../../../../shared/profile-schemas.ts";
import type { simStatuses } from "../../../../shared/sim-schemas.ts";
import type { transactionStatuses } from "../../../../shared/wallet-schemas.ts";
import { Badge } from "@/components/ui/badge.tsx";

type TransactionStatus = (typeof transactionStatuses)[number];
type SimStatus = (typeof simStatuses)[number];

// An icon beside each word: the status is never told by colour alone (WCAG 1.4.1).

/** Rejected is shown in red. */
export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  if (status === "completed")
    return (
      <Badge tone="success">
        <CircleCheck aria-hidden="true" />
        Completed
      </Badge>
    );
  if (status === "rejected")
    return (
      <Badge tone="danger">
        <CircleX aria-hidden="true" />
        Rejected
      </Badge>
    );
  return (
    <Badge tone="warning">
      <Clock aria-hidden="true" />
      Pending
    </Badge>
  );
}

export function SimStatusBadge({ status }: { status: SimStatus }) {
  if (status === "active")
    return (
      <Badge tone="success">
        <CircleCheck aria-hidden="true" />
        Active
      </Badge>
    );
  if (status === "rejected")
    return (
      <Badge tone="danger">
        <CircleX aria-hidden="true" />
        Rejected
      </Badge>
    );
  return (
    <Badge tone="warning">
      <Clock aria-hidden="true" />
      Pending
    </Badge>
  );
}

/** None reads 'Not Verified', approved 'Verified'. */
export const verificationStatusLabels: Record<VerificationStatus, string> = {
  none: "Not Verified",
  pending: "Pending",
  approved: "Verified",
  rejected: "Rejected",
};

export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  const label = verificationStatusLabels[status];
  if (status === "approved")
    return (
      <Badge tone="success">
        <CircleCheck aria-hidden="true" />
        {label}
      </Badge>
    );
  if (status === "rejected")
    return (
      <Badge tone="danger">
        <CircleX aria-hidden="true" />
        {label}
      </Badge>
    );
  if (status === "pending")
    return (
      <Badge tone="warning">
        <Clock aria-hidden="true" />
        {label}
      </Badge>
    );
  return (
    <Badge tone="neutral">
      <CircleDashed aria-hidden="true" />
      {label}
    </Badge>
  );
}
