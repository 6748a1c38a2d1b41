import { CircleCheck, CircleDashed, CircleX, Clock, type LucideIcon } from "lucide-react";
import type { VerificationStatus } from "#shared/profile-schemas.ts";
import { Badge, type BadgeTone } from "@/components/ui/badge.tsx";

const tones: Record<string, BadgeTone> = {
  pending: "warning",
  completed: "success",
  approved: "success",
  active: "success",
  verified: "success",
  rejected: "danger",
  suspended: "danger",
  none: "neutral",
};

const words: Record<string, string> = {
  pending: "Pending",
  completed: "Completed",
  approved: "Approved",
  active: "Active",
  rejected: "Rejected",
  suspended: "Suspended",
  none: "Not Verified",
};

const icons: Record<string, LucideIcon> = {
  pending: Clock,
  completed: CircleCheck,
  approved: CircleCheck,
  active: CircleCheck,
  verified: CircleCheck,
  rejected: CircleX,
  suspended: CircleX,
  none: CircleDashed,
};

/** What a person reads for an identity verification: none is 'Not Verified', approved 'Verified'. */
export const verificationStatusLabels: Record<VerificationStatus, string> = {
  none: "Not Verified",
  pending: "Pending",
  approved: "Verified",
  rejected: "Rejected",
};

/**
 * A status as a coloured word: pending amber, done green, refused red, nothing grey. With `icon`, an
 * icon stands beside the word, so the status is never told by colour alone (WCAG 1.4.1).
 */
export function StatusBadge({ status, label, icon = false }: { status: string; label?: string; icon?: boolean }) {
  const Icon = icon ? (icons[status] ?? CircleDashed) : null;
  return (
    <Badge tone={tones[status] ?? "neutral"}>
      {Icon ? <Icon aria-hidden="true" /> : null}
      {label ?? words[status] ?? status}
    </Badge>
  );
}
