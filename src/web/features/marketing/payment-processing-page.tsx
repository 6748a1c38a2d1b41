import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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
    title: msg`Payments in 135+ currencies`,
    text: msg`Sell to customers at home and abroad. They pay in the currency they have; you see every payment in one place, in taka.`,
    icon: Globe2,
  },
  {
    title: msg`USDT on TRC-20, credited in BDT`,
    text: msg`Stablecoin payments on the TRON network are converted at a fixed, published rate of 1 USDT = 125 BDT, shown before anyone sends a cent.`,
    icon: ArrowRightLeft,
  },
  {
    title: msg`Payouts to mobile wallets`,
    text: msg`Withdraw to bKash, Nagad or Upay with no payout charge. Requests are processed within 15–30 minutes during business hours.`,
    icon: Smartphone,
  },
  {
    title: msg`Security you can show an auditor`,
    text: msg`Our controls follow PCI-DSS, ISO 27001 and SOC 2. Every connection is SSL-encrypted and recurring payment details are tokenized.`,
    icon: ShieldCheck,
  },
  {
    title: msg`Status the moment it changes`,
    text: msg`Each payment is pending until it is confirmed, then completed or rejected, and your dashboard updates live, without a refresh.`,
    icon: Activity,
  },
  {
    title: msg`An exact, append-only ledger`,
    text: msg`Amounts are kept to the poisha, never rounded twice. Every change to a balance has its own ledger entry, so the books always add up.`,
    icon: BookCheck,
  },
];

const steps = [
  {
    title: msg`Your customer pays`,
    text: msg`They send USDT on TRC-20 to the address on your deposit page, or pay through your checkout in one of 135+ currencies.`,
  },
  {
    title: msg`We confirm the payment`,
    text: msg`The payment appears as pending straight away. Once it is confirmed, the BDT amount is credited to your wallet, usually within 10–30 minutes.`,
  },
  {
    title: msg`You move the money`,
    text: msg`Keep the balance in your Nexapay wallet or withdraw to bKash, Nagad or Upay. Standard settlement to other accounts takes 2 to 3 business days.`,
  },
] as const;

const facts = [
  { term: msg`Exchange rate`, detail: msg`1 USDT = 125 BDT, shown before you pay and stored with every deposit` },
  { term: msg`Deposit minimum`, detail: msg`10 USDT, on the TRON (TRC-20) network only` },
  { term: msg`Deposit credit`, detail: msg`Usually within 10–30 minutes of confirmation` },
  { term: msg`Withdrawals`, detail: msg`From 500 BDT, up to 50,000 BDT per day; 0% fee` },
  { term: msg`Withdrawal time`, detail: msg`15–30 minutes during business hours` },
  { term: msg`Standard settlement`, detail: msg`2 to 3 business days` },
] as const;

/** Payment Processing Solutions. */
export default function PaymentProcessingPage() {
  const { t } = useLingui();
  return (
    <ContentPageShell
      eyebrow={t`Products`}
      title={t`Payment Processing Solutions`}
      intro={t`Accept payments from customers at home and abroad, and receive them as taka in a wallet you control, with every step visible as it happens.`}
      actions={
        <>
          <SignUpButton />
          <ChatButton />
        </>
      }
    >
      <PageSection
        title={t`Built for businesses that sell across borders`}
        intro={t`Whether you run a shop in Dhaka or sell to customers overseas, Nexapay takes the payment, converts it clearly and pays you out fast.`}
      >
        <FeatureGrid items={features} />
      </PageSection>

      <PageSection tone="tint" title={t`How a payment moves`} intro={t`Three steps from your customer's wallet to yours.`}>
        <StepList steps={steps} />
      </PageSection>

      <PageSection
        width="narrow"
        title={t`The numbers, up front`}
        intro={
          <Trans>
            No surprises in the small print. Fees are 5% on the Personal plan and 4% on the Merchant plan;{" "}
            <Link to="/#pricing" className="font-medium text-emerald-800 underline underline-offset-4">
              compare the plans
            </Link>
            .
          </Trans>
        }
      >
        <FactList facts={facts} />
      </PageSection>

      <CallToAction
        title={t`Start accepting payments today`}
        text={t`Open an account in minutes. Our team is on chat around the clock if you need a hand.`}
      >
        <SignUpButton tone="band" />
        <ChatButton tone="band" />
      </CallToAction>
    </ContentPageShell>
  );
}
