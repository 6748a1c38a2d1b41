import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { ChatLink, SupportEmailLink } from "@/features/marketing/components/external-link.tsx";
import { FeatureGrid, type FeatureItem } from "@/features/marketing/components/feature-grid.tsx";
import {
  ArrowDownLeftIcon,
  ArrowUpRightIcon,
  ChartIcon,
  CheckIcon,
  GlobeIcon,
  HeadphonesIcon,
  PlugIcon,
  ShieldCheckIcon,
  ZapIcon,
} from "@/features/marketing/components/home-icons.ts";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { PartnerLogos } from "@/features/marketing/components/partner-logos.tsx";
import { useHashScroll } from "@/features/marketing/components/use-hash-scroll.ts";
import { Button } from "@/components/ui/button.tsx";

// The sections and their anchors, the plans and the claims (docs/product.md, Public site).
const features: readonly FeatureItem[] = [
  {
    title: msg`Fast Transactions`,
    text: msg`USDT deposits on TRC-20 are credited in BDT within 10–30 minutes, and withdrawals reach bKash, Nagad or Upay in 15–30 minutes during business hours.`,
    icon: ZapIcon,
  },
  {
    title: msg`Secure Payments`,
    text: msg`PCI-DSS, ISO 27001 and SOC 2 controls, SSL encryption on every connection, and tokenization for recurring payments.`,
    icon: ShieldCheckIcon,
  },
  {
    title: msg`Global Reach`,
    text: msg`Accept payments in 135+ currencies and settle in taka at a rate you can see up front: 1 USDT = 125 BDT.`,
    icon: GlobeIcon,
  },
  {
    title: msg`Easy Integration`,
    text: msg`A documented API, ready-made code snippets and plugins put payments into your site or app without rebuilding it.`,
    icon: PlugIcon,
  },
  {
    title: msg`Real-time Analytics`,
    text: msg`Dashboards show every deposit, withdrawal and status change the moment it happens, not at the end of the day.`,
    icon: ChartIcon,
  },
  {
    title: msg`24/7 Support`,
    text: msg`Live chat around the clock, and e-mail replies within 24 hours on business days from people who know payments.`,
    icon: HeadphonesIcon,
  },
];

const steps = [
  {
    number: 1,
    title: msg`Sign Up`,
    text: msg`Create an account in minutes, then verify your business details with a national ID, driving licence or passport.`,
  },
  {
    number: 2,
    title: msg`Integrate`,
    text: msg`Add Nexapay to your website or app with our code snippets or plugins, or call the API directly.`,
  },
  {
    number: 3,
    title: msg`Accept Payments`,
    text: msg`Take payments from customers at home and abroad; USDT received on TRC-20 is credited to your wallet in BDT.`,
  },
  {
    number: 4,
    title: msg`Manage & Grow`,
    text: msg`Follow every transaction live, withdraw to your mobile wallet when you need to, and scale without changing provider.`,
  },
] as const;

const planFeatures: readonly MessageDescriptor[] = [msg`Priority Email Support`, msg`Analytical Dashboard`, msg`No Payout Charge`];
const plans = [
  { key: "personal", name: msg`Personal`, fee: 0.05, audience: msg`For small businesses`, popular: false },
  { key: "merchant", name: msg`Merchant`, fee: 0.04, audience: msg`For businesses and organizations`, popular: true },
] as const;

/** The landing page (/): hero, trusted-by logos, #features, #how-it-works, #pricing. */
export default function LandingPage() {
  useHashScroll();
  const { t } = useLingui();

  return (
    <>
      <title>{t`Nexapay · Next Generation Payment Solutions`}</title>
      <Hero />
      <TrustedBy />
      <PageSection
        id="features"
        eyebrow={t`Features`}
        title={t`Everything you need to get paid`}
        intro={t`One account to receive payments, see them arrive and move the money where it is useful.`}
      >
        <FeatureGrid items={features} />
      </PageSection>

      <HowItWorks />
      <Pricing />
    </>
  );
}

function Hero() {
  return (
    <section className="bg-gradient-to-b from-emerald-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.15fr_1fr]">
        <div className="text-center lg:text-left">
          <p className="inline-flex rounded-full border border-emerald-200 bg-white px-3 py-1 text-sm font-medium text-emerald-800">
            <Trans>Secure payments for businesses and individuals</Trans>
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl">
            <Trans>Next Generation Payment Solutions</Trans>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 lg:mx-0">
            <Trans>
              Fast, secure payment processing with real-time analytics. Receive USDT on TRC-20, hold it as taka, and withdraw to bKash,
              Nagad or Upay whenever you choose.
            </Trans>
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg">
              <Link to="/signup">
                <Trans>Get Started Now</Trans>
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <ChatLink>
                <Trans>Contact Sales</Trans>
              </ChatLink>
            </Button>
          </div>
          <p className="mt-6 text-sm text-slate-600">
            <Trans>
              Prefer e-mail? Write to{" "}
              <SupportEmailLink className="font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-900" />
            </Trans>
          </p>
        </div>
        <WalletPreview />
      </div>
    </section>
  );
}

