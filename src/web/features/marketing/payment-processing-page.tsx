import { Activity, ArrowRightLeft, BookCheck, Globe2, ShieldCheck, Smartphone } from "lucide-react";
import { Link } from "react-router";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton, SignUpButton } from "@/features/marketing/components/cta-buttons.tsx";
import { FeatureGrid, type FeatureItem } from "@/features/marketing/components/feature-grid.tsx";
import { FactList } from "@/features/marketing/components/fact-list.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { StepList } from "@/features/marketing/components/step-list.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

const features: readonly FeatureItem[] = [
  {
    title: "Payments in 135+ currencies",
    text: "Sell to customers at home and abroad. They pay in the currency they have; you see every payment in one place, in taka.",
    icon: Globe2,
  },
  {
    title: "USDT on TRC-20, credited in BDT",
    text: "Stablecoin payments on the TRON network are converted at a fixed, published rate of 1 USDT = 125 BDT, shown before anyone sends a cent.",
    icon: ArrowRightLeft,
  },
  {
    title: "Payouts to mobile wallets",
    text: "Withdraw to bKash, Nagad or Upay with no payout charge. Requests are processed within 15–30 minutes during business hours.",
    icon: Smartphone,
  },
  {
    title: "Security you can show an auditor",
    text: "Our controls follow PCI-DSS, ISO 27001 and SOC 2. Every connection is SSL-encrypted and recurring payment details are tokenized.",
    icon: ShieldCheck,
  },
  {
    title: "Status the moment it changes",
    text: "Each payment is pending until it is confirmed, then completed or rejected, and your dashboard updates live, without a refresh.",
    icon: Activity,
  },
  {
    title: "An exact, append-only ledger",
    text: "Amounts are kept to the poisha, never rounded twice. Every change to a balance has its own ledger entry, so the books always add up.",
    icon: BookCheck,
  },
];

const steps = [
  {
    title: "Your customer pays",
    text: "They send USDT on TRC-20 to the address on your deposit page, or pay through your checkout in one of 135+ currencies.",
  },
  {
    title: "We confirm the payment",
    text: "The payment appears as pending straight away. Once it is confirmed, the BDT amount is credited to your wallet, usually within 10–30 minutes.",
  },
  {
    title: "You move the money",
    text: "Keep the balance in your Nexapay wallet or withdraw to bKash, Nagad or Upay. Standard settlement to other accounts takes 2 to 3 business days.",
  },
] as const;

const facts = [
  { term: "Exchange rate", detail: "1 USDT = 125 BDT, shown before you pay and stored with every deposit" },
  { term: "Deposit minimum", detail: "10 USDT, on the TRON (TRC-20) network only" },
  { term: "Deposit credit", detail: "Usually within 10–30 minutes of confirmation" },
  { term: "Withdrawals", detail: "From 500 BDT, up to 50,000 BDT per day; 0% fee" },
  { term: "Withdrawal time", detail: "15–30 minutes during business hours" },
  { term: "Standard settlement", detail: "2 to 3 business days" },
] as const;

/** Payment Processing Solutions. */
export default function PaymentProcessingPage() {
  return (
    <ContentPageShell
      eyebrow="Products"
      title="Payment Processing Solutions"
      intro="Accept payments from customers at home and abroad, and receive them as taka in a wallet you control, with every step visible as it happens."
      actions={
        <>
          <SignUpButton />
          <ChatButton />
        </>
      }
    >
      <PageSection
        title="Built for businesses that sell across borders"
        intro="Whether you run a shop in Dhaka or sell to customers overseas, Nexapay takes the payment, converts it clearly and pays you out fast."
      >
        <FeatureGrid items={features} />
      </PageSection>

      <PageSection tone="tint" title="How a payment moves" intro="Three steps from your customer's wallet to yours.">
        <StepList steps={steps} />
      </PageSection>

      <PageSection
        width="narrow"
        title="The numbers, up front"
        intro={
          <>
            No surprises in the small print. Fees are 5% on the Personal plan and 4% on the Merchant plan;{" "}
            <Link to="/#pricing" className="font-medium text-emerald-800 underline underline-offset-4">
              compare the plans
            </Link>
            .
          </>
        }
      >
        <FactList facts={facts} />
      </PageSection>

      <CallToAction
        title="Start accepting payments today"
        text="Open an account in minutes. Our team is on chat around the clock if you need a hand."
      >
        <SignUpButton tone="band" />
        <ChatButton tone="band" />
      </CallToAction>
    </ContentPageShell>
  );
}
