import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BadgePercent, CalendarCheck, Code2, Handshake, Megaphone, UsersRound } from "lucide-react";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton, SignUpButton } from "@/features/marketing/components/cta-buttons.tsx";
import { FactList } from "@/features/marketing/components/fact-list.tsx";
import { FeatureGrid, type FeatureItem } from "@/features/marketing/components/feature-grid.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { StepList } from "@/features/marketing/components/step-list.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

const partnerTypes: readonly FeatureItem[] = [
  {
    title: msg`Referral partners`,
    text: msg`Bloggers, communities and consultants who recommend Nexapay to the businesses they know.`,
    icon: Megaphone,
  },
  {
    title: msg`Technology partners`,
    text: msg`Shop platforms, accounting tools and apps that build Nexapay payments into their product.`,
    icon: Code2,
  },
  {
    title: msg`Agencies`,
    text: msg`Web and development agencies who set up payments for their clients and stay their first point of contact.`,
    icon: UsersRound,
  },
];

const benefits: readonly FeatureItem[] = [
  {
    title: msg`Up to 30% revenue share`,
    text: msg`Earn a share of the fees paid by the businesses you refer to Nexapay.`,
    icon: BadgePercent,
  },
  {
    title: msg`Paid every month`,
    text: msg`Your earnings are calculated and paid out monthly, with a statement of every referred account.`,
    icon: CalendarCheck,
  },
  {
    title: msg`A partner manager`,
    text: msg`One person who knows your business, helps with onboarding your clients and answers on chat.`,
    icon: Handshake,
  },
];

const steps = [
  { title: msg`Apply`, text: msg`Tell us who you are and how you work with businesses. It takes five minutes on chat.` },
  { title: msg`Get set up`, text: msg`Once approved you receive your referral details, partner materials and a named contact.` },
  { title: msg`Refer customers`, text: msg`Introduce businesses to Nexapay. We handle onboarding, verification and support.` },
  { title: msg`Earn monthly`, text: msg`Receive your revenue share every month, with a clear statement.` },
] as const;

const terms = [
  { term: msg`Revenue share`, detail: msg`Up to 30% of the fees paid by the customers you refer` },
  { term: msg`Payouts`, detail: msg`Monthly, with a statement per referred account` },
  { term: msg`Cost to join`, detail: msg`None` },
  { term: msg`Support`, detail: msg`A partner manager, and our 24/7 chat` },
] as const;

/** Partner Program (up to 30% revenue share with monthly payouts). */
export default function PartnersPage() {
  const { t } = useLingui();
  return (
    <ContentPageShell
      eyebrow={t`Resources`}
      title={t`Partner Program`}
      intro={t`Grow with us. Recommend Nexapay or build it into your product, and earn up to 30% revenue share, paid every month.`}
      actions={
        <>
          <ChatButton label={t`Become a partner`} />
          <SignUpButton label={t`Open an account`} />
        </>
      }
    >
      <PageSection title={t`Who our partners are`} intro={t`If businesses ask you how to get paid, you are a good fit.`}>
        <FeatureGrid items={partnerTypes} />
      </PageSection>
      <PageSection tone="tint" title={t`What you get`}>
        <FeatureGrid items={benefits} />
      </PageSection>
      <PageSection title={t`How the program works`} intro={t`Four steps from application to your first payout.`}>
        <StepList steps={steps} />
      </PageSection>
      <PageSection tone="tint" width="narrow" title={t`The terms in short`}>
        <FactList facts={terms} />
      </PageSection>
      <CallToAction title={t`Let's grow together`} text={t`Send us a message on chat and our partnerships team will get back to you.`}>
        <ChatButton tone="band" label={t`Become a partner`} />
        <SignUpButton tone="band" label={t`Open an account`} />
      </CallToAction>
    </ContentPageShell>
  );
}
