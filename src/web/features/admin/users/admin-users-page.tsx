import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { toast } from "@/lib/toast.tsx";
import type { AdminUserDto } from "#shared/admin-schemas.ts";
import { adminUsersQuery, setUserSuspended } from "./users-api.ts";
import { AdminList, pinnedEndHeader, type Column } from "@/features/admin/components/admin-table.tsx";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog.tsx";
import { ListFooter, ListToolbar, SearchField, SelectFilter, useSearchBox } from "@/features/admin/components/list-controls.tsx";
import { isOwnAccountRefusal, useOwnUserId } from "@/features/admin/components/own-account.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { queryKeys } from "@/lib/live-updates.ts";
import { BalanceAdjustmentDialog } from "./balance-adjustment-dialog.tsx";
import { UnfreezeDialog } from "./unfreeze-dialog.tsx";
import { UserProfileDialog, type ProfileTarget } from "./user-profile-dialog.tsx";
import { UserCard, UserRow, type UserActionHandlers } from "./user-row.tsx";

const pageSize = 10;
const refreshMs = 30_000; // besides the live updates
const statusOptions = [
  { value: "all", label: msg`All users` },
  { value: "active", label: msg`Active` },
  { value: "suspended", label: msg`Suspended` },
] as const;
const statuses = statusOptions.map((option) => option.value);
type StatusFilter = (typeof statuses)[number];
const columns = [
  { label: msg`Email` },
  { label: msg`Username` },
  { label: msg`Name` },
  { label: msg`Balance`, className: "text-right" },
  { label: msg`Verification` },
  { label: msg`Status` },
  { label: msg`Joined` },
  // Pinned to the right edge, so Suspend and the others stay in view however wide the columns grow (decision 021).
  { label: msg`Actions`, className: `text-right ${pinnedEndHeader}` },
];

/**
 * Users (docs/product.md, Back office › Users): search, suspend or activate, adjust balances, edit
 * profiles, and unfreeze an account its owner froze (decision 039).
 */
export default function AdminUsersPage() {
  const { t, i18n } = useLingui();
  const { filters, page, update, control, pager } = useListParams<{ q: string; status: StatusFilter }>(
    { q: "", status: "all" },
    { status: statuses },
  );
  const search = useSearchBox(filters.q, (q) => update({ q }));
  const users = useQuery({
    ...adminUsersQuery({ q: filters.q, status: filters.status, page, pageSize }),
    refetchInterval: refreshMs,
  });
  const actions = useUserActions();
  const filtered = filters.q !== "" || filters.status !== "all";
  let message: ReactNode = null;
  if (users.isPending) message = t`Loading users...`;
  else if (users.isError) message = t`Failed to load users`;
  else if (users.data.items.length === 0) message = filtered ? t`No users matching the current filters` : t`No users yet.`;
  const shownColumns: readonly Column[] = columns.map((column) => ({ ...column, label: i18n._(column.label) }));
  const shownStatusOptions = statusOptions.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const items = users.data?.items ?? [];
  return (
    <>
      <title>{t`Users · Nexapay`}</title>
      <PageHeader title={t`Users`} description={t`Every customer account: balances, verification and access.`} />
      <ListToolbar>
        <SearchField id="users-search" placeholder={t`Search by email, username or name...`} className="lg:w-96" {...search} />
        <SelectFilter id="users-status" label={t`Status`} options={shownStatusOptions} {...control("status")} />
      </ListToolbar>

      <AdminList
        caption={t`Users`}
        columns={shownColumns}
        message={message}
        items={items}
        row={(user) => <UserRow user={user} handlers={actions.handlers} />}
        card={(user) => <UserCard user={user} handlers={actions.handlers} />}
      />
      <ListFooter label={t`Users pages`} pageSize={pageSize} list={users.data} {...pager} />
      {actions.dialogs}
    </>
  );
}

/** The row's buttons and the dialogs they open: profile, balance, unfreeze, suspend (asked first) and activate. */
function useUserActions(): { handlers: UserActionHandlers; dialogs: ReactNode } {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [adjusting, setAdjusting] = useState<AdminUserDto | null>(null);
  const [profileTarget, setProfileTarget] = useState<ProfileTarget>(null);
  const [suspending, setSuspending] = useState<AdminUserDto | null>(null);
  const [unfreezing, setUnfreezing] = useState<AdminUserDto | null>(null);
  const ownUserId = useOwnUserId();
  const setStatus = useMutation({
    mutationFn: setUserSuspended,
    onSuccess: (_answer, input) => {
      toast.success(input.isSuspended ? t`User suspended successfully!` : t`User activated successfully!`);
      setSuspending(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStats });
    },
    onError: (error) => toast.error(isOwnAccountRefusal(error) ? error.shownMessage : t`Failed to update user status`),
  });
  const handlers: UserActionHandlers = {
    ownUserId,
    activatingId: setStatus.isPending ? setStatus.variables.id : null,
    onEditProfile: (user) => setProfileTarget({ userId: user.id, email: user.email }),
    onAdjust: setAdjusting,
    onUnfreeze: setUnfreezing,
    onActivate: (user) => setStatus.mutate({ id: user.id, isSuspended: false }),
    onSuspend: setSuspending,
  };
  const dialogs = (
    <>
      <BalanceAdjustmentDialog user={adjusting} onClose={() => setAdjusting(null)} />
      <UserProfileDialog target={profileTarget} onClose={() => setProfileTarget(null)} />
      <UnfreezeDialog user={unfreezing} onClose={() => setUnfreezing(null)} />
      <ConfirmDialog
        open={suspending !== null}
        onOpenChange={(open) => !open && setSuspending(null)}
        title={t`Suspend this user?`}
        description={
          suspending ? t`${suspending.email} will be signed out at once and cannot sign in until you activate the account again.` : ""
        }
        confirmLabel={t`Suspend user`}
        busy={setStatus.isPending}
        onConfirm={() => suspending && setStatus.mutate({ id: suspending.id, isSuspended: true })}
      />
    </>
  );
  return { handlers, dialogs };
}
