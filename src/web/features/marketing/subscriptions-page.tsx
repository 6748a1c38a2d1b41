import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CalendarClock, KeyRound, Layers, LineChart, RotateCcw, UserCog } from "lucide-react";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton, SignUpButton } from "@/features/marketing/components/cta-buttons.tsx";
import { FeatureGrid, type FeatureItem } from "@/features/marketing/components/feature-grid.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { StepList } from "@/features/marketing/components/step-list.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

const features: readonly FeatureItem[] = [
  {
    title: msg`Billing on schedule`,
    text: msg`Weekly, monthly or yearly: customers are charged on the day they signed up for, with no manual work from you.`,
    icon: CalendarClock,
  },
  {
    title: msg`Tokenized payment details`,
    text: msg`Recurring payments use tokens, not stored card numbers. A leaked token is useless anywhere else, which keeps your customers safe.`,
    icon: KeyRound,
  },
  {
    title: msg`Plans that fit your offer`,
    text: msg`Run several plans side by side, offer a trial period, and move customers between plans without starting again.`,
    icon: Layers,
  },
  {
    title: msg`Smart retries`,
    text: msg`When a payment fails we try again at sensible intervals and tell you, so a declined card does not quietly become a lost customer.`,
    icon: RotateCcw,
  },
  {
    title: msg`Customers in control`,
    text: msg`Subscribers can update their details or cancel without writing to you, which means fewer support requests and fewer disputes.`,
    icon: UserCog,
  },
  {
    title: msg`Recurring revenue, measured`,
    text: msg`Follow new subscribers, cancellations and monthly revenue in the real-time analytics dashboard.`,
    icon: LineChart,
  },
];

const steps = [
  { title: msg`Define your plans`, text: msg`Set the price, the billing period and any trial for each plan you offer.` },
  { title: msg`Add sign-up to your site`, text: msg`Use a code snippet or plugin so customers subscribe where they already are.` },
  { title: msg`Let it run`, text: msg`Payments arrive on schedule; you watch the numbers and focus on your product.` },
] as const;

/** Subscription Management. */
export default function SubscriptionsPage() {
  const { t } = useLingui();
  return (
    <ContentPageShell
      eyebrow={t`Products`}
      title={t`Subscription Management`}
      intro={t`Charge customers on a schedule, keep their payment details safe with tokenization, and see your recurring revenue as it grows.`}
      actions={
        <>
          <SignUpButton />
          <ChatButton />
        </>
      }
    >
      <PageSection
        title={t`Recurring payments without the busywork`}
        intro={t`For software, memberships, tuition, boxes of tea: anything your customers pay for again and again.`}
      >
        <FeatureGrid items={features} />
      </PageSection>
      <PageSection tone="tint" title={t`Set up once`} intro={t`Then let Nexapay handle every renewal.`}>
        <StepList steps={steps} />
      </PageSection>
      <CallToAction
        title={t`Turn one-off sales into steady income`}
        text={t`Create your account, or ask our sales team how subscriptions would work for your business.`}
      >
        <SignUpButton tone="band" />
        <ChatButton tone="band" />
      </CallToAction>
    </ContentPageShell>
  );
}
