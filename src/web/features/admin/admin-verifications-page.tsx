import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Eye, LoaderCircle, UserPen, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { toast } from "@/lib/toast.tsx";
import { adminVerificationFilters, type AdminVerificationFilter } from "#shared/admin-schemas.ts";
import { adminVerificationsQuery, decideVerification, type AdminVerification } from "@/features/admin/admin-api.ts";
import {
  AdminList,
  CardField,
  MobileCard,
  pinnedEndCell,
  pinnedEndHeader,
  RowIconButton,
  Td,
  Tr,
  type Column,
} from "@/features/admin/components/admin-table.tsx";
import {
  FilterButtons,
  ListFooter,
  ListToolbar,
  SearchField,
  SelectFilter,
  useSearchBox,
} from "@/features/admin/components/list-controls.tsx";
import { isOwnAccountRefusal, OwnAccountNote, useOwnUserId } from "@/features/admin/components/own-account.tsx";
import { StatusBadge } from "@/components/status-badge.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { cn } from "@/lib/class-names.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { dateDirections, dateOrderOptions, pageSizeOptions, pageSizes } from "./queue.ts";
import { documentTypeLabel, formatShortDate } from "./admin-format.ts";
import { UserProfileDialog, type ProfileTarget } from "./components/user-profile-dialog.tsx";
import { MissingSides, VerificationDocumentsDialog } from "./components/verification-documents-dialog.tsx";
import { VerificationRejectDialog, type RejectTarget } from "./components/verification-reject-dialog.tsx";

const refreshMs = 30_000; // besides the live updates
const statuses = adminVerificationFilters;
type StatusFilter = AdminVerificationFilter;
// Pending is the review queue: complete requests only. Incomplete ones (a side missing) wait apart,
// and cannot be approved until every side is in (docs/product.md, Back office › Verifications).
const statusButtons = [
  { value: "all", label: msg`All` },
  { value: "pending", label: msg`Pending` },
  { value: "incomplete", label: msg`Incomplete` },
  { value: "approved", label: msg`Approved` },
  { value: "rejected", label: msg`Rejected` },
] as const;
const columns = [
  { label: msg`Date` },
  { label: msg`User` },
  { label: msg`Document Type` },
  { label: msg`Status` },
  { label: msg`Actions`, className: cn("text-right", pinnedEndHeader) },
];

