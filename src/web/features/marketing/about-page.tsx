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
    title: "Exact with money",
    text: "Every amount is kept to the poisha and every balance change has a ledger entry. Nothing is lost and nothing happens twice.",
    icon: Scale,
  },
  {
    title: "Clear before you commit",
    text: "Rates, fees and limits are on the page before you pay, not in the small print after.",
    icon: Eye,
  },
  {
    title: "Secure by design",
    text: "Our controls follow PCI-DSS, ISO 27001 and SOC 2, and security is part of every change we make, not a final check.",
    icon: ShieldCheck,
  },
  {
    title: "People who answer",
    text: "Support is on chat 24/7. When something goes wrong, you talk to someone who can fix it.",
    icon: HeartHandshake,
  },
  {
    title: "Simple on purpose",
    text: "Money tasks should take a minute on an ordinary phone over mobile data. We design for that first.",
    icon: Sparkles,
  },
];

const figures = [
  { value: "135+", label: "currencies accepted" },
  { value: "24/7", label: "live chat support" },
  { value: "3", label: "mobile wallets for payouts" },
  { value: "0%", label: "withdrawal fee" },
] as const;

const offices = [
  { city: "New York", role: "Headquarters" },
  { city: "London", role: "Europe" },
  { city: "Singapore", role: "Asia-Pacific" },
] as const;

/** About Us. */
export default function AboutPage() {
  return (
    <ContentPageShell
      eyebrow="Company"
      title="About Us"
      intro="We build next generation payment solutions for businesses and individuals, so getting paid from anywhere and spending at home is simple, fast and safe."
      actions={
        <>
          <SignUpButton />
          <Button asChild size="lg" variant="outline">
            <Link to="/careers">Join our team</Link>
          </Button>
        </>
      }
    >
      <PageSection width="narrow" align="start" title="Why Nexapay exists">
        <div className="grid gap-4 text-lg text-slate-700">
          <p>
            Freelancers, exporters and shops in Bangladesh increasingly earn from customers abroad, often in digital dollars. Turning that
            money into taka they can spend used to mean slow transfers, unclear rates and fees discovered at the end.
          </p>
          <p>
            Nexapay makes the path short and visible. Receive USDT on the TRC-20 network, see it credited in BDT at a published rate, and
            withdraw to bKash, Nagad or Upay in minutes. Businesses that want more can accept payments in 135+ currencies, build on our API
            and follow every transaction in real time.
          </p>
        </div>
      </PageSection>

      <section aria-label="Nexapay in numbers" className="bg-emerald-900">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 text-center sm:px-6 lg:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-emerald-50">{figure.label}</dt>
              <dd className="text-4xl font-bold text-white">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <PageSection tone="tint" title="What we believe" intro="Five principles decide how we build and how we behave.">
        <FeatureGrid items={values} />
      </PageSection>

      <PageSection title="Where we are" intro="Three offices, one team, and support that never sleeps.">
        <ul className="grid gap-6 sm:grid-cols-3">
          {offices.map((office) => (
            <li key={office.city} className="rounded-xl border border-border bg-white p-6 text-center shadow-sm">
              <Building2 aria-hidden="true" className="mx-auto size-8 text-emerald-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{office.city}</h3>
              <p className="text-slate-600">{office.role}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <CallToAction
        title="Build the future of payments with us"
        text="We are hiring engineers, analysts, designers and support specialists."
      >
        <Button asChild size="lg" className={ctaPrimaryClass}>
          <Link to="/careers">See open positions</Link>
        </Button>
        <Button asChild size="lg" variant="outline" className={ctaSecondaryClass}>
          <Link to="/signup">Open an account</Link>
        </Button>
      </CallToAction>
    </ContentPageShell>
  );
}
