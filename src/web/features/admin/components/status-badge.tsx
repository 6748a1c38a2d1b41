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

/** A status as a coloured word: pending amber, done green, refused red, nothing grey. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <Badge tone={tones[status] ?? "neutral"}>{label ?? words[status] ?? status}</Badge>;
}
