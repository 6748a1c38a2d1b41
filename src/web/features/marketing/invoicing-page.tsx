import { BellRing, FileText, Globe2, LineChart, ListChecks, Send } from "lucide-react";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton, SignUpButton } from "@/features/marketing/components/cta-buttons.tsx";
import { FeatureGrid, type FeatureItem } from "@/features/marketing/components/feature-grid.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { StepList } from "@/features/marketing/components/step-list.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

const features: readonly FeatureItem[] = [
  {
    title: "Invoices that look the part",
    text: "Your name, your items, clear totals and a due date. Clients get a tidy document they can forward to their accounts team.",
    icon: FileText,
  },
  {
    title: "Send and get paid by link",
    text: "Each invoice carries a payment link. Clients pay from any device, and the invoice is marked paid when the money is confirmed.",
    icon: Send,
  },
  {
    title: "Bill clients anywhere",
    text: "Invoice in the currency your client works in; we accept 135+ of them and credit you in taka.",
    icon: Globe2,
  },
  {
    title: "Know what is outstanding",
    text: "See which invoices are paid, which are pending and which are overdue, in real time, without a spreadsheet.",
    icon: ListChecks,
  },
  {
    title: "Friendly reminders",
    text: "Schedule polite reminders before and after the due date so you spend less time chasing payments.",
    icon: BellRing,
  },
  {
    title: "Cash-flow at a glance",
    text: "The analytics dashboard shows what came in this month, who pays late, and what is still to come.",
    icon: LineChart,
  },
];

const steps = [
  { title: "Create the invoice", text: "Add your client, the items and the due date. Save it as a draft until it is ready." },
  { title: "Send it", text: "Share the link by e-mail or chat. Your client opens it on any device." },
  { title: "Get paid", text: "The payment is confirmed, credited to your wallet and the invoice is marked paid." },
] as const;

/** Invoicing Solutions. */
export default function InvoicingPage() {
  return (
    <ContentPageShell
      eyebrow="Products"
      title="Invoicing Solutions"
      intro="Bill clients at home and abroad, let them pay by link, and see every invoice's status at a glance, so you get paid sooner."
      actions={
        <>
          <SignUpButton />
          <ChatButton />
        </>
      }
    >
      <PageSection
        title="Less chasing, faster payment"
        intro="Freelancers, agencies and exporters use invoices to get paid for work already done. We make the last step the easy one."
      >
        <FeatureGrid items={features} />
      </PageSection>
      <PageSection tone="tint" title="From draft to paid" intro="Three steps, and you can follow each one live.">
        <StepList steps={steps} />
      </PageSection>
      <CallToAction
        title="Send your first invoice"
        text="Open an account and bill your next client through Nexapay. Payouts to bKash, Nagad and Upay carry no charge."
      >
        <SignUpButton tone="band" />
        <ChatButton tone="band" />
      </CallToAction>
    </ContentPageShell>
  );
}
