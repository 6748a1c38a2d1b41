import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, CircleCheck, Pencil, Snowflake, Wallet } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "@/lib/toast.tsx";
import type { AdminUserDto } from "#shared/admin-schemas.ts";
import { adminUsersQuery, setUserSuspended } from "@/features/admin/admin-api.ts";
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
import { StatusBadge, verificationStatusLabels } from "@/components/status-badge.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { queryKeys } from "@/lib/live-updates.ts";
import { formatBdtAmount, formatDateTime, formatShortDate } from "./admin-format.ts";
import { BalanceAdjustmentDialog } from "./components/balance-adjustment-dialog.tsx";
import { UnfreezeDialog } from "./components/unfreeze-dialog.tsx";
import { UserProfileDialog, type ProfileTarget } from "./components/user-profile-dialog.tsx";

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
  const queryClient = useQueryClient();
  const { filters, page, update, control, pager } = useListParams<{ q: string; status: StatusFilter }>(
    { q: "", status: "all" },
    { status: statuses },
  );
  const search = useSearchBox(filters.q, (q) => update({ q }));
  const [adjusting, setAdjusting] = useState<AdminUserDto | null>(null);
  const [profileTarget, setProfileTarget] = useState<ProfileTarget>(null);
  const [suspending, setSuspending] = useState<AdminUserDto | null>(null);
  const [unfreezing, setUnfreezing] = useState<AdminUserDto | null>(null);
  const ownUserId = useOwnUserId();

  const users = useQuery({
    ...adminUsersQuery({ q: filters.q, status: filters.status, page, pageSize }),
    refetchInterval: refreshMs,
  });

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

  const filtered = filters.q !== "" || filters.status !== "all";
  let message: ReactNode = null;
  if (users.isPending) message = t`Loading users...`;
  else if (users.isError) message = t`Failed to load users`;
  else if (users.data.items.length === 0) message = filtered ? t`No users matching the current filters` : t`No users yet.`;
  const shownColumns: readonly Column[] = columns.map((column) => ({ ...column, label: i18n._(column.label) }));
  const shownStatusOptions = statusOptions.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const items = users.data?.items ?? [];

  // On their own row an admin adjusts, suspends or activates nothing: another admin does. Their
  // own profile they edit on their profile page, like any customer.
  const actionsOf = (user: AdminUserDto, showText = false) =>
    user.id === ownUserId ? (
      <span className="grid gap-1 md:justify-items-end">
        <OwnAccountNote />
        <Link to="/profile" className="text-xs font-medium text-primary hover:underline">
          <Trans>Edit your profile</Trans>
        </Link>
      </span>
    ) : (
      <>
        <RowIconButton
          showText={showText}
          label={t`Edit profile of ${user.email}`}
          tooltip={t`Edit profile`}
          onClick={() => setProfileTarget({ userId: user.id, email: user.email })}
        >
          <Pencil aria-hidden="true" />
        </RowIconButton>
        <RowIconButton
          showText={showText}
          label={t`Adjust balance of ${user.email}`}
          tooltip={t`Adjust balance`}
          onClick={() => setAdjusting(user)}
        >
          <Wallet aria-hidden="true" />
        </RowIconButton>
        {user.frozenAt ? (
          <RowIconButton
            showText={showText}
            label={t`Unfreeze ${user.email}`}
            tooltip={t`Unfreeze`}
            className="text-sky-800 hover:bg-sky-50"
            onClick={() => setUnfreezing(user)}
          >
            <Snowflake aria-hidden="true" />
          </RowIconButton>
        ) : null}
        {user.isSuspended ? (
          <RowIconButton
            showText={showText}
            label={t`Activate ${user.email}`}
            tooltip={t`Activate user`}
            className="text-emerald-700 hover:bg-emerald-50"
            disabled={setStatus.isPending && setStatus.variables.id === user.id}
            onClick={() => setStatus.mutate({ id: user.id, isSuspended: false })}
          >
            <CircleCheck aria-hidden="true" />
          </RowIconButton>
        ) : (
          <RowIconButton
            showText={showText}
            label={t`Suspend ${user.email}`}
            tooltip={t`Suspend user`}
            className="text-destructive hover:bg-red-50"
            onClick={() => setSuspending(user)}
          >
            <Ban aria-hidden="true" />
          </RowIconButton>
        )}
      </>
    );
  const adminBadge = (user: AdminUserDto) =>
    user.adminRole ? <Badge tone="info">{user.adminRole === "super_admin" ? t`Super admin` : t`Admin`}</Badge> : null;
  // Frozen by its owner with a security alert's link (decision 039): said beside the status, with when.
  const frozen = (frozenAt: string) => (
    <span className="grid justify-items-start gap-1">
      <Badge tone="info" className="whitespace-normal">
        <Snowflake aria-hidden="true" />
        <Trans>Frozen by the customer</Trans>
      </Badge>
      <span className="text-xs text-muted-foreground">{formatDateTime(frozenAt)}</span>
    </span>
  );
  const status = (user: AdminUserDto) => (
    <div className="grid justify-items-start gap-1">
      <StatusBadge status={user.isSuspended ? "suspended" : "active"} />
      {user.frozenAt ? frozen(user.frozenAt) : null}
    </div>
  );
  const verification = (user: AdminUserDto) => (
    <StatusBadge status={user.verificationStatus} label={verificationStatusLabels[user.verificationStatus]} />
  );

  const rowOf = (user: AdminUserDto) => (
    <Tr>
      <Td className="max-w-44">
        <div className="grid justify-items-start gap-1">
          <span className="max-w-full truncate" title={user.email}>
            {user.email}
          </span>
          {adminBadge(user)}
        </div>
      </Td>
      <Td className="max-w-28 truncate" title={user.username}>
        {user.username}
      </Td>
      <Td className="max-w-28 truncate" title={user.fullName ?? undefined}>
        {user.fullName ?? (
          <span className="text-muted-foreground">
            <Trans>N/A</Trans>
          </span>
        )}
      </Td>
      <Td className="text-right whitespace-nowrap tabular-nums">{formatBdtAmount(user.balance)}</Td>
      <Td>{verification(user)}</Td>
      <Td>{status(user)}</Td>
      <Td className="whitespace-nowrap">{formatShortDate(user.createdAt)}</Td>
      <Td className={pinnedEndCell}>
        <div className="flex justify-end gap-1">{actionsOf(user)}</div>
      </Td>
    </Tr>
  );
  const cardOf = (user: AdminUserDto) => (
    <MobileCard
      title={
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-all">{user.email}</span>
          {adminBadge(user)}
        </span>
      }
      aside={<StatusBadge status={user.isSuspended ? "suspended" : "active"} />}
      actions={actionsOf(user, true)}
    >
      <CardField label={t`Username`}>{user.username}</CardField>
      <CardField label={t`Name`}>
        {user.fullName ?? (
          <span className="text-muted-foreground">
            <Trans>N/A</Trans>
          </span>
        )}
      </CardField>
      <CardField label={t`Balance`}>
        <span className="font-medium tabular-nums">{formatBdtAmount(user.balance)}</span>
      </CardField>
      <CardField label={t`Verification`}>{verification(user)}</CardField>
      {user.frozenAt ? <CardField label={t`Frozen`}>{frozen(user.frozenAt)}</CardField> : null}
      <CardField label={t`Joined`}>{formatShortDate(user.createdAt)}</CardField>
    </MobileCard>
  );

  return (
    <>
      <title>{t`Users · Nexapay`}</title>
      <PageHeader title={t`Users`} description={t`Every customer account: balances, verification and access.`} />
      <ListToolbar>
        <SearchField id="users-search" placeholder={t`Search by email, username or name...`} className="lg:w-96" {...search} />
        <SelectFilter id="users-status" label={t`Status`} options={shownStatusOptions} {...control("status")} />
      </ListToolbar>

      <AdminList caption={t`Users`} columns={shownColumns} message={message} items={items} row={rowOf} card={cardOf} />
      <ListFooter label={t`Users pages`} pageSize={pageSize} list={users.data} {...pager} />

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
}
