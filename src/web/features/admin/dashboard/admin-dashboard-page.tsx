import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BadgeCheck,
  Clock,
  type LucideIcon,
  SlidersHorizontal,
  UserCheck,
  Users,
  Wallet,
} from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { adminStatsQuery, type AdminStats } from "./dashboard-api.ts";
import { SolvencyBanner } from "./solvency-banner.tsx";
import { secondApprovalsQuery } from "@/features/admin/second-approvals/second-approvals-api.ts";
import { useSecondApprovalDecisions } from "@/features/admin/second-approvals/second-approval-actions.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { formatCount } from "@/lib/locale-format.ts";
import { formatBdtAmount, formatDateTime } from "@/features/admin/shell/admin-format.ts";
import { customerName, secondApprovalActionText, secondApprovalKindLabels } from "@/features/admin/second-approvals/second-approvals.ts";

// recharts is large: only this card loads it, so the other admin screens stay light.
const VolumeChart = lazy(() => import("./admin-volume-chart.tsx"));

const refreshMs = 30_000; // besides the live updates

/**
 * Admin Dashboard (docs/product.md, Back office › Dashboard): key figures and 30 days of approved volume,
 * under a red banner when the reserves fall short (solvency-banner.tsx).
 */
export default function AdminDashboardPage() {
  const { t } = useLingui();
  const stats = useQuery({
    ...adminStatsQuery,
    refetchInterval: refreshMs,
  });

  return (
    <>
      <title>{t`Admin dashboard · Nexapay`}</title>
      <SolvencyBanner />
      <PageHeader title={t`Admin Dashboard`} description={t`Customers, balances and what is waiting for a decision.`} />
      {stats.isPending ? (
        <LoadingState label={t`Loading dashboard...`} />
      ) : stats.isError ? (
        <Notice tone="error">
          <Trans>Failed to load dashboard figures. They will be fetched again shortly.</Trans>
        </Notice>
      ) : (
        <DashboardBody stats={stats.data} />
      )}
    </>
  );
}

function DashboardBody({ stats }: { stats: AdminStats }) {
  const { t } = useLingui();
  const added = formatBdtAmount(stats.todayAdjustmentsAdded);
  const subtracted = formatBdtAmount(stats.todayAdjustmentsSubtracted);
  const chartDays = formatCount(30);
  return (
    <div className="grid gap-6">
      <section aria-label={t`Key figures`} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard icon={Users} label={t`Total users`} value={formatCount(stats.totalUsers)} />
        <StatCard icon={UserCheck} label={t`Active users`} value={formatCount(stats.activeUsers)} />
        <StatCard icon={Wallet} label={t`Total customer balance`} value={formatBdtAmount(stats.totalBalance)} wide />
        <StatCard
          icon={Clock}
          label={t`Pending deposits`}
          value={formatCount(stats.pendingDeposits)}
          tone={stats.pendingDeposits > 0 ? "attention" : "normal"}
          link={{ to: "/admin/transactions?type=deposit&status=pending", label: t`Review pending deposits` }}
        />
        <StatCard
          icon={Clock}
          label={t`Pending withdrawals`}
          value={formatCount(stats.pendingWithdrawals)}
          tone={stats.pendingWithdrawals > 0 ? "attention" : "normal"}
          link={{ to: "/admin/transactions?type=withdraw&status=pending", label: t`Review pending withdrawals` }}
        />
        <StatCard icon={ArrowDownToLine} label={t`Today's approved deposits`} value={formatBdtAmount(stats.todayApprovedDeposits)} />
        <StatCard icon={ArrowUpFromLine} label={t`Today's approved withdrawals`} value={formatBdtAmount(stats.todayApprovedWithdrawals)} />
        {/* Admins' balance adjustments are not customers' deposits or withdrawals: a figure of their own (decision 021). */}
        <StatCard
          icon={SlidersHorizontal}
          label={t`Today's adjustments`}
          value={
            <span className="grid gap-0.5 text-lg">
              <span>
                <Trans>Added {added}</Trans>
              </span>
              <span>
                <Trans>Subtracted {subtracted}</Trans>
              </span>
            </span>
          }
        />
      </section>

      <SecondApprovalQueue count={stats.awaitingSecondApproval} />

      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Daily volume</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Approved deposits and withdrawals per day (Asia/Dhaka), last {chartDays} days, in BDT.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Suspense fallback={<LoadingState label={t`Loading chart...`} className="h-72 py-0" />}>
            <VolumeChart daily={stats.daily} />
          </Suspense>
        </CardContent>
      </Card>
    </div>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  tone = "normal",
  link,
  wide = false,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  tone?: "normal" | "attention";
  link?: { to: string; label: string };
  wide?: boolean;
}) {
  return (
    <Card className={wide ? "sm:col-span-2 xl:col-span-2" : undefined}>
      <div className="flex items-start justify-between gap-3 p-5">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
          <p className="text-2xl font-semibold tracking-tight break-words tabular-nums">{value}</p>
          {link ? (
            <Link to={link.to} className="text-sm font-medium text-primary hover:underline">
              {link.label}
            </Link>
          ) : null}
        </div>
        <div
          className={
            tone === "attention"
              ? "flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800"
              : "flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700"
          }
        >
          <Icon aria-hidden="true" className="size-5" />
        </div>
      </div>
    </Card>
  );
}

