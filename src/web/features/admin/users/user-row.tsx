// One account as a row of Users (wide screens) or as a card (phones), with its actions.
import { Trans, useLingui } from "@lingui/react/macro";
import { Ban, CircleCheck, Pencil, Snowflake, Wallet } from "lucide-react";
import { Link } from "react-router";
import type { AdminUserDto } from "#shared/admin-schemas.ts";
import { CardField, MobileCard, RowActionsCell, RowIconButton, Td, Tr } from "@/features/admin/components/admin-table.tsx";
import { OwnAccountNote } from "@/features/admin/components/own-account.tsx";
import { formatBdtAmount, formatDateTime, formatShortDate } from "@/features/admin/shell/admin-format.ts";
import { StatusBadge, verificationStatusLabels } from "@/components/status-badge.tsx";
import { Badge } from "@/components/ui/badge.tsx";

/** What the row's buttons do; `activatingId` is the account being activated now (its button waits). */
export type UserActionHandlers = {
  ownUserId: string | null;
  activatingId: string | null;
  onEditProfile: (user: AdminUserDto) => void;
  onAdjust: (user: AdminUserDto) => void;
  onUnfreeze: (user: AdminUserDto) => void;
  onActivate: (user: AdminUserDto) => void;
  onSuspend: (user: AdminUserDto) => void;
};

type UserProps = { user: AdminUserDto; handlers: UserActionHandlers };

/**
 * On their own row an admin adjusts, suspends or activates nothing: another admin does. Their
 * own profile they edit on their profile page, like any customer.
 */
function UserActions({ user, handlers, showText = false }: UserProps & { showText?: boolean }) {
  const { t } = useLingui();
  if (user.id === handlers.ownUserId)
    return (
      <span className="grid gap-1 md:justify-items-end">
        <OwnAccountNote />
        <Link to="/profile" className="text-xs font-medium text-primary hover:underline">
          <Trans>Edit your profile</Trans>
        </Link>
      </span>
    );
  return (
    <>
      <RowIconButton
        showText={showText}
        label={t`Edit profile of ${user.email}`}
        tooltip={t`Edit profile`}
        onClick={() => handlers.onEditProfile(user)}
      >
        <Pencil aria-hidden="true" />
      </RowIconButton>
      <RowIconButton
        showText={showText}
        label={t`Adjust balance of ${user.email}`}
        tooltip={t`Adjust balance`}
        onClick={() => handlers.onAdjust(user)}
      >
        <Wallet aria-hidden="true" />
      </RowIconButton>
      {user.frozenAt ? (
        <RowIconButton
          showText={showText}
          label={t`Unfreeze ${user.email}`}
          tooltip={t`Unfreeze`}
          className="text-sky-800 hover:bg-sky-50"
          onClick={() => handlers.onUnfreeze(user)}
        >
          <Snowflake aria-hidden="true" />
        </RowIconButton>
      ) : null}
      <SuspendOrActivate user={user} handlers={handlers} showText={showText} />
    </>
  );
}

function SuspendOrActivate({ user, handlers, showText }: UserProps & { showText: boolean }) {
  const { t } = useLingui();
  return user.isSuspended ? (
    <RowIconButton
      showText={showText}
      label={t`Activate ${user.email}`}
      tooltip={t`Activate user`}
      className="text-emerald-700 hover:bg-emerald-50"
      disabled={handlers.activatingId === user.id}
      onClick={() => handlers.onActivate(user)}
    >
      <CircleCheck aria-hidden="true" />
    </RowIconButton>
  ) : (
    <RowIconButton
      showText={showText}
      label={t`Suspend ${user.email}`}
      tooltip={t`Suspend user`}
      className="text-destructive hover:bg-red-50"
      onClick={() => handlers.onSuspend(user)}
    >
      <Ban aria-hidden="true" />
    </RowIconButton>
  );
}

function AdminBadge({ user }: { user: AdminUserDto }) {
  const { t } = useLingui();
  return user.adminRole ? <Badge tone="info">{user.adminRole === "super_admin" ? t`Super admin` : t`Admin`}</Badge> : null;
}

/** Frozen by its owner with a security alert's link (decision 039): said beside the status, with when. */
function Frozen({ frozenAt }: { frozenAt: string }) {
  return (
    <span className="grid justify-items-start gap-1">
      <Badge tone="info" className="whitespace-normal">
        <Snowflake aria-hidden="true" />
        <Trans>Frozen by the customer</Trans>
      </Badge>
      <span className="text-xs text-muted-foreground">{formatDateTime(frozenAt)}</span>
    </span>
  );
}

function Verification({ user }: { user: AdminUserDto }) {
  return <StatusBadge status={user.verificationStatus} label={verificationStatusLabels[user.verificationStatus]} />;
}

function FullName({ user }: { user: AdminUserDto }) {
  return (
    user.fullName ?? (
      <span className="text-muted-foreground">
        <Trans>N/A</Trans>
      </span>
    )
  );
}

export function UserRow({ user, handlers }: UserProps) {
  return (
    <Tr>
      <Td className="max-w-44">
        <div className="grid justify-items-start gap-1">
          <span className="max-w-full truncate" title={user.email}>
            {user.email}
          </span>
          <AdminBadge user={user} />
        </div>
      </Td>
      <Td className="max-w-28 truncate" title={user.username}>
        {user.username}
      </Td>
      <Td className="max-w-28 truncate" title={user.fullName ?? undefined}>
        <FullName user={user} />
      </Td>
      <Td className="text-right whitespace-nowrap tabular-nums">{formatBdtAmount(user.balance)}</Td>
      <Td>
        <Verification user={user} />
      </Td>
      <Td>
        <div className="grid justify-items-start gap-1">
          <StatusBadge status={user.isSuspended ? "suspended" : "active"} />
          {user.frozenAt ? <Frozen frozenAt={user.frozenAt} /> : null}
        </div>
      </Td>
      <Td className="whitespace-nowrap">{formatShortDate(user.createdAt)}</Td>
      <RowActionsCell>
        <UserActions user={user} handlers={handlers} />
      </RowActionsCell>
    </Tr>
  );
}

export function UserCard({ user, handlers }: UserProps) {
  const { t } = useLingui();
  return (
    <MobileCard
      title={
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-all">{user.email}</span>
          <AdminBadge user={user} />
        </span>
      }
      aside={<StatusBadge status={user.isSuspended ? "suspended" : "active"} />}
      actions={<UserActions user={user} handlers={handlers} showText />}
    >
      <CardField label={t`Username`}>{user.username}</CardField>
      <CardField label={t`Name`}>
        <FullName user={user} />
      </CardField>
      <CardField label={t`Balance`}>
        <span className="font-medium tabular-nums">{formatBdtAmount(user.balance)}</span>
      </CardField>
      <CardField label={t`Verification`}>
        <Verification user={user} />
      </CardField>
      {user.frozenAt ? (
        <CardField label={t`Frozen`}>
          <Frozen frozenAt={user.frozenAt} />
        </CardField>
      ) : null}
      <CardField label={t`Joined`}>{formatShortDate(user.createdAt)}</CardField>
    </MobileCard>
  );
}
