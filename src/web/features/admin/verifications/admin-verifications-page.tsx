import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { toast } from "@/lib/toast.tsx";
import { adminVerificationFilters, type AdminVerificationFilter } from "#shared/admin-schemas.ts";
import { adminVerificationsQuery, decideVerification, type AdminVerification } from "./verifications-api.ts";
import { AdminList, pinnedEndHeader, type Column } from "@/features/admin/components/admin-table.tsx";
import {
  FilterButtons,
  ListFooter,
  ListToolbar,
  SearchField,
  SelectFilter,
  useSearchBox,
} from "@/features/admin/components/list-controls.tsx";
import { isOwnAccountRefusal, useOwnUserId } from "@/features/admin/components/own-account.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { cn } from "@/lib/class-names.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { dateDirections, dateOrderOptions, pageSizeOptions, pageSizes } from "@/features/admin/shell/queue.ts";
import { UserProfileDialog, type ProfileTarget } from "@/features/admin/users/user-profile-dialog.tsx";
import { VerificationDocumentsDialog } from "./verification-documents-dialog.tsx";
import { VerificationRejectDialog, type RejectTarget } from "./verification-reject-dialog.tsx";
import { DecisionButton, VerificationCard, VerificationRow, type VerificationHandlers } from "./verification-row.tsx";

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
  // A queue (decision 021): the pending ones, the one that has waited longest first, ten to a page.
  const { filters, page, update, control, pager } = useListParams<{
    q: string;
    status: StatusFilter;
    direction: (typeof dateDirections)[number];
    pageSize: (typeof pageSizes)[number];
  }>({ q: "", status: "pending", direction: "asc", pageSize: "10" }, { status: statuses, direction: dateDirections, pageSize: pageSizes });
  const pageSize = Number(filters.pageSize);
  const search = useSearchBox(filters.q, (q) => update({ q }));
  const listQuery = adminVerificationsQuery({ q: filters.q, status: filters.status, direction: filters.direction, page, pageSize });
  const verifications = useQuery({ ...listQuery, refetchInterval: refreshMs });
  const { handlers, dialogs } = useVerificationActions(listQuery.queryKey);

  let message: ReactNode = null;
  if (verifications.isPending) message = t`Loading verification requests...`;
  else if (verifications.isError) message = t`Failed to load verification requests`;
  else if (verifications.data.items.length === 0) message = t`No verification requests found`;
  const shownColumns: readonly Column[] = columns.map((column) => ({ ...column, label: i18n._(column.label) }));
  const shownButtons = statusButtons.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const orderOptions = dateOrderOptions.map(({ value, label }) => ({ value, label }));
  const rowsOptions = pageSizeOptions.map(({ value, label }) => ({ value, label }));
  const items = verifications.data?.items ?? [];

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

      <AdminList
        caption={t`Verification requests`}
        columns={shownColumns}
        message={message}
        items={items}
        row={(v) => <VerificationRow verification={v} handlers={handlers} />}
        card={(v) => <VerificationCard verification={v} handlers={handlers} />}
      />
      <ListFooter label={t`Verification pages`} pageSize={pageSize} list={verifications.data} {...pager} />
      {dialogs}
    </>
  );
}

type ListKey = ReturnType<typeof adminVerificationsQuery>["queryKey"];

/** Approving or rejecting one request: the list changes at once, the viewer and the reason's dialog close. */
function useDecideVerification(listKey: ListKey, afterDecision: (id: string) => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    onSuccess: (_answer, input) => {
      // The list changes at once, then is read again from the server.
      queryClient.setQueryData(listKey, (old) =>
        old ? { ...old, items: old.items.map((v) => (v.id === input.id ? { ...v, status: input.status } : v)) } : old,
      );
      afterDecision(input.id);
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
}

/** The row's buttons and the dialogs they open: the documents, the profile and the reason to reject. */
function useVerificationActions(listKey: ListKey): { handlers: VerificationHandlers; dialogs: ReactNode } {
  // The row whose documents are open: the viewer decides on it with the row's own buttons.
  const [documentsTarget, setDocumentsTarget] = useState<AdminVerification | null>(null);
  const [profileTarget, setProfileTarget] = useState<ProfileTarget>(null);
  const [rejectTarget, setRejectTarget] = useState<RejectTarget>(null);
  const ownUserId = useOwnUserId();
  const decide = useDecideVerification(listKey, (id) => {
    setRejectTarget(null);
    // Decided from the document viewer: it closes, its work done.
    setDocumentsTarget((open) => (open?.id === id ? null : open));
  });

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
  const handlers: VerificationHandlers = {
    ownUserId,
    onDocuments: setDocumentsTarget,
    onProfile: (v) => setProfileTarget({ userId: v.userId, email: v.userEmail }),
    decisionButtons,
  };
  const dialogs = (
    <>
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
  return { handlers, dialogs };
}
