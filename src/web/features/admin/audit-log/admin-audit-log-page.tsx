import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { auditLogQuery, type AuditEntry } from "./audit-log-api.ts";
import { AdminList, CardField, MobileCard, Td, Tr, type Column } from "@/features/admin/components/admin-table.tsx";
import { ListFooter, ListToolbar, SelectFilter } from "@/features/admin/components/list-controls.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { PageHeader } from "@/components/page-header.tsx";
import {
  actorlessAuditLabel,
  auditActionLabel,
  auditActions,
  auditDetailPairs,
  formatDateTime,
} from "@/features/admin/shell/admin-format.ts";

const pageSize = 20;
const actionNames = Object.keys(auditActions);
const actionValues = ["", ...actionNames];
// What kind of record an entry is about; another kind is shown as the server names it.
const targetTypeLabels: Record<string, MessageDescriptor> = {
  transaction: msg`transaction`,
  user: msg`user`,
  sim: msg`sim`,
  verification: msg`verification`,
  second_approval: msg`second approval`,
};
const columnLabels = [msg`When`, msg`Who`, msg`Action`, msg`Record`, msg`Details`];

/** Audit Log (docs/operations.md, Reading the audit log): who did what to which record, and when; newest first. */
export default function AdminAuditLogPage() {
  const { t, i18n } = useLingui();
  const { filters, page, control, pager } = useListParams({ action: "" }, { action: actionValues });
  const actionOptions = actionValues.map((name) => ({ value: name, label: name === "" ? t`All actions` : auditActionLabel(name) }));
  const columns: readonly Column[] = columnLabels.map((label) => ({ label: i18n._(label) }));

  const entries = useQuery(auditLogQuery({ action: filters.action, page, pageSize }));

  let message: ReactNode = null;
  if (entries.isPending) message = t`Loading audit log...`;
  else if (entries.isError) message = t`Failed to load the audit log`;
  else if (entries.data.items.length === 0) message = filters.action ? t`No entries for this action` : t`No entries yet`;
  const items = entries.data?.items ?? [];

  const cardOf = (entry: AuditEntry) => (
    <MobileCard title={auditActionLabel(entry.action)}>
      <CardField label={t`When`}>{formatDateTime(entry.createdAt)}</CardField>
      <CardField label={t`Who`}>
        <Actor entry={entry} />
      </CardField>
      {entry.targetType ? (
        <CardField label={t`Record`}>
          <span className="capitalize">
            <TargetType type={entry.targetType} />
          </span>{" "}
          {entry.targetId ? <span className="font-mono text-xs text-muted-foreground">{entry.targetId.slice(0, 8)}</span> : null}
        </CardField>
      ) : null}
      <CardField label={t`Details`}>
        <EntryDetails entry={entry} />
      </CardField>
    </MobileCard>
  );

  return (
    <>
      <title>{t`Audit log · Nexapay`}</title>
      <PageHeader
        title={t`Audit Log`}
        description={t`Every admin action and every balance change: who did what to which record, and when.`}
      />
      <ListToolbar>
        <SelectFilter id="audit-action" label={t`Action`} options={actionOptions} {...control("action")} className="sm:w-72" />
      </ListToolbar>
      <AdminList
        caption={t`Audit log`}
        columns={columns}
        message={message}
        items={items}
        row={(entry) => <EntryRow entry={entry} />}
        card={cardOf}
      />
      <ListFooter label={t`Audit log pages`} pageSize={pageSize} list={entries.data} {...pager} />
    </>
  );
}

function TargetType({ type }: { type: string }) {
  const { i18n } = useLingui();
  const known = targetTypeLabels[type];
  return known ? i18n._(known) : type;
}

function Actor({ entry }: { entry: AuditEntry }) {
  return (
    entry.actorEmail ?? (entry.actorId ? <span className="font-mono text-xs">{entry.actorId}</span> : actorlessAuditLabel(entry.details))
  );
}

function EntryDetails({ entry }: { entry: AuditEntry }) {
  const details = auditDetailPairs(entry.details);
  return details.length > 0 ? (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {details.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted-foreground">{name}</dt>
          <dd className="max-w-56 truncate" title={value}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  ) : (
    <span className="text-muted-foreground">—</span>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <Tr className="align-top">
      <Td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</Td>
      <Td className="max-w-56">
        <div className="truncate" title={entry.actorEmail ?? entry.actorId ?? undefined}>
          <Actor entry={entry} />
        </div>
        {entry.ip ? <div className="text-xs text-muted-foreground">{entry.ip}</div> : null}
      </Td>
      <Td className="font-medium whitespace-nowrap">{auditActionLabel(entry.action)}</Td>
      <Td>
        {entry.targetType ? (
          <>
            <div className="capitalize">
              <TargetType type={entry.targetType} />
            </div>
            {entry.targetId ? (
              <div className="font-mono text-xs text-muted-foreground" title={entry.targetId}>
                {entry.targetId.slice(0, 8)}
              </div>
            ) : null}
          </>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </Td>
      <Td className="min-w-64">
        <EntryDetails entry={entry} />
      </Td>
    </Tr>
  );
}
