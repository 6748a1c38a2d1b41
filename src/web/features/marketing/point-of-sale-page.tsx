import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BarChart3, Headphones, Smartphone, Store, Users, Wallet } from "lucide-react";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton, SignUpButton } from "@/features/marketing/components/cta-buttons.tsx";
import { FeatureGrid, type FeatureItem } from "@/features/marketing/components/feature-grid.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { StepList } from "@/features/marketing/components/step-list.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

const features: readonly FeatureItem[] = [
  {
    title: msg`Your shop's numbers, registered`,
    text: msg`Register the SIM numbers you take payments on, as Personal or Merchant wallets. Our team reviews and activates each one.`,
    icon: Smartphone,
  },
  {
    title: msg`No special hardware`,
    text: msg`The phone behind your counter is enough. There is no terminal to rent and nothing to install.`,
    icon: Store,
  },
  {
    title: msg`Every branch in one place`,
    text: msg`Running more than one counter or shop? See the payments of every registered number in one account.`,
    icon: Users,
  },
  {
    title: msg`Daily totals, live`,
    text: msg`The dashboard adds up the day's takings as they come in, so closing the till takes minutes.`,
    icon: BarChart3,
  },
  {
    title: msg`Cash out to mobile wallets`,
    text: msg`Withdraw to bKash, Nagad or Upay with no payout charge, processed within 15–30 minutes during business hours.`,
    icon: Wallet,
  },
  {
    title: msg`Help during opening hours and after`,
    text: msg`Our support team is on chat 24/7, because shops do not close at five.`,
    icon: Headphones,
  },
];

const steps = [
  {
    title: msg`Sign up and verify`,
    text: msg`Create your account and verify your identity with a national ID, driving licence or passport.`,
  },
  {
    title: msg`Register your SIMs`,
    text: msg`Add each number you take payments on, at least 10 digits, as a Personal or Merchant wallet.`,
  },
  { title: msg`Start selling`, text: msg`Once a SIM is active, its payments appear in your dashboard in real time.` },
] as const;

/** Point of Sale Solutions. */
export default function PointOfSalePage() {
  const { t } = useLingui();
  return (
    <ContentPageShell
      eyebrow={t`Products`}
      title={t`Point of Sale Solutions`}
      intro={t`Take payments at the counter with the phone you already have, and see every sale of every shop in one dashboard.`}
      actions={
        <>
          <SignUpButton />
          <ChatButton />
        </>
      }
    >
      <PageSection
        title={t`Counter payments, made simple`}
        intro={t`For shops, restaurants, pharmacies and market stalls across Bangladesh.`}
      >
        <FeatureGrid items={features} />
      </PageSection>
      <PageSection tone="tint" title={t`Set up your shop`} intro={t`Most shops are ready the same day their SIMs are approved.`}>
        <StepList steps={steps} />
      </PageSection>
      <CallToAction
        title={t`Bring your shop to Nexapay`}
        text={t`Open an account today. If you run several branches, our sales team will help you set them all up.`}
      >
        <SignUpButton tone="band" />
        <ChatButton tone="band" />
      </CallToAction>
    </ContentPageShell>
  );
}
