import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import { secondApprovalsQuery, type SecondApprovalStatusFilter } from "./second-approvals-api.ts";
import { AdminList, CardField, MobileCard, Td, Tr, type Column } from "@/features/admin/components/admin-table.tsx";
import { FilterButtons, ListFooter, ListToolbar } from "@/features/admin/components/list-controls.tsx";
import { useSecondApprovalDecisions } from "./second-approval-actions.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { PhoneNumber } from "@/components/phone-number.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { useListParams } from "@/lib/use-list-params.ts";
import { formatBdtAmount, formatDateTime, formatShortDate, formatTime } from "@/features/admin/shell/admin-format.ts";
import { customerName, secondApprovalKindLabels, secondApprovalStatusLabels } from "./second-approvals.ts";

const pageSize = 10;
const refreshMs = 30_000; // besides the live updates
const statusButtons = [
  { value: "awaiting", label: msg`Awaiting` },
  { value: "confirmed", label: msg`Confirmed` },
  { value: "declined", label: msg`Declined` },
  { value: "all", label: msg`All` },
] as const;
const statuses = statusButtons.map((option) => option.value);
const columns = [
  { label: msg`Customer` },
  { label: msg`Request` },
  { label: msg`Amount`, className: "text-right" },
  { label: msg`Note` },
  { label: msg`Requested` },
  { label: msg`Actions`, className: "text-right" },
];

/** What is asked: add / subtract, a deposit's credit, or the withdrawal's wallet and number (and an older request's TrxID). */
function RequestDetails({ request }: { request: SecondApprovalDto }) {
  const { t } = useLingui();
  if (request.kind === "balance_adjustment")
    return <span>{request.direction === "subtract" ? <Trans>Subtract from balance</Trans> : <Trans>Add to balance</Trans>}</span>;
  if (request.kind === "deposit_approval") return <Trans>Credit to balance</Trans>;
  return (
    <>
      <span className="block">
        {request.method && request.walletNumber ? (
          <>
            {request.method} <PhoneNumber number={request.walletNumber} />
          </>
        ) : (
          [request.method, request.walletNumber].filter(Boolean).join(" ") || t`Not specified`
        )}
      </span>
      {request.payoutReference ? <span className="block font-mono text-xs">TrxID {request.payoutReference}</span> : null}
    </>
  );
}

function KindBadge({ request }: { request: SecondApprovalDto }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={request.kind === "balance_adjustment" ? "neutral" : request.kind === "deposit_approval" ? "warning" : "info"}>
      {i18n._(secondApprovalKindLabels[request.kind])}
    </Badge>
  );
}

/**
 * Second approvals (four eyes, decisions 020 and 040): big adjustments, deposits approved anyway and
 * big withdrawals waiting for a second admin, oldest first. A confirmed withdrawal is then paid from
 * Manage Transactions ("Ready to pay"): confirming it pays nothing.
 */
export default function AdminSecondApprovalsPage() {
  const { t, i18n } = useLingui();
  const { filters, page, control, pager } = useListParams<{ status: SecondApprovalStatusFilter }>(
    { status: "awaiting" },
    { status: statuses },
  );
  const list = useQuery({ ...secondApprovalsQuery({ status: filters.status, page, pageSize }), refetchInterval: refreshMs });
  const { actionsOf, dialogs } = useSecondApprovalDecisions();

  let message: ReactNode = null;
  if (list.isPending) message = t`Loading requests...`;
  else if (list.isError) message = t`Failed to load the requests`;
  else if (list.data.items.length === 0)
    message = filters.status === "awaiting" ? t`Nothing is waiting for a second approval.` : t`No requests match this filter`;
  const shownColumns: readonly Column[] = columns.map((column) => ({ ...column, label: i18n._(column.label) }));
  const shownButtons = statusButtons.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const items = list.data?.items ?? [];
  const showStatus = filters.status !== "awaiting";

  return (
    <>
      <title>{t`Second approvals · Nexapay`}</title>
      <PageHeader
        title={t`Second approvals`}
        description={t`Big balance adjustments and deposits approved anyway move money only when a second admin confirms them. A big withdrawal is paid only after a second admin has confirmed it.`}
      />
      <ListToolbar>
        <FilterButtons label={t`Status`} options={shownButtons} {...control("status")} />
      </ListToolbar>
      <AdminList
        caption={t`Second approval requests`}
        columns={shownColumns}
        message={message}
        items={items}
        row={(r) => <RequestRow request={r} actions={actionsOf(r)} />}
        card={(r) => <RequestCard request={r} actions={actionsOf(r, true)} showStatus={showStatus} />}
      />
      <ListFooter label={t`Second approval pages`} pageSize={pageSize} list={list.data} {...pager} />
      {dialogs}
    </>
  );
}

