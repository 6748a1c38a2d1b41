import { BookOpen, ChevronDown, Mail, MessageCircle, ShieldCheck, Smartphone, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton } from "@/features/marketing/components/cta-buttons.tsx";
import { ChatLink, SupportEmailLink } from "@/features/marketing/components/external-link.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

const topics = [
  { title: "Deposits", text: "Sending USDT on TRC-20, the rate, and when it is credited.", to: "/documentation#deposits", icon: Wallet },
  { title: "Withdrawals", text: "bKash, Nagad and Upay, limits and processing times.", to: "/documentation#withdrawals", icon: Smartphone },
  { title: "Verification", text: "Which documents to upload and how review works.", to: "/documentation#verification", icon: ShieldCheck },
  {
    title: "Getting started",
    text: "Opening an account and finding your way around.",
    to: "/documentation#getting-started",
    icon: BookOpen,
  },
] as const;

const faqs: readonly { question: string; answer: ReactNode }[] = [
  {
    question: "How long does a deposit take?",
    answer:
      "A USDT deposit on TRC-20 is usually credited within 10–30 minutes once it is confirmed. It shows as pending in your transactions until then.",
  },
  {
    question: "I sent USDT on a different network. What now?",
    answer:
      "We can only credit USDT sent on the TRON (TRC-20) network. Contact us on chat straight away with the transaction details and we will tell you what can be done.",
  },
  {
    question: "What rate do I get?",
    answer: "1 USDT = 125 BDT. The deposit page shows the exact taka amount before you submit, and the rate is stored with your deposit.",
  },
  {
    question: "How fast are withdrawals, and what do they cost?",
    answer:
      "Withdrawals to bKash, Nagad or Upay are processed within 15–30 minutes during business hours, with a 0% fee. The minimum is 500 BDT and the maximum 50,000 BDT per day.",
  },
  {
    question: "Why is part of my balance not available?",
    answer:
      "Money you asked to withdraw is held while the request is pending, so it cannot be spent twice. If the request is rejected, the amount is available again at once.",
  },
  {
    question: "How long does standard settlement take?",
    answer: "Standard settlement takes 2 to 3 business days. Withdrawals to mobile wallets are faster, as above.",
  },
  {
    question: "My verification was rejected. Can I try again?",
    answer: "Yes. Upload new, clear photos of your document (JPEG, PNG or WebP, up to 5 MB each) and your request goes back to review.",
  },
  {
    question: "Why can I not delete a SIM?",
    answer:
      "Active SIMs cannot be deleted, because payments may still be linked to them. Pending or rejected SIMs can be removed at any time.",
  },
  {
    question: "I forgot my password.",
    answer: (
      <>
        Use{" "}
        <Link to="/forgot-password" className="font-medium text-emerald-800 underline underline-offset-4">
          Forgot your password?
        </Link>{" "}
        on the sign-in page. We e-mail you a link that works once and expires after an hour.
      </>
    ),
  },
];

/** Support Center (e-mail replies within 24 hours on business days). */
export default function SupportPage() {
  return (
    <ContentPageShell
      eyebrow="Resources"
      title="Support Center"
      intro="Answers to common questions, guides for every task, and people ready to help: on chat 24/7, by e-mail within 24 hours on business days."
      actions={<ChatButton label="Chat with support" />}
    >
      <PageSection title="Talk to us" intro="Choose whichever suits you. Have your username and, for a payment, its amount and date ready.">
        <ul className="grid gap-6 md:grid-cols-3">
          <ChannelCard icon={MessageCircle} title="Live chat" text="Around the clock, every day of the week. The fastest way to reach us.">
            <Button asChild>
              <ChatLink>Start a chat</ChatLink>
            </Button>
          </ChannelCard>
          <ChannelCard icon={Mail} title="E-mail" text="We reply within 24 hours on business days.">
            <SupportEmailLink className="font-medium break-all text-emerald-800 underline underline-offset-4" />
          </ChannelCard>
          <ChannelCard
            icon={BookOpen}
            title="Contact form"
            text="Sales, partnerships or press? Send us a message and the right team will answer."
          >
            <Button asChild variant="outline">
              <Link to="/contact">Contact us</Link>
            </Button>
          </ChannelCard>
        </ul>
      </PageSection>

      <PageSection tone="tint" title="Browse by topic">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {topics.map((topic) => (
            <li key={topic.title}>
              <Link
                to={topic.to}
                className="flex h-full flex-col rounded-xl border border-border bg-white p-5 shadow-sm transition-colors hover:border-emerald-600"
              >
                <topic.icon aria-hidden="true" className="size-6 text-emerald-700" />
                <span className="mt-3 font-semibold text-slate-900">{topic.title}</span>
                <span className="mt-1 text-sm text-slate-600">{topic.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection width="narrow" title="Frequently asked questions">
        <div className="divide-y divide-border rounded-xl border border-border">
          {faqs.map((faq) => (
            <details key={faq.question} className="group px-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {faq.question}
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
              </summary>
              <div className="pb-5 text-slate-700">{faq.answer}</div>
            </details>
          ))}
        </div>
      </PageSection>

      <CallToAction title="Still need help?" text="Our team is one message away, day or night.">
        <ChatButton tone="band" label="Chat with support" />
      </CallToAction>
    </ContentPageShell>
  );
}

function ChannelCard({ icon: Icon, title, text, children }: { icon: typeof Mail; title: string; text: string; children: ReactNode }) {
  return (
    <li className="flex flex-col items-start gap-3 rounded-xl border border-border bg-white p-6 shadow-sm">
      <span className="flex size-11 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <p className="flex-1 text-slate-600">{text}</p>
      {children}
    </li>
  );
}