function TrustedBy() {
  return (
    <section aria-labelledby="trusted-title" className="border-y border-border bg-white py-12">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="trusted-title" className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase">
          <Trans>Trusted by businesses across Bangladesh and beyond</Trans>
        </h2>
        <div className="mt-8">
          <PartnerLogos />
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useLingui();
  // Figures through Lingui's own Intl formatting (Bengali digits in Bangla): it is already loaded with
  // the page, where lib/locale-format.ts would be one more chunk for `/` to wait for.
  const { i18n } = useLinguiContext();
  return (
    <PageSection
      id="how-it-works"
      tone="tint"
      eyebrow={t`How it Works`}
      title={t`From sign-up to your first payment`}
      intro={t`Four steps, and help at every one of them.`}
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step) => {
          const number = i18n.number(step.number, { minimumIntegerDigits: 2 });
          return (
            <li key={step.number} className="rounded-xl border border-border bg-white p-6 shadow-sm">
              <p aria-hidden="true" className="text-3xl font-bold text-emerald-700">
                {number}
              </p>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">
                <span className="sr-only">{number} </span>
                {i18n._(step.title)}
              </h3>
              <p className="mt-2 text-slate-600">{i18n._(step.text)}</p>
            </li>
          );
        })}
      </ol>
    </PageSection>
  );
}

function Pricing() {
  const { t } = useLingui();
  return (
    <PageSection
      id="pricing"
      eyebrow={t`Pricing`}
      title={t`Simple, transparent pricing`}
      intro={t`Pick the account that fits you. Both include priority support, the analytical dashboard and free payouts.`}
    >
      <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        {plans.map((plan) => (
          <PlanCard key={plan.key} plan={plan} />
        ))}
      </div>
      <CustomPlan />
    </PageSection>
  );
}

function PlanCard({ plan }: { plan: (typeof plans)[number] }) {
  const { i18n } = useLinguiContext();
  const planName = i18n._(plan.name);
  return (
    <div
      className={`relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm ${plan.popular ? "border-emerald-600 ring-1 ring-emerald-600" : "border-border"}`}
    >
      {plan.popular ? (
        <p className="absolute -top-3 right-6 rounded-full bg-emerald-700 px-3 py-1 text-xs font-semibold text-white">
          <Trans>Popular</Trans>
        </p>
      ) : null}
      <h3 className="text-xl font-semibold text-slate-900">{planName}</h3>
      <p className="mt-1 text-sm text-slate-600">{i18n._(plan.audience)}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-5xl font-bold text-slate-900">{i18n.number(plan.fee, { style: "percent" })}</span>
        <span className="text-slate-600">
          <Trans>fee</Trans>
        </span>
      </p>
      <p className="mt-1 text-sm font-medium text-slate-700">
        <Trans>Sunday to Saturday</Trans>
      </p>
      <ul className="mt-6 grid gap-3">
        {planFeatures.map((item) => (
          <li key={item.id} className="flex items-center gap-2 text-slate-700">
            <CheckIcon aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
            {i18n._(item)}
          </li>
        ))}
      </ul>
      <Button asChild className="mt-8 w-full" size="lg" variant={plan.popular ? "default" : "outline"}>
        <Link to="/signup">
          <Trans>
            Get Started<span className="sr-only"> with {planName}</span>
          </Trans>
        </Link>
      </Button>
    </div>
  );
}

function CustomPlan() {
  return (
    <div className="mx-auto mt-8 flex max-w-4xl flex-col items-center justify-between gap-4 rounded-2xl border border-border bg-slate-50 p-6 text-center sm:flex-row sm:text-left">
      <div>
        <h3 className="font-semibold text-slate-900">
          <Trans>Need a custom plan?</Trans>
        </h3>
        <p className="mt-1 text-slate-600">
          <Trans>High volumes or special requirements? Our sales team will put together a plan for you.</Trans>
        </p>
      </div>
      <Button asChild variant="outline">
        <ChatLink>
          <Trans>Contact Sales</Trans>
        </ChatLink>
      </Button>
    </div>
  );
}

/** An illustration of the wallet (example figures at 125 BDT per USDT), not live data. */
function WalletPreview() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const bdt = (value: number) => i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const balance = bdt(32500);
  const usdtIn = i18n.number(300);
  const usdtPending = i18n.number(40);
  const minutes = i18n.number(18);
  const rate = i18n.number(125);
  return (
    <figure className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-border bg-white p-6 shadow-lg">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div>
            <p className="text-sm text-slate-600">
              <Trans>Available balance</Trans>
            </p>
            <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t`${balance} BDT`}</p>
          </div>
          <p className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-800">
            <Trans>Verified</Trans>
          </p>
        </div>
        <ul className="mt-6 grid grid-cols-1 gap-3">
          <PreviewRow direction="in" title={t`Deposit`} detail={t`${usdtIn} USDT · TRC-20`} amount={`+${bdt(37500)}`} />
          <PreviewRow direction="out" title={t`Withdraw`} detail={t`bKash · in ${minutes} minutes`} amount={`−${bdt(5000)}`} />
          <PreviewRow direction="in" title={t`Deposit`} detail={t`${usdtPending} USDT · pending`} amount={`+${bdt(5000)}`} />
        </ul>
      </div>
      <figcaption className="mt-3 text-center text-xs text-slate-600">
        <Trans>Example wallet, amounts in BDT at {rate} BDT per USDT. For illustration only.</Trans>
      </figcaption>
    </figure>
  );
}

function PreviewRow({ direction, title, detail, amount }: { direction: "in" | "out"; title: string; detail: string; amount: string }) {
  const Icon = direction === "in" ? ArrowDownLeftIcon : ArrowUpRightIcon;
  return (
    <li className="flex items-center gap-3 rounded-xl bg-slate-50 p-3">
      <span
        className={`flex size-9 shrink-0 items-center justify-center rounded-full ${direction === "in" ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"}`}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{title}</span>
        <span className="block truncate text-xs text-slate-600">{detail}</span>
      </span>
      <span className={`text-sm font-semibold whitespace-nowrap ${direction === "in" ? "text-emerald-800" : "text-slate-900"}`}>
        {amount}
      </span>
    </li>
  );
}
