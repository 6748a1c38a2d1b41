import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { auditLogQuery, type AuditEntry } from "@/features/admin/admin-api.ts";
import { AdminList, CardField, MobileCard, Td, Tr, type Column } from "@/features/admin/components/admin-table.tsx";
import { ListFooter, ListToolbar, SelectFilter } from "@/features/admin/components/list-controls.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { actorlessAuditLabel, auditActionLabel, auditActions, auditDetailPairs, formatDateTime } from "./admin-format.ts";

const pageSize = 20;
const actionNames = Object.keys(auditActions);
const actionOptions = [{ value: "", label: "All actions" }, ...actionNames.map((name) => ({ value: name, label: auditActionLabel(name) }))];
const columns: readonly Column[] = [{ label: "When" }, { label: "Who" }, { label: "Action" }, { label: "Record" }, { label: "Details" }];

/** Audit Log (docs/operations.md, Reading the audit log): who did what to which record, and when; newest first. */
export default function AdminAuditLogPage() {
  const { filters, page, control, pager } = useListParams({ action: "" }, { action: actionOptions.map((option) => option.value) });

  const entries = useQuery(auditLogQuery({ action: filters.action, page, pageSize }));

  let message: ReactNode = null;
  if (entries.isPending) message = "Loading audit log...";
  else if (entries.isError) message = "Failed to load the audit log";
  else if (entries.data.items.length === 0) message = filters.action ? "No entries for this action" : "No entries yet";
  const items = entries.data?.items ?? [];

  const actorOf = (entry: AuditEntry) =>
    entry.actorEmail ?? (entry.actorId ? <span className="font-mono text-xs">{entry.actorId}</span> : actorlessAuditLabel(entry.details));
  const detailsOf = (entry: AuditEntry) => {
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
  };

  const rowOf = (entry: AuditEntry) => (
    <Tr className="align-top">
      <Td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</Td>
      <Td className="max-w-56">
        <div className="truncate" title={entry.actorEmail ?? entry.actorId ?? undefined}>
          {actorOf(entry)}
        </div>
        {entry.ip ? <div className="text-xs text-muted-foreground">{entry.ip}</div> : null}
      </Td>
      <Td className="font-medium whitespace-nowrap">{auditActionLabel(entry.action)}</Td>
      <Td>
        {entry.targetType ? (
          <>
            <div className="capitalize">{entry.targetType}</div>
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
      <Td className="min-w-64">{detailsOf(entry)}</Td>
    </Tr>
  );
  const cardOf = (entry: AuditEntry) => (
    <MobileCard title={auditActionLabel(entry.action)}>
      <CardField label="When">{formatDateTime(entry.createdAt)}</CardField>
      <CardField label="Who">{actorOf(entry)}</CardField>
      {entry.targetType ? (
        <CardField label="Record">
          <span className="capitalize">{entry.targetType}</span>{" "}
          {entry.targetId ? <span className="font-mono text-xs text-muted-foreground">{entry.targetId.slice(0, 8)}</span> : null}
        </CardField>
      ) : null}
      <CardField label="Details">{detailsOf(entry)}</CardField>
    </MobileCard>
  );

  return (
    <>
      <title>Audit log · Nexapay</title>
      <PageHeader title="Audit Log" description="Every admin action and every balance change: who did what to which record, and when." />
      <ListToolbar>
        <SelectFilter id="audit-action" label="Action" options={actionOptions} {...control("action")} className="sm:w-72" />
      </ListToolbar>
      <AdminList caption="Audit log" columns={columns} message={message} items={items} row={rowOf} card={cardOf} />
      <ListFooter label="Audit log pages" pageSize={pageSize} list={entries.data} {...pager} />
    </>
  );
}