function StatusWord({ request }: { request: SecondApprovalDto }) {
  const { i18n } = useLingui();
  const tone = request.status === "confirmed" ? "success" : request.status === "declined" ? "danger" : "warning";
  return <Badge tone={tone}>{i18n._(secondApprovalStatusLabels[request.status])}</Badge>;
}

type RequestProps = { request: SecondApprovalDto; actions: ReactNode };

function RequestRow({ request: r, actions }: RequestProps) {
  return (
    <Tr>
      <Td className="max-w-40">
        <span className="block truncate font-medium" title={customerName(r)}>
          {customerName(r)}
        </span>
        {customerName(r) !== r.username ? (
          <span className="block truncate text-xs text-muted-foreground" title={r.username}>
            {r.username}
          </span>
        ) : null}
      </Td>
      <Td className="max-w-48">
        {/* A decided request says so in its Actions cell ("Confirmed by …"), so the status needs no column here. */}
        <KindBadge request={r} />
        <div className="mt-1 text-xs text-muted-foreground [overflow-wrap:anywhere]">
          <RequestDetails request={r} />
        </div>
      </Td>
      <Td className="text-right font-medium whitespace-nowrap tabular-nums">{formatBdtAmount(r.amount)}</Td>
      <Td className="max-w-40">
        {r.note ? (
          <span className="line-clamp-2 text-sm" title={r.note}>
            {r.note}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
        {r.declineReason ? (
          <span className="mt-1 block truncate text-xs text-red-700" title={r.declineReason}>
            <Trans>Declined: {r.declineReason}</Trans>
          </span>
        ) : null}
      </Td>
      <Td className="whitespace-nowrap">
        <span className="block">{r.requestedBy.username}</span>
        <time dateTime={r.requestedAt} className="block text-xs text-muted-foreground">
          {formatShortDate(r.requestedAt)}, {formatTime(r.requestedAt)}
        </time>
      </Td>
      <Td>
        <div className="flex justify-end">{actions}</div>
      </Td>
    </Tr>
  );
}

function RequestCard({ request: r, actions, showStatus }: RequestProps & { showStatus: boolean }) {
  const { t } = useLingui();
  return (
    <MobileCard
      title={
        <>
          <span className="block">{customerName(r)}</span>
          {customerName(r) !== r.username ? <span className="block text-xs font-normal text-muted-foreground">{r.username}</span> : null}
        </>
      }
      aside={<KindBadge request={r} />}
      actions={actions}
    >
      <CardField label={t`Amount`}>
        <span className="font-medium tabular-nums">{formatBdtAmount(r.amount)}</span>
      </CardField>
      <CardField label={r.kind === "balance_adjustment" ? t`Direction` : r.kind === "deposit_approval" ? t`Request` : t`Wallet`}>
        <RequestDetails request={r} />
      </CardField>
      {r.note ? <CardField label={t`Note`}>{r.note}</CardField> : null}
      <CardField label={t`Requested by`}>{r.requestedBy.username}</CardField>
      <CardField label={t`Requested at`}>{formatDateTime(r.requestedAt)}</CardField>
      {showStatus ? (
        <CardField label={t`Status`}>
          <StatusWord request={r} />
        </CardField>
      ) : null}
      {r.declineReason ? <CardField label={t`Decline reason`}>{r.declineReason}</CardField> : null}
    </MobileCard>
  );
}
