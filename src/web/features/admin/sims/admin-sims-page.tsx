import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { toast } from "@/lib/toast.tsx";
import { adminSimsQuery, deleteSim, setSimStatus, type AdminSim } from "./sims-api.ts";
import { AdminList, pinnedEndHeader, type Column } from "@/features/admin/components/admin-table.tsx";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog.tsx";
import { ListFooter, ListToolbar, SearchField, SelectFilter, useSearchBox } from "@/features/admin/components/list-controls.tsx";
import { isOwnAccountRefusal, useOwnUserId } from "@/features/admin/components/own-account.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { SimCard, SimRow, type SimHandlers } from "./sim-row.tsx";
import { queryKeys } from "@/lib/live-updates.ts";
import { dateDirections, dateOrderOptions, pageSizeOptions, pageSizes } from "@/features/admin/shell/queue.ts";
import { isAlreadyDecided } from "./sim-decision.ts";

const statusOptions = [
  { value: "all", label: msg`All statuses` },
  { value: "pending", label: msg`Pending` },
  { value: "active", label: msg`Active` },
  { value: "rejected", label: msg`Rejected` },
] as const;
const statuses = statusOptions.map((option) => option.value);
type StatusFilter = (typeof statuses)[number];
const columns = [
  { label: msg`Phone number` },
  { label: msg`Wallet type` },
  { label: msg`User` },
  { label: msg`Status` },
  { label: msg`Added` },
  // Pinned to the right edge, so Suspend and the others stay in view however wide the columns grow (decision 021).
  { label: msg`Actions`, className: `text-right ${pinnedEndHeader}` },
];

/** SIMs (docs/product.md, Back office › SIMs): approve, reject or delete customers' SIM registrations. */
export default function AdminSimsPage() {
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
  const sims = useQuery(adminSimsQuery({ q: filters.q, status: filters.status, direction: filters.direction, page, pageSize }));
  const { handlers, dialogs } = useSimActions();

  const filtered = filters.q !== "" || filters.status !== "all";
  let message: ReactNode = null;
  if (sims.isPending) message = t`Loading SIMs...`;
  else if (sims.isError) message = t`Failed to load SIMs`;
  else if (sims.data.items.length === 0) message = filtered ? t`No SIMs matching the current filters` : t`No SIMs registered yet.`;
  const shownColumns: readonly Column[] = columns.map((column) => ({ ...column, label: i18n._(column.label) }));
  const shownStatusOptions = statusOptions.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const orderOptions = dateOrderOptions.map(({ value, label }) => ({ value, label }));
  const rowsOptions = pageSizeOptions.map(({ value, label }) => ({ value, label }));
  const items = sims.data?.items ?? [];

  return (
    <>
      <title>{t`SIMs · Nexapay`}</title>
      <PageHeader title={t`SIMs`} description={t`Approve, reject or delete customers' SIM registrations.`} />
      <ListToolbar>
        <SearchField id="sims-search" placeholder={t`Search by phone number, email or username...`} className="lg:w-96" {...search} />
        <div className="flex flex-wrap gap-3">
          <SelectFilter id="sims-status" label={t`Status`} options={shownStatusOptions} {...control("status")} />
          <SelectFilter id="sims-order" label={t`Order`} options={orderOptions} {...control("direction")} />
          <SelectFilter id="sims-page-size" label={t`Rows per page`} options={rowsOptions} {...control("pageSize")} />
        </div>
      </ListToolbar>

      <AdminList
        caption={t`SIMs`}
        columns={shownColumns}
        message={message}
        items={items}
        row={(sim) => <SimRow sim={sim} handlers={handlers} />}
        card={(sim) => <SimCard sim={sim} handlers={handlers} />}
      />
      <ListFooter label={t`SIM pages`} pageSize={pageSize} list={sims.data} {...pager} />
      {dialogs}
    </>
  );
}

/** Approve, reject and delete (asked first), each refreshing the list when done. */
function useSimActions(): { handlers: SimHandlers; dialogs: ReactNode } {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<AdminSim | null>(null);
  const ownUserId = useOwnUserId();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.adminSims });

  const setStatus = useMutation({
    mutationFn: setSimStatus,
    onSuccess: (_answer, input) => toast.success(input.status === "active" ? t`SIM approved successfully!` : t`SIM rejected successfully!`),
    onError: (error) => {
      // Already decided (another admin, or another tab, was first): say so; the refresh shows it.
      if (isAlreadyDecided(error)) toast.warning(error.shownMessage);
      else toast.error(isOwnAccountRefusal(error) ? error.shownMessage : t`Failed to update SIM status`);
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: deleteSim,
    onSuccess: () => {
      toast.success(t`SIM deleted successfully!`);
      setDeleting(null);
    },
    onError: (error) => toast.error(isOwnAccountRefusal(error) ? error.shownMessage : t`Failed to delete SIM`),
    onSettled: refresh,
  });

  const runningOf = (sim: AdminSim) => (setStatus.isPending && setStatus.variables.id === sim.id ? setStatus.variables.status : undefined);
  const handlers: SimHandlers = {
    ownUserId,
    runningOf,
    busyOf: (sim) => runningOf(sim) !== undefined || (remove.isPending && remove.variables === sim.id),
    onDecide: (sim, status) => setStatus.mutate({ id: sim.id, status }),
    onDelete: setDeleting,
  };
  const dialogs = (
    <ConfirmDialog
      open={deleting !== null}
      onOpenChange={(open) => !open && setDeleting(null)}
      title={t`Delete this SIM?`}
      description={deleting ? t`${deleting.phoneNumber} (${deleting.email}) will be removed. This cannot be undone.` : ""}
      confirmLabel={t`Delete SIM`}
      busy={remove.isPending}
      onConfirm={() => deleting && remove.mutate(deleting.id)}
    />
  );
  return { handlers, dialogs };
}