/** Verifications (docs/product.md, Back office › Verifications). */
export default function AdminVerificationsPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  // A queue (decision 021): the pending ones, the one that has waited longest first, ten to a page.
  const { filters, page, update, control, pager } = useListParams<{
    q: string;
    status: StatusFilter;
    direction: (typeof dateDirections)[number];
    pageSize: (typeof pageSizes)[number];
  }>({ q: "", status: "pending", direction: "asc", pageSize: "10" }, { status: statuses, direction: dateDirections, pageSize: pageSizes });
  const pageSize = Number(filters.pageSize);
  const search = useSearchBox(filters.q, (q) => update({ q }));
  // The row whose documents are open: the viewer decides on it with the row's own buttons.
  const [documentsTarget, setDocumentsTarget] = useState<AdminVerification | null>(null);
  const [profileTarget, setProfileTarget] = useState<ProfileTarget>(null);
  const [rejectTarget, setRejectTarget] = useState<RejectTarget>(null);
  const ownUserId = useOwnUserId();
  const listQuery = adminVerificationsQuery({ q: filters.q, status: filters.status, direction: filters.direction, page, pageSize });
  const verifications = useQuery({ ...listQuery, refetchInterval: refreshMs });

  const decide = useMutation({
    mutationFn: decideVerification,
    onSuccess: (_answer, input) => {
      // The list changes at once, then is read again from the server.
      queryClient.setQueryData(listQuery.queryKey, (old) =>
        old ? { ...old, items: old.items.map((v) => (v.id === input.id ? { ...v, status: input.status } : v)) } : old,
      );
      setRejectTarget(null);
      // Decided from the document viewer: it closes, its work done.
      setDocumentsTarget((open) => (open?.id === input.id ? null : open));
      toast.success(input.status === "approved" ? t`Verification approved` : t`Verification rejected`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminVerifications });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
    },
    onError: (error, input) => {
      // The server's word on a reason it refused (400 VALIDATION) is worth reading.
      const refusedReason = input.status === "rejected" && error instanceof ApiError && error.status === 400 && error.message.trim() !== "";
      // The English wording is built from the status word ('Failed to approved verification'), as it always was.
      const failed = input.status === "approved" ? t`Failed to approved verification` : t`Failed to rejected verification`;
      // An incomplete request's refusal names the missing side: worth reading too.
      const incompleteRefusal =
        input.status === "approved" && error instanceof ApiError && error.status === 409 && error.message.trim() !== "";
      toast.error(
        error instanceof ApiError && (isOwnAccountRefusal(error) || refusedReason || incompleteRefusal) ? error.shownMessage : failed,
      );
    },
  });

  let message: ReactNode = null;
  if (verifications.isPending) message = t`Loading verification requests...`;
  else if (verifications.isError) message = t`Failed to load verification requests`;
  else if (verifications.data.items.length === 0) message = t`No verification requests found`;
  const shownColumns: readonly Column[] = columns.map((column) => ({ ...column, label: i18n._(column.label) }));
  const shownButtons = statusButtons.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const orderOptions = dateOrderOptions.map(({ value, label }) => ({ value, label }));
  const rowsOptions = pageSizeOptions.map(({ value, label }) => ({ value, label }));
  const items = verifications.data?.items ?? [];

  /**
   * Approve (not when approved, nor while a side is missing: the server refuses it too) and Reject
   * (not when rejected), the same in the row and in the document viewer.
   */
  const decisionButtons = (v: AdminVerification) => {
    const running = decide.isPending && decide.variables.id === v.id ? decide.variables.status : undefined;
    return (["approved", "rejected"] as const)
      .filter((decision) => v.status !== decision && !(decision === "approved" && v.missingSides.length > 0))
      .map((decision) => (
        <DecisionButton
          key={decision}
          decision={decision}
          email={v.userEmail}
          running={running}
          onClick={() => {
            if (decision === "approved") decide.mutate({ id: v.id, status: "approved" });
            else {
              // The reason is asked in its own dialog, which replaces the viewer.
              setDocumentsTarget(null);
              setRejectTarget({ id: v.id, email: v.userEmail, name: v.userName });
            }
          }}
        />
      ));
  };

  const actionsOf = (v: AdminVerification, showText = false) => {
    // An admin may look at their own documents, but neither edits their profile here nor decides.
    const own = v.userId === ownUserId;
    return (
      <>
        <RowIconButton
          showText={showText}
          label={t`View documents of ${v.userEmail}`}
          tooltip={t`View documents`}
          onClick={() => setDocumentsTarget(v)}
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
              onClick={() => setProfileTarget({ userId: v.userId, email: v.userEmail })}
            >
              <UserPen aria-hidden="true" />
            </RowIconButton>
            {decisionButtons(v)}
          </>
        )}
      </>
    );
  };

  const rowOf = (v: AdminVerification) => (
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
      <Td className={pinnedEndCell}>
        <div className="flex items-center justify-end gap-1">{actionsOf(v)}</div>
      </Td>
    </Tr>
  );
  const cardOf = (v: AdminVerification) => (
    <MobileCard
      title={
        <>
          <span className="block">{v.userName ?? t`N/A`}</span>
          <span className="block text-xs font-normal break-all text-muted-foreground">{v.userEmail}</span>
        </>
      }
      aside={<StatusBadge status={v.status} />}
      actions={actionsOf(v, true)}
    >
      <CardField label={t`Date`}>{formatShortDate(v.createdAt)}</CardField>
      <CardField label={t`Document Type`}>
        <span className="capitalize">{documentTypeLabel(v.documentType)}</span>
        <MissingSides sides={v.missingSides} />
      </CardField>
      {v.status === "rejected" && v.rejectReason ? <CardField label={t`Reason`}>{v.rejectReason}</CardField> : null}
    </MobileCard>
  );

  return (
    <>
      <title>{t`Verifications · Nexapay`}</title>
      <PageHeader title={t`Verifications`} description={t`Review identity documents and approve or reject verification requests.`} />
      <ListToolbar>
        <SearchField id="verifications-search" placeholder={t`Search by email or name...`} className="lg:w-80" {...search} />
        <FilterButtons label={t`Status`} options={shownButtons} {...control("status")} />
        <div className="flex flex-wrap gap-3">
          <SelectFilter id="verifications-order" label={t`Order`} options={orderOptions} {...control("direction")} />
          <SelectFilter id="verifications-page-size" label={t`Rows per page`} options={rowsOptions} {...control("pageSize")} />
        </div>
      </ListToolbar>

      <AdminList caption={t`Verification requests`} columns={shownColumns} message={message} items={items} row={rowOf} card={cardOf} />
      <ListFooter label={t`Verification pages`} pageSize={pageSize} list={verifications.data} {...pager} />

      <VerificationDocumentsDialog
        target={
          documentsTarget && {
            userId: documentsTarget.userId,
            email: documentsTarget.userEmail,
            documentType: documentsTarget.documentType,
          }
        }
        actions={documentsTarget && documentsTarget.userId !== ownUserId ? decisionButtons(documentsTarget) : null}
        onClose={() => setDocumentsTarget(null)}
      />
      <UserProfileDialog target={profileTarget} onClose={() => setProfileTarget(null)} />
      <VerificationRejectDialog
        target={rejectTarget}
        busy={decide.isPending && decide.variables.status === "rejected"}
        onClose={() => setRejectTarget(null)}
        onReject={(reason) => rejectTarget && decide.mutate({ id: rejectTarget.id, status: "rejected", reason })}
      />
    </>
  );
}

const decisionLooks = {
  approved: { label: msg`Approve`, Icon: Check, className: "border-emerald-200 text-emerald-800 hover:bg-emerald-50" },
  rejected: { label: msg`Reject`, Icon: X, className: "border-red-200 text-red-700 hover:bg-red-50" },
} as const;

/** Approve or Reject on a verification (hidden when it already has that status), spinning while in flight. */
function DecisionButton({
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