const queueSize = 3; // the oldest few; the rest are on the Second approvals page

/** Four eyes: how many requests wait for a second admin, the oldest few with their actions. */
function SecondApprovalQueue({ count }: { count: number }) {
  const { t, i18n } = useLingui();
  const oldest = useQuery({ ...secondApprovalsQuery({ status: "awaiting", page: 1, pageSize: queueSize }), refetchInterval: refreshMs });
  const { actionsOf, dialogs } = useSecondApprovalDecisions();
  const items = oldest.data?.items ?? [];
  return (
    <Card>
      <div className="flex items-start justify-between gap-3 p-5 pb-3">
        <div className="grid min-w-0 gap-1">
          <h2 id="second-approval-queue" className="text-sm font-medium text-muted-foreground">
            <Trans>Awaiting second approval</Trans>
          </h2>
          <p className="text-2xl font-semibold tracking-tight tabular-nums">{formatCount(count)}</p>
          <Link to="/admin/second-approvals" className="text-sm font-medium text-primary hover:underline">
            <Trans>Review second approvals</Trans>
          </Link>
        </div>
        <div
          className={
            count > 0
              ? "flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800"
              : "flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700"
          }
        >
          <BadgeCheck aria-hidden="true" className="size-5" />
        </div>
      </div>
      {items.length > 0 ? (
        <ul aria-label={t`Oldest requests awaiting a second approval`} className="divide-y divide-border border-t border-border">
          {items.map((request) => (
            <li key={request.id} className="flex flex-col gap-3 px-5 py-3 text-sm md:flex-row md:items-center md:justify-between">
              <div className="grid min-w-0 gap-0.5">
                <p className="font-medium [overflow-wrap:anywhere]">
                  {i18n._(secondApprovalKindLabels[request.kind])} · {customerName(request)}
                </p>
                <p className="text-muted-foreground [overflow-wrap:anywhere]">
                  {secondApprovalActionText(request)}
                  {/* eslint-disable-next-line lingui/no-unlocalized-strings -- TrxID and its code read alike in both languages */}
                  {request.payoutReference ? ` · TrxID ${request.payoutReference}` : ""}
                </p>
                <p className="text-xs text-muted-foreground">
                  <Trans>
                    Requested by {request.requestedBy.username},{" "}
                    <time dateTime={request.requestedAt}>{formatDateTime(request.requestedAt)}</time>
                  </Trans>
                </p>
              </div>
              <div className="shrink-0">{actionsOf(request, true)}</div>
            </li>
          ))}
        </ul>
      ) : null}
      {dialogs}
    </Card>
  );
}
