import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Code2, Eye, Globe2, Lock, RefreshCw, Smartphone } from "lucide-react";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton, SignUpButton } from "@/features/marketing/components/cta-buttons.tsx";
import { FeatureGrid, type FeatureItem } from "@/features/marketing/components/feature-grid.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { StepList } from "@/features/marketing/components/step-list.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

const features: readonly FeatureItem[] = [
  {
    title: msg`Made for phones first`,
    text: msg`Most of your customers will pay from a phone. The checkout fits a small screen, loads quickly on mobile data and needs no app.`,
    icon: Smartphone,
  },
  {
    title: msg`The amount is never a guess`,
    text: msg`Customers see exactly what they pay and what it is worth in taka before they confirm. The rate is fixed at 1 USDT = 125 BDT.`,
    icon: Eye,
  },
  {
    title: msg`135+ currencies`,
    text: msg`Let buyers abroad pay in the currency they hold while you keep one balance and one set of reports.`,
    icon: Globe2,
  },
  {
    title: msg`Secure by default`,
    text: msg`Every page is served over SSL and our controls follow PCI-DSS, so sensitive payment details never touch your own servers.`,
    icon: Lock,
  },
  {
    title: msg`Confirmation in real time`,
    text: msg`Orders move from pending to completed as soon as the payment is confirmed, so you can ship without checking your wallet by hand.`,
    icon: RefreshCw,
  },
  {
    title: msg`Snippets, plugins or the API`,
    text: msg`Paste a code snippet, install a plugin for your shop, or build your own flow on the API. Start simple and go further when you need to.`,
    icon: Code2,
  },
];

const steps = [
  { title: msg`Open your account`, text: msg`Sign up, verify your business details and choose the Personal or Merchant plan.` },
  { title: msg`Add the checkout`, text: msg`Copy a snippet into your site or install a plugin; the documentation walks you through both.` },
  { title: msg`Go live`, text: msg`Take your first order and watch it arrive in your dashboard the moment it is paid.` },
] as const;

/** Online Checkout. */
export default function OnlineCheckoutPage() {
  const { t } = useLingui();
  return (
    <ContentPageShell
      eyebrow={t`Products`}
      title={t`Online Checkout`}
      intro={t`A fast, clear checkout that works on every phone and shows your customer exactly what they pay, so fewer carts are abandoned.`}
      actions={
        <>
          <SignUpButton />
          <ChatButton />
        </>
      }
    >
      <PageSection
        title={t`Why customers finish paying`}
        intro={t`Every extra step and every unclear number costs a sale. Our checkout removes both.`}
      >
        <FeatureGrid items={features} />
      </PageSection>
      <PageSection tone="tint" title={t`Live in an afternoon`} intro={t`No new website, no long contract.`}>
        <StepList steps={steps} />
      </PageSection>
      <CallToAction
        title={t`Ready to sell online?`}
        text={t`Create your account now, or tell our sales team about your shop and we will suggest the quickest setup.`}
      >
        <SignUpButton tone="band" />
        <ChatButton tone="band" />
      </CallToAction>
    </ContentPageShell>
  );
}
