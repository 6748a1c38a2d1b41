// One verification request as a row of Verifications (wide screens) or as a card (phones), with its actions.
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, Eye, LoaderCircle, UserPen, X } from "lucide-react";
import type { ReactNode } from "react";
import { CardField, MobileCard, RowActionsCell, RowIconButton, Td, Tr } from "@/features/admin/components/admin-table.tsx";
import { OwnAccountNote } from "@/features/admin/components/own-account.tsx";
import { documentTypeLabel, formatShortDate } from "@/features/admin/shell/admin-format.ts";
import { StatusBadge } from "@/components/status-badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { MissingSides } from "./verification-documents-dialog.tsx";
import type { AdminVerification } from "./verifications-api.ts";

/** What the row's buttons do; `decisionButtons` are the same in the row and in the document viewer. */
export type VerificationHandlers = {
  ownUserId: string | null;
  onDocuments: (v: AdminVerification) => void;
  onProfile: (v: AdminVerification) => void;
  decisionButtons: (v: AdminVerification) => ReactNode;
};

type VerificationProps = { verification: AdminVerification; handlers: VerificationHandlers };

function VerificationActions({ verification: v, handlers, showText = false }: VerificationProps & { showText?: boolean }) {
  const { t } = useLingui();
  // An admin may look at their own documents, but neither edits their profile here nor decides.
  const own = v.userId === handlers.ownUserId;
  return (
    <>
      <RowIconButton
        showText={showText}
        label={t`View documents of ${v.userEmail}`}
        tooltip={t`View documents`}
        onClick={() => handlers.onDocuments(v)}
      >
        <Eye aria-hidden="true" />
      </RowIconButton>
      {own ? (
        <OwnAccountNote />
      ) : (
        <>
          <RowIconButton
            showText={showText}
            label={t`Manage Profile of ${v.userEmail}`}
            tooltip={t`Manage Profile`}
            onClick={() => handlers.onProfile(v)}
          >
            <UserPen aria-hidden="true" />
          </RowIconButton>
          {handlers.decisionButtons(v)}
        </>
      )}
    </>
  );
}

export function VerificationRow({ verification: v, handlers }: VerificationProps) {
  const { t } = useLingui();
  return (
    <Tr>
      <Td className="whitespace-nowrap">{formatShortDate(v.createdAt)}</Td>
      <Td className="max-w-72">
        <div className="truncate font-medium">{v.userName ?? t`N/A`}</div>
        <div className="truncate text-xs text-muted-foreground" title={v.userEmail}>
          {v.userEmail}
        </div>
      </Td>
      <Td>
        <span className="capitalize">{documentTypeLabel(v.documentType)}</span>
        <MissingSides sides={v.missingSides} />
      </Td>
      <Td>
        <StatusBadge status={v.status} />
        {v.status === "rejected" && v.rejectReason ? (
          <p className="mt-1 max-w-40 truncate text-xs text-muted-foreground" title={v.rejectReason}>
            {v.rejectReason}
          </p>
        ) : null}
      </Td>
      <RowActionsCell>
        <VerificationActions verification={v} handlers={handlers} />
      </RowActionsCell>
    </Tr>
  );
}

export function VerificationCard({ verification: v, handlers }: VerificationProps) {
  const { t } = useLingui();
  return (
    <MobileCard
      title={
        <>
          <span className="block">{v.userName ?? t`N/A`}</span>
          <span className="block text-xs font-normal break-all text-muted-foreground">{v.userEmail}</span>
        </>
      }
      aside={<StatusBadge status={v.status} />}
      actions={<VerificationActions verification={v} handlers={handlers} showText />}
    >
      <CardField label={t`Date`}>{formatShortDate(v.createdAt)}</CardField>
      <CardField label={t`Document Type`}>
        <span className="capitalize">{documentTypeLabel(v.documentType)}</span>
        <MissingSides sides={v.missingSides} />
      </CardField>
      {v.status === "rejected" && v.rejectReason ? <CardField label={t`Reason`}>{v.rejectReason}</CardField> : null}
    </MobileCard>
  );
}

const decisionLooks = {
  approved: { label: msg`Approve`, Icon: Check, className: "border-emerald-200 text-emerald-800 hover:bg-emerald-50" },
  rejected: { label: msg`Reject`, Icon: X, className: "border-red-200 text-red-700 hover:bg-red-50" },
} as const;

/** Approve or Reject on a verification (hidden when it already has that status), spinning while in flight. */
export function DecisionButton({
  decision,
  email,
  running,
  onClick,
}: {
  decision: keyof typeof decisionLooks;
  email: string;
  running: keyof typeof decisionLooks | undefined;
  onClick: () => void;
}) {
  const { i18n } = useLingui();
  const { label, Icon, className } = decisionLooks[decision];
  return (
    <Button variant="outline" size="sm" className={className} disabled={running !== undefined} onClick={onClick}>
      {running === decision ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Icon aria-hidden="true" />}
      {i18n._(label)}
      <span className="sr-only">
        <Trans> verification of {email}</Trans>
      </span>
    </Button>
  );
}
