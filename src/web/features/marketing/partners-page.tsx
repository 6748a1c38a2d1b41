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
    title: "Referral partners",
    text: "Bloggers, communities and consultants who recommend Nexapay to the businesses they know.",
    icon: Megaphone,
  },
  {
    title: "Technology partners",
    text: "Shop platforms, accounting tools and apps that build Nexapay payments into their product.",
    icon: Code2,
  },
  {
    title: "Agencies",
    text: "Web and development agencies who set up payments for their clients and stay their first point of contact.",
    icon: UsersRound,
  },
];

const benefits: readonly FeatureItem[] = [
  {
    title: "Up to 30% revenue share",
    text: "Earn a share of the fees paid by the businesses you refer to Nexapay.",
    icon: BadgePercent,
  },
  {
    title: "Paid every month",
    text: "Your earnings are calculated and paid out monthly, with a statement of every referred account.",
    icon: CalendarCheck,
  },
  {
    title: "A partner manager",
    text: "One person who knows your business, helps with onboarding your clients and answers on chat.",
    icon: Handshake,
  },
];

const steps = [
  { title: "Apply", text: "Tell us who you are and how you work with businesses. It takes five minutes on chat." },
  { title: "Get set up", text: "Once approved you receive your referral details, partner materials and a named contact." },
  { title: "Refer customers", text: "Introduce businesses to Nexapay. We handle onboarding, verification and support." },
  { title: "Earn monthly", text: "Receive your revenue share every month, with a clear statement." },
] as const;

const terms = [
  { term: "Revenue share", detail: "Up to 30% of the fees paid by the customers you refer" },
  { term: "Payouts", detail: "Monthly, with a statement per referred account" },
  { term: "Cost to join", detail: "None" },
  { term: "Support", detail: "A partner manager, and our 24/7 chat" },
] as const;

/** Partner Program (up to 30% revenue share with monthly payouts). */
export default function PartnersPage() {
  return (
    <ContentPageShell
      eyebrow="Resources"
      title="Partner Program"
      intro="Grow with us. Recommend Nexapay or build it into your product, and earn up to 30% revenue share, paid every month."
      actions={
        <>
          <ChatButton label="Become a partner" />
          <SignUpButton label="Open an account" />
        </>
      }
    >
      <PageSection title="Who our partners are" intro="If businesses ask you how to get paid, you are a good fit.">
        <FeatureGrid items={partnerTypes} />
      </PageSection>
      <PageSection tone="tint" title="What you get">
        <FeatureGrid items={benefits} />
      </PageSection>
      <PageSection title="How the program works" intro="Four steps from application to your first payout.">
        <StepList steps={steps} />
      </PageSection>
      <PageSection tone="tint" width="narrow" title="The terms in short">
        <FactList facts={terms} />
      </PageSection>
      <CallToAction title="Let's grow together" text="Send us a message on chat and our partnerships team will get back to you.">
        <ChatButton tone="band" label="Become a partner" />
        <SignUpButton tone="band" label="Open an account" />
      </CallToAction>
    </ContentPageShell>
  );
}
