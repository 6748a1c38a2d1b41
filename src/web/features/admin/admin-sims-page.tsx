import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, LoaderCircle, Trash2, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { toast } from "@/lib/toast.tsx";
import { adminSimsQuery, deleteSim, setSimStatus, type AdminSim } from "@/features/admin/admin-api.ts";
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
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog.tsx";
import { ListFooter, ListToolbar, SearchField, SelectFilter, useSearchBox } from "@/features/admin/components/list-controls.tsx";
import { isOwnAccountRefusal, OwnAccountNote, useOwnUserId } from "@/features/admin/components/own-account.tsx";
import { StatusBadge } from "@/components/status-badge.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { SimNumberFacts } from "./components/sim-number-facts.tsx";
import { Button } from "@/components/ui/button.tsx";
import { queryKeys } from "@/lib/live-updates.ts";
import { dateDirections, dateOrderOptions, pageSizeOptions, pageSizes } from "./queue.ts";
import { formatShortDate } from "./admin-format.ts";
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
  const [deleting, setDeleting] = useState<AdminSim | null>(null);
  const ownUserId = useOwnUserId();

  const sims = useQuery(adminSimsQuery({ q: filters.q, status: filters.status, direction: filters.direction, page, pageSize }));

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

  const actionsOf = (sim: AdminSim, showText = false) => {
    // Approving, rejecting or deleting one's own SIM is deciding on it: another admin does.
    if (sim.userId === ownUserId) return <OwnAccountNote />;
    const running = setStatus.isPending && setStatus.variables.id === sim.id ? setStatus.variables.status : undefined;
    const busy = running !== undefined || (remove.isPending && remove.variables === sim.id);
    return (
      <>
        {sim.status !== "active" ? (
          <Button
            variant="outline"
            size="sm"
            className="border-emerald-200 text-emerald-800 hover:bg-emerald-50"
            disabled={busy}
            onClick={() => setStatus.mutate({ id: sim.id, status: "active" })}
          >
            {running === "active" ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Check aria-hidden="true" />}
            <Trans>Approve</Trans>
            <span className="sr-only">{t` SIM ${sim.phoneNumber}`}</span>
          </Button>
        ) : null}
        {sim.status !== "rejected" ? (
          <Button
            variant="outline"
            size="sm"
            className="border-red-200 text-red-700 hover:bg-red-50"
            disabled={busy}
            onClick={() => setStatus.mutate({ id: sim.id, status: "rejected" })}
          >
            {running === "rejected" ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <X aria-hidden="true" />}
            <Trans>Reject</Trans>
            <span className="sr-only">{t` SIM ${sim.phoneNumber}`}</span>
          </Button>
        ) : null}
        <RowIconButton
          showText={showText}
          label={t`Delete SIM ${sim.phoneNumber}`}
          tooltip={t`Delete SIM`}
          className="text-destructive hover:bg-red-50"
          disabled={busy}
          onClick={() => setDeleting(sim)}
        >
          <Trash2 aria-hidden="true" />
        </RowIconButton>
      </>
    );
  };

  const rowOf = (sim: AdminSim) => (
    <Tr>
      <Td className="font-medium whitespace-nowrap tabular-nums">{sim.phoneNumber}</Td>
      <Td>
        {sim.walletType}
        <SimNumberFacts sim={sim} />
      </Td>
      <Td className="max-w-44">
        <div className="truncate">{sim.username}</div>
        <div className="truncate text-xs text-muted-foreground" title={sim.email}>
          {sim.email}
        </div>
      </Td>
      <Td>
        <StatusBadge status={sim.status} />
      </Td>
      <Td className="whitespace-nowrap">{formatShortDate(sim.createdAt)}</Td>
      <Td className={pinnedEndCell}>
        <div className="flex justify-end gap-1">{actionsOf(sim)}</div>
      </Td>
    </Tr>
  );
  const cardOf = (sim: AdminSim) => (
    <MobileCard
      title={<span className="tabular-nums">{sim.phoneNumber}</span>}
      aside={<StatusBadge status={sim.status} />}
      actions={actionsOf(sim, true)}
    >
      <CardField label={t`Wallet type`}>
        {sim.walletType}
        <SimNumberFacts sim={sim} />
      </CardField>
      <CardField label={t`User`}>{sim.username}</CardField>
      <CardField label={t`Email`}>{sim.email}</CardField>
      <CardField label={t`Added`}>{formatShortDate(sim.createdAt)}</CardField>
    </MobileCard>
  );

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

      <AdminList caption={t`SIMs`} columns={shownColumns} message={message} items={items} row={rowOf} card={cardOf} />
      <ListFooter label={t`SIM pages`} pageSize={pageSize} list={sims.data} {...pager} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete this SIM?`}
        description={deleting ? t`${deleting.phoneNumber} (${deleting.email}) will be removed. This cannot be undone.` : ""}
        confirmLabel={t`Delete SIM`}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}
