import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BellRing, FileText, Globe2, LineChart, ListChecks, Send } from "lucide-react";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton, SignUpButton } from "@/features/marketing/components/cta-buttons.tsx";
import { FeatureGrid, type FeatureItem } from "@/features/marketing/components/feature-grid.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { StepList } from "@/features/marketing/components/step-list.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

const features: readonly FeatureItem[] = [
  {
    title: msg`Invoices that look the part`,
    text: msg`Your name, your items, clear totals and a due date. Clients get a tidy document they can forward to their accounts team.`,
    icon: FileText,
  },
  {
    title: msg`Send and get paid by link`,
    text: msg`Each invoice carries a payment link. Clients pay from any device, and the invoice is marked paid when the money is confirmed.`,
    icon: Send,
  },
  {
    title: msg`Bill clients anywhere`,
    text: msg`Invoice in the currency your client works in; we accept 135+ of them and credit you in taka.`,
    icon: Globe2,
  },
  {
    title: msg`Know what is outstanding`,
    text: msg`See which invoices are paid, which are pending and which are overdue, in real time, without a spreadsheet.`,
    icon: ListChecks,
  },
  {
    title: msg`Friendly reminders`,
    text: msg`Schedule polite reminders before and after the due date so you spend less time chasing payments.`,
    icon: BellRing,
  },
  {
    title: msg`Cash-flow at a glance`,
    text: msg`The analytics dashboard shows what came in this month, who pays late, and what is still to come.`,
    icon: LineChart,
  },
];

const steps = [
  { title: msg`Create the invoice`, text: msg`Add your client, the items and the due date. Save it as a draft until it is ready.` },
  { title: msg`Send it`, text: msg`Share the link by e-mail or chat. Your client opens it on any device.` },
  { title: msg`Get paid`, text: msg`The payment is confirmed, credited to your wallet and the invoice is marked paid.` },
] as const;

/** Invoicing Solutions. */
export default function InvoicingPage() {
  const { t } = useLingui();
  return (
    <ContentPageShell
      eyebrow={t`Products`}
      title={t`Invoicing Solutions`}
      intro={t`Bill clients at home and abroad, let them pay by link, and see every invoice's status at a glance, so you get paid sooner.`}
      actions={
        <>
          <SignUpButton />
          <ChatButton />
        </>
      }
    >
      <PageSection
        title={t`Less chasing, faster payment`}
        intro={t`Freelancers, agencies and exporters use invoices to get paid for work already done. We make the last step the easy one.`}
      >
        <FeatureGrid items={features} />
      </PageSection>
      <PageSection tone="tint" title={t`From draft to paid`} intro={t`Three steps, and you can follow each one live.`}>
        <StepList steps={steps} />
      </PageSection>
      <CallToAction
        title={t`Send your first invoice`}
        text={t`Open an account and bill your next client through Nexapay. Payouts to bKash, Nagad and Upay carry no charge.`}
      >
        <SignUpButton tone="band" />
        <ChatButton tone="band" />
      </CallToAction>
    </ContentPageShell>
  );
}
