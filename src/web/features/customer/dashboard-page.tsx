import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import {
  ArrowDownToLine,
  ArrowRight,
  ArrowUpFromLine,
  ChevronRight,
  ReceiptText,
  ShieldCheck,
  Smartphone,
  WalletMinimal,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import { walletQuery } from "@/features/customer/customer-api.ts";
import { bdtText } from "@/features/customer/customer-format.ts";
import { TransactionListItem } from "@/features/customer/components/transaction-list-item.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { useSession } from "@/lib/session.ts";

type QuickAction = { to: string; label: MessageDescriptor; description: MessageDescriptor; icon: LucideIcon };

// Quick actions. On phones these are also the way to Transactions and SIMs, which the bottom bar has no room for.
const quickActions: readonly QuickAction[] = [
  { to: "/sims", label: msg`Manage SIMs`, description: msg`Register your SIM numbers`, icon: Smartphone },
  { to: "/transactions", label: msg`Transactions`, description: msg`Your full history`, icon: ReceiptText },
  { to: "/deposit", label: msg`Deposit`, description: msg`Add funds with USDT`, icon: ArrowDownToLine },
  { to: "/withdraw", label: msg`Withdraw`, description: msg`To bKash, Nagad or Upay`, icon: ArrowUpFromLine },
];

/** Dashboard (docs/product.md, Customer area › Dashboard): balance, the last five transactions, quick actions. */
export default function DashboardPage() {
  const { t } = useLingui();
  const { user } = useSession();
  const wallet = useWalletQuery();
  const unverified = user && (user.verificationStatus === "none" || user.verificationStatus === "rejected");

  return (
    <>
      <title>{t`Dashboard · Nexapay`}</title>
      <PageHeader title={t`Dashboard`} description={user ? t`Welcome back, ${user.username}!` : undefined} />

      <div className="grid gap-6">
        {unverified ? <VerifyIdentityBanner rejected={user.verificationStatus === "rejected"} /> : null}

        <BalanceSection wallet={wallet} />

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <RecentTransactionsCard wallet={wallet} />

          {/* First on phones: it is also their way to Transactions and SIMs. */}
          <QuickActionsCard />
        </div>
      </div>
    </>
  );
}

type WalletResult = ReturnType<typeof useWalletQuery>;

function useWalletQuery() {
  return useQuery(walletQuery);
}

/** For a customer not verified yet, or whose documents were rejected: the way to the Verification page. */
function VerifyIdentityBanner({ rejected }: { rejected: boolean }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-800" />
        <div className="grid gap-0.5">
          <p className="font-medium text-sky-900">{rejected ? t`Your verification was rejected` : t`Verify your identity`}</p>
          <p className="text-sm text-sky-900">
            {rejected
              ? t`Please upload new documents for verification.`
              : t`Upload a National ID, Driving License or Passport to get verified.`}
          </p>
        </div>
      </div>
      <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
        <Link to="/verification">
          <Trans>Go to verification</Trans>
        </Link>
      </Button>
    </div>
  );
}

/** The balance, what is available and on hold, and the ways to deposit and withdraw. */
function BalanceSection({ wallet }: { wallet: WalletResult }) {
  const data = wallet.data;
  return (
    <section
      aria-labelledby="balance-heading"
      className="overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-800 to-emerald-950 text-white shadow-md"
    >
      <div className="grid gap-6 p-6 sm:p-8 lg:grid-cols-[1fr_auto] lg:items-end">
        <div className="grid gap-2">
          <h2 id="balance-heading" className="flex items-center gap-2 text-sm font-medium text-emerald-100">
            <WalletMinimal aria-hidden="true" className="size-4" />
            <Trans>Current Balance</Trans>
          </h2>
          {data ? (
            <p className="text-3xl font-bold tracking-tight tabular-nums sm:text-4xl" data-testid="balance">
              {bdtText(data.balance)}
            </p>
          ) : wallet.isError ? (
            <p className="text-lg font-medium">
              <Trans>Balance unavailable</Trans>
            </p>
          ) : (
            <p className="flex h-10 items-center gap-2 text-emerald-100" role="status">
              <Spinner className="text-emerald-100" />
              <Trans>Loading balance...</Trans>
            </p>
          )}
          {data ? (
            <dl className="mt-2 grid grid-cols-2 gap-4 border-t border-white/15 pt-4 text-sm sm:max-w-md">
              <div className="grid gap-0.5">
                <dt className="text-emerald-100">
                  <Trans>Available</Trans>
                </dt>
                <dd className="font-semibold tabular-nums">{bdtText(data.availableBalance)}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-emerald-100">
                  <Trans>On hold</Trans>
                </dt>
                <dd className="font-semibold tabular-nums">{bdtText(data.heldBalance)}</dd>
              </div>
            </dl>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <Button asChild size="lg" className="bg-white text-emerald-900 hover:bg-emerald-50">
            <Link to="/deposit">
              <ArrowDownToLine aria-hidden="true" />
              <Trans>Deposit</Trans>
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="border-white/40 bg-transparent text-white hover:bg-white/10">
            <Link to="/withdraw">
              <ArrowUpFromLine aria-hidden="true" />
              <Trans>Withdraw</Trans>
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function RecentTransactionsCard({ wallet }: { wallet: WalletResult }) {
  const { t } = useLingui();
  const data = wallet.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-x-4 gap-y-1 pb-2">
        <CardTitle>
          <Trans>Recent Transactions</Trans>
        </CardTitle>
        <Link to="/transactions" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          <Trans>View all transactions</Trans>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardHeader>
      <CardContent>
        {data ? (
          data.recentTransactions.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-10 text-center">
              <ReceiptText aria-hidden="true" className="size-8 text-slate-400" />
              <p className="font-medium">
                <Trans>No transactions yet</Trans>
              </p>
              <p className="text-sm text-muted-foreground">
                <Trans>Your deposits and withdrawals will appear here.</Trans>
              </p>
            </div>
          ) : (
            <ul aria-label={t`Recent transactions`} className="divide-y divide-border">
              {data.recentTransactions.map((transaction) => (
                <TransactionListItem key={transaction.id} transaction={transaction} compact />
              ))}
            </ul>
          )
        ) : wallet.isError ? (
          <Notice tone="error">
            <Trans>Failed to load your wallet. Please try again.</Trans>
          </Notice>
        ) : (
          <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
            <Spinner />
            <Trans>Loading transactions...</Trans>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function QuickActionsCard() {
  const { i18n } = useLingui();
  return (
    <Card className="order-first h-fit lg:order-last">
      <CardHeader className="pb-2">
        <CardTitle>
          <Trans>Quick Actions</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-2 lg:grid-cols-1">
          {quickActions.map((action) => (
            <li key={action.to}>
              <Link
                to={action.to}
                className="group flex h-full flex-col items-start gap-2 rounded-lg border border-border p-3 transition-colors hover:border-emerald-300 hover:bg-emerald-50 sm:flex-row sm:items-center sm:gap-3"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700 group-hover:bg-white">
                  <action.icon aria-hidden="true" className="size-5" />
                </span>
                <span className="grid w-full min-w-0 flex-1">
                  <span className="text-sm font-medium">{i18n._(action.label)}</span>
                  <span className="hidden truncate text-xs text-muted-foreground sm:block">{i18n._(action.description)}</span>
                </span>
                <ChevronRight aria-hidden="true" className="hidden size-4 text-slate-400 sm:block" />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
