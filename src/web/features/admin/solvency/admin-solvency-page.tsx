import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Landmark, Percent, Scale, type LucideIcon } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import type { SolvencyDto } from "#shared/solvency-schemas.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { cn } from "@/lib/class-names.ts";
import { formatBdtAmount } from "@/features/admin/shell/admin-format.ts";
import { solvencyQuery } from "./solvency-api.ts";
import { coverageText, coverageTone } from "./solvency-format.ts";
import { UsdtReserveCard } from "./usdt-reserve-card.tsx";
import { FloatsCard } from "./floats-card.tsx";
import { PublishedProofCard } from "./published-proof-card.tsx";

// recharts is large: only the history card loads it.
const HistoryChart = lazy(() => import("./solvency-history-chart.tsx"));

const refreshMs = 60_000; // the reserves are read from the chain every few minutes

/**
 * Solvency (docs/product.md, Back office; decision 053): what Nexapay owes its customers against what
 * it holds (USDT on the reserve addresses at today's rate, and BDT float in the merchant wallets), the
 * coverage, the daily history, and the proof of reserves.
 */
export default function AdminSolvencyPage() {
  const { t } = useLingui();
  const solvency = useQuery({ ...solvencyQuery, refetchInterval: refreshMs });
  return (
    <>
      <title>{t`Solvency · Nexapay`}</title>
      <PageHeader title={t`Solvency`} description={t`What customers are owed against what Nexapay holds.`} />
      {solvency.isPending ? (
        <LoadingState label={t`Loading solvency...`} />
      ) : solvency.isError ? (
        <Notice tone="error">
          <Trans>Failed to load the solvency figures. They will be fetched again shortly.</Trans>
        </Notice>
      ) : (
        <SolvencyBody solvency={solvency.data} />
      )}
    </>
  );
}

function SolvencyBody({ solvency }: { solvency: SolvencyDto }) {
  const { t } = useLingui();
  return (
    // minmax(0, 1fr): the chart's drawn width must not hold the column open when the screen narrows.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <KeyFigures solvency={solvency} />
      <UsdtReserveCard reserve={solvency.usdtReserve} />
      <FloatsCard floats={solvency.floats} />
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Daily history</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Liabilities and reserves at the end of each day (Asia/Dhaka), in BDT.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Suspense fallback={<LoadingState label={t`Loading chart...`} className="h-72 py-0" />}>
            <HistoryChart history={solvency.history} />
          </Suspense>
        </CardContent>
      </Card>
      <PublishedProofCard />
    </div>
  );
}

function KeyFigures({ solvency }: { solvency: SolvencyDto }) {
  const { t } = useLingui();
  const tone = coverageTone(solvency.coverage);
  const usdtBdt = formatBdtAmount(solvency.usdtReserve.amountBdt);
  return (
    <section aria-label={t`Key figures`} className="grid gap-4 md:grid-cols-3">
      <FigureCard icon={Scale} label={t`Liabilities`} value={formatBdtAmount(solvency.liabilitiesBdt)}>
        <Trans>Customers&apos; balances, held amounts included.</Trans>
      </FigureCard>
      <FigureCard icon={Landmark} label={t`Reserves`} value={formatBdtAmount(solvency.reservesBdt)}>
        <Trans>USDT at today&apos;s rate ({usdtBdt}) and the merchant wallets&apos; float.</Trans>
      </FigureCard>
      <FigureCard icon={Percent} label={t`Coverage`} value={coverageText(solvency.coverage)} tone={tone}>
        {tone === "short" ? (
          <Trans>Below 100 %: reserves do not cover what customers are owed.</Trans>
        ) : tone === "healthy" ? (
          <Trans>Reserves cover what customers are owed.</Trans>
        ) : (
          <Trans>Nothing is owed to customers.</Trans>
        )}
      </FigureCard>
    </section>
  );
}

function FigureCard({
  icon: Icon,
  label,
  value,
  tone = "none",
  children,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  tone?: "healthy" | "short" | "none";
  children: ReactNode;
}) {
  return (
    <Card className={cn(tone === "short" && "border-red-300 bg-red-50", tone === "healthy" && "border-emerald-300 bg-emerald-50")}>
      <div className="flex items-start justify-between gap-3 p-5">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
          <p
            data-tone={tone}
            className={cn(
              "text-2xl font-semibold tracking-tight break-words tabular-nums",
              tone === "short" && "text-red-800",
              tone === "healthy" && "text-emerald-800",
            )}
          >
            {value}
          </p>
          <p className="text-sm text-muted-foreground">{children}</p>
        </div>
        <div
          className={cn(
            "flex size-10 shrink-0 items-center justify-center rounded-full",
            tone === "short" ? "bg-red-100 text-red-800" : "bg-emerald-50 text-emerald-700",
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </div>
      </div>
    </Card>
  );
}
