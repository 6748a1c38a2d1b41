import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
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
  {
    title: msg`Deposits`,
    text: msg`Sending USDT on TRC-20, the rate, and when it is credited.`,
    to: "/documentation#deposits",
    icon: Wallet,
  },
  {
    title: msg`Withdrawals`,
    text: msg`bKash, Nagad and Upay, limits and processing times.`,
    to: "/documentation#withdrawals",
    icon: Smartphone,
  },
  {
    title: msg`Verification`,
    text: msg`Which documents to upload and how review works.`,
    to: "/documentation#verification",
    icon: ShieldCheck,
  },
  {
    title: msg`Getting started`,
    text: msg`Opening an account and finding your way around.`,
    to: "/documentation#getting-started",
    icon: BookOpen,
  },
] as const;

const faqs: readonly { question: MessageDescriptor; answer: ReactNode }[] = [
  {
    question: msg`How long does a deposit take?`,
    answer: (
      <Trans>
        A USDT deposit on TRC-20 is usually credited within 10–30 minutes once it is confirmed. It shows as pending in your transactions
        until then.
      </Trans>
    ),
  },
  {
    question: msg`I sent USDT on a different network. What now?`,
    answer: (
      <Trans>
        We can only credit USDT sent on the TRON (TRC-20) network. Contact us on chat straight away with the transaction details and we will
        tell you what can be done.
      </Trans>
    ),
  },
  {
    question: msg`What rate do I get?`,
    answer: (
      <Trans>
        1 USDT = 125 BDT. The deposit page shows the exact taka amount before you submit, and the rate is stored with your deposit.
      </Trans>
    ),
  },
  {
    question: msg`How fast are withdrawals, and what do they cost?`,
    answer: (
      <Trans>
        Withdrawals to bKash, Nagad or Upay are processed within 15–30 minutes during business hours, with a 0% fee. The minimum is 500 BDT
        and the maximum 50,000 BDT per day.
      </Trans>
    ),
  },
  {
    question: msg`Why is part of my balance not available?`,
    answer: (
      <Trans>
        Money you asked to withdraw is held while the request is pending, so it cannot be spent twice. If the request is rejected, the
        amount is available again at once.
      </Trans>
    ),
  },
  {
    question: msg`How long does standard settlement take?`,
    answer: <Trans>Standard settlement takes 2 to 3 business days. Withdrawals to mobile wallets are faster, as above.</Trans>,
  },
  {
    question: msg`My verification was rejected. Can I try again?`,
    answer: (
      <Trans>
        Yes. Upload new, clear photos of your document (JPEG, PNG or WebP, up to 5 MB each) and your request goes back to review.
      </Trans>
    ),
  },
  {
    question: msg`Why can I not delete a SIM?`,
    answer: (
      <Trans>
        Active SIMs cannot be deleted, because payments may still be linked to them. Pending or rejected SIMs can be removed at any time.
      </Trans>
    ),
  },
  {
    question: msg`I forgot my password.`,
    answer: (
      <Trans>
        Use{" "}
        <Link to="/forgot-password" className="font-medium text-emerald-800 underline underline-offset-4">
          Forgot your password?
        </Link>{" "}
        on the sign-in page. We e-mail you a link that works once and expires after an hour.
      </Trans>
    ),
  },
];

/** Support Center (e-mail replies within 24 hours on business days). */
export default function SupportPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <ContentPageShell
      eyebrow={t`Resources`}
      title={t`Support Center`}
      intro={t`Answers to common questions, guides for every task, and people ready to help: on chat 24/7, by e-mail within 24 hours on business days.`}
      actions={<ChatButton label={t`Chat with support`} />}
    >
      <TalkToUs />
      <PageSection tone="tint" title={t`Browse by topic`}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {topics.map((topic) => (
            <li key={topic.to}>
              <Link
                to={topic.to}
                className="flex h-full flex-col rounded-xl border border-border bg-white p-5 shadow-sm transition-colors hover:border-emerald-600"
              >
                <topic.icon aria-hidden="true" className="size-6 text-emerald-700" />
                <span className="mt-3 font-semibold text-slate-900">{i18n._(topic.title)}</span>
                <span className="mt-1 text-sm text-slate-600">{i18n._(topic.text)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection width="narrow" title={t`Frequently asked questions`}>
        <div className="divide-y divide-border rounded-xl border border-border">
          {faqs.map((faq) => (
            <details key={faq.question.id} className="group px-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {i18n._(faq.question)}
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
              </summary>
              <div className="pb-5 text-slate-700">{faq.answer}</div>
            </details>
          ))}
        </div>
      </PageSection>

      <CallToAction title={t`Still need help?`} text={t`Our team is one message away, day or night.`}>
        <ChatButton tone="band" label={t`Chat with support`} />
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

function TalkToUs() {
  const { t } = useLingui();
  return (
    <PageSection
      title={t`Talk to us`}
      intro={t`Choose whichever suits you. Have your username and, for a payment, its amount and date ready.`}
    >
      <ul className="grid gap-6 md:grid-cols-3">
        <ChannelCard
          icon={MessageCircle}
          title={t`Live chat`}
          text={t`Around the clock, every day of the week. The fastest way to reach us.`}
        >
          <Button asChild>
            <ChatLink>
              <Trans>Start a chat</Trans>
            </ChatLink>
          </Button>
        </ChannelCard>
        <ChannelCard icon={Mail} title={t`E-mail`} text={t`We reply within 24 hours on business days.`}>
          <SupportEmailLink className="font-medium break-all text-emerald-800 underline underline-offset-4" />
        </ChannelCard>
        <ChannelCard
          icon={BookOpen}
          title={t`Contact form`}
          text={t`Sales, partnerships or press? Send us a message and the right team will answer.`}
        >
          <Button asChild variant="outline">
            <Link to="/contact">
              <Trans>Contact us</Trans>
            </Link>
          </Button>
        </ChannelCard>
      </ul>
    </PageSection>
  );
}
