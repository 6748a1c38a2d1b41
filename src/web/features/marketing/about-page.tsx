import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Building2, Eye, HeartHandshake, Scale, ShieldCheck, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { CallToAction, ctaPrimaryClass, ctaSecondaryClass } from "@/features/marketing/components/call-to-action.tsx";
import { SignUpButton } from "@/features/marketing/components/cta-buttons.tsx";
import { FeatureGrid, type FeatureItem } from "@/features/marketing/components/feature-grid.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

const values: readonly FeatureItem[] = [
  {
    title: msg`Exact with money`,
    text: msg`Every amount is kept to the poisha and every balance change has a ledger entry. Nothing is lost and nothing happens twice.`,
    icon: Scale,
  },
  {
    title: msg`Clear before you commit`,
    text: msg`Rates, fees and limits are on the page before you pay, not in the small print after.`,
    icon: Eye,
  },
  {
    title: msg`Secure by design`,
    text: msg`Our controls follow PCI-DSS, ISO 27001 and SOC 2, and security is part of every change we make, not a final check.`,
    icon: ShieldCheck,
  },
  {
    title: msg`People who answer`,
    text: msg`Support is on chat 24/7. When something goes wrong, you talk to someone who can fix it.`,
    icon: HeartHandshake,
  },
  {
    title: msg`Simple on purpose`,
    text: msg`Money tasks should take a minute on an ordinary phone over mobile data. We design for that first.`,
    icon: Sparkles,
  },
];

const figures = [
  // The figures are messages too: Bangla writes them in Bengali digits.
  { value: msg`135+`, label: msg`currencies accepted` },
  { value: msg`24/7`, label: msg`live chat support` },
  { value: msg`3`, label: msg`mobile wallets for payouts` },
  { value: msg`0%`, label: msg`withdrawal fee` },
] as const;

const offices = [
  { city: msg`New York`, role: msg`Headquarters` },
  { city: msg`London`, role: msg`Europe` },
  { city: msg`Singapore`, role: msg`Asia-Pacific` },
] as const;

/** About Us. */
export default function AboutPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <ContentPageShell
      eyebrow={t`Company`}
      title={t`About Us`}
      intro={t`We build next generation payment solutions for businesses and individuals, so getting paid from anywhere and spending at home is simple, fast and safe.`}
      actions={
        <>
          <SignUpButton />
          <Button asChild size="lg" variant="outline">
            <Link to="/careers">
              <Trans>Join our team</Trans>
            </Link>
          </Button>
        </>
      }
    >
      <PageSection width="narrow" align="start" title={t`Why Nexapay exists`}>
        <div className="grid gap-4 text-lg text-slate-700">
          <p>
            <Trans>
              Freelancers, exporters and shops in Bangladesh increasingly earn from customers abroad, often in digital dollars. Turning that
              money into taka they can spend used to mean slow transfers, unclear rates and fees discovered at the end.
            </Trans>
          </p>
          <p>
            <Trans>
              Nexapay makes the path short and visible. Receive USDT on the TRC-20 network, see it credited in BDT at a published rate, and
              withdraw to bKash, Nagad or Upay in minutes. Businesses that want more can accept payments in 135+ currencies, build on our
              API and follow every transaction in real time.
            </Trans>
          </p>
        </div>
      </PageSection>

      <NexapayInNumbers />
      <PageSection tone="tint" title={t`What we believe`} intro={t`Five principles decide how we build and how we behave.`}>
        <FeatureGrid items={values} />
      </PageSection>

      <PageSection title={t`Where we are`} intro={t`Three offices, one team, and support that never sleeps.`}>
        <ul className="grid gap-6 sm:grid-cols-3">
          {offices.map((office) => (
            <li key={office.city.id} className="rounded-xl border border-border bg-white p-6 text-center shadow-sm">
              <Building2 aria-hidden="true" className="mx-auto size-8 text-emerald-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{i18n._(office.city)}</h3>
              <p className="text-slate-600">{i18n._(office.role)}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <CallToAction
        title={t`Build the future of payments with us`}
        text={t`We are hiring engineers, analysts, designers and support specialists.`}
      >
        <Button asChild size="lg" className={ctaPrimaryClass}>
          <Link to="/careers">
            <Trans>See open positions</Trans>
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline" className={ctaSecondaryClass}>
          <Link to="/signup">
            <Trans>Open an account</Trans>
          </Link>
        </Button>
      </CallToAction>
    </ContentPageShell>
  );
}

function NexapayInNumbers() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <>
      <section aria-label={t`Nexapay in numbers`} className="bg-emerald-900">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 text-center sm:px-6 lg:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.label.id} className="flex flex-col-reverse">
              <dt className="mt-1 text-emerald-50">{i18n._(figure.label)}</dt>
              <dd className="text-4xl font-bold text-white">{i18n._(figure.value)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
