import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { CircleCheck, CircleDashed, CircleX, Clock, TimerOff, type LucideIcon } from "lucide-react";
import type { VerificationStatus } from "#shared/profile-schemas.ts";
import { Badge, type BadgeTone } from "@/components/ui/badge.tsx";
import { i18n } from "@/lib/i18n.ts";

const tones: Record<string, BadgeTone> = {
  pending: "warning",
  completed: "success",
  approved: "success",
  active: "success",
  verified: "success",
  rejected: "danger",
  suspended: "danger",
  // A deposit request whose window ended with nothing received (decision 038): not a refusal, just over.
  expired: "neutral",
  none: "neutral",
};

const words: Record<string, MessageDescriptor> = {
  pending: msg`Pending`,
  completed: msg`Completed`,
  approved: msg`Approved`,
  active: msg`Active`,
  rejected: msg`Rejected`,
  suspended: msg`Suspended`,
  expired: msg`Expired`,
  none: msg`Not Verified`,
};

const icons: Record<string, LucideIcon> = {
  pending: Clock,
  completed: CircleCheck,
  approved: CircleCheck,
  active: CircleCheck,
  verified: CircleCheck,
  rejected: CircleX,
  suspended: CircleX,
  expired: TimerOff,
  none: CircleDashed,
};

const verificationWords: Record<VerificationStatus, MessageDescriptor> = {
  none: msg`Not Verified`,
  pending: msg`Pending`,
  approved: msg`Verified`,
  rejected: msg`Rejected`,
};

/**
 * What a person reads for an identity verification: none is 'Not Verified', approved 'Verified'.
 * Each word is translated when it is read (a getter), so `verificationStatusLabels[status]` in a
 * render gives the shown language's word.
 */
export const verificationStatusLabels: Readonly<Record<VerificationStatus, string>> = {
  get none() {
    return i18n._(verificationWords.none);
  },
  get pending() {
    return i18n._(verificationWords.pending);
  },
  get approved() {
    return i18n._(verificationWords.approved);
  },
  get rejected() {
    return i18n._(verificationWords.rejected);
  },
};

/**
 * A status as a coloured word: pending amber, done green, refused red, nothing grey. With `icon`, an
 * icon stands beside the word, so the status is never told by colour alone (WCAG 1.4.1).
 */
export function StatusBadge({ status, label, icon = false }: { status: string; label?: string; icon?: boolean }) {
  const { _ } = useLingui();
  const word = words[status];
  const Icon = icon ? (icons[status] ?? CircleDashed) : null;
  return (
    <Badge tone={tones[status] ?? "neutral"}>
      {Icon ? <Icon aria-hidden="true" /> : null}
      {label ?? (word ? _(word) : status)}
    </Badge>
  );
}
