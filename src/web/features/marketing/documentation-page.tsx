import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton, SignUpButton } from "@/features/marketing/components/cta-buttons.tsx";
import { useHashScroll } from "@/features/marketing/components/use-hash-scroll.ts";
import { ContentPageShell } from "./components/content-page-shell.tsx";

type Guide = { id: string; title: MessageDescriptor; summary: MessageDescriptor; steps: readonly ReactNode[]; note?: ReactNode };

const guides: readonly Guide[] = [
  {
    id: "getting-started",
    title: msg`Create your account`,
    summary: msg`Everything starts with a Nexapay account. It takes about two minutes.`,
    steps: [
      <Trans>
        Open{" "}
        <Link to="/signup" className="font-medium text-emerald-800 underline underline-offset-4">
          Get Started
        </Link>{" "}
        and choose a username (at least 3 characters), your e-mail address and your country.
      </Trans>,
      <Trans>Pick a password of at least 8 characters. Very common passwords are refused, so choose one that is yours alone.</Trans>,
      <Trans>You are signed in straight away and land on your dashboard, which shows your balance and recent activity.</Trans>,
    ],
  },
  {
    id: "verification",
    title: msg`Verify your identity`,
    summary: msg`Verification confirms who you are, which keeps your account and your payouts safe.`,
    steps: [
      <Trans>Go to Verification and choose the document you have: national ID, driving licence or passport.</Trans>,
      <Trans>
        Upload a clear photo of the front and the back (a passport needs the photo page only). JPEG, PNG or WebP files up to 5 MB are
        accepted.
      </Trans>,
      <Trans>
        Your status changes to pending while our team reviews the documents, then to Verified. If we cannot accept them, you will be asked
        to upload new ones.
      </Trans>,
    ],
    note: <Trans>Only you and our verification team can see your documents. They are never shared through a public link.</Trans>,
  },
  {
    id: "deposits",
    title: msg`Deposit USDT (TRC-20)`,
    summary: msg`Fund your wallet with USDT on the TRON network. It is credited in taka at 1 USDT = 125 BDT.`,
    steps: [
      <Trans>Open Deposit. Copy our TRC-20 address or scan its QR code with your wallet app.</Trans>,
      <Trans>Send at least 10 USDT from your wallet, on the TRON (TRC-20) network.</Trans>,
      <Trans>Enter the address you sent from and the amount. The page shows what you will receive in BDT before you submit.</Trans>,
      <Trans>Your deposit appears as pending, and is usually credited within 10–30 minutes once it is confirmed.</Trans>,
    ],
    note: <Trans>Send USDT on TRC-20 only. Coins sent on another network, or another token, cannot be credited and may be lost.</Trans>,
  },
  {
    id: "withdrawals",
    title: msg`Withdraw to bKash, Nagad or Upay`,
    summary: msg`Move your balance to a mobile wallet, with a 0% fee.`,
    steps: [
      <Trans>Open Withdraw and choose the wallet type: bKash, Nagad or Upay.</Trans>,
      <Trans>Enter the wallet number and the amount in BDT: at least 500 BDT, and up to 50,000 BDT per day.</Trans>,
      <Trans>The amount is held from your available balance while the request is pending, so it cannot be spent twice.</Trans>,
      <Trans>
        Requests are processed within 15–30 minutes during business hours. If one is rejected, the held amount is released at once.
      </Trans>,
    ],
  },
  {
    id: "sims",
    title: msg`Register your SIMs`,
    summary: msg`Register the mobile numbers you take payments on.`,
    steps: [
      <Trans>Open SIMs and enter the phone number, digits only and at least 10 of them.</Trans>,
      <Trans>Choose the wallet type: Personal or Merchant.</Trans>,
      <Trans>
        The SIM is pending until our team approves it; it then becomes active. You can remove a pending or rejected SIM, but not an active
        one.
      </Trans>,
    ],
  },
  {
    id: "transactions",
    title: msg`Follow your transactions`,
    summary: msg`Every deposit and withdrawal, with its status, in one list.`,
    steps: [
      <Trans>Open Transactions to see the full history, newest first.</Trans>,
      <Trans>Search by amount, method or status, and filter by deposits or withdrawals.</Trans>,
      <Trans>
        A transaction is pending until it is processed, then completed or rejected. Your balance changes only when one completes.
      </Trans>,
    ],
  },
  {
    id: "security",
    title: msg`Keep your account safe`,
    summary: msg`A few habits go a long way.`,
    steps: [
      <Trans>Forgot your password? Request a reset link from the sign-in page. The link works once and expires after an hour.</Trans>,
      <Trans>
        After repeated failed sign-ins, attempts are slowed down and, after ten in a row, the account is locked for 30 minutes.
      </Trans>,
      <Trans>Changing your password signs you out on every other device.</Trans>,
      <Trans>We never ask for your password by e-mail or chat. If someone does, it is not us: tell our support team.</Trans>,
    ],
  },
];

/** Documentation: task guides for the customer area, with an in-page contents list. */
export default function DocumentationPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  useHashScroll();
  return (
    <ContentPageShell
      eyebrow={t`Resources`}
      title={t`Documentation`}
      intro={t`Step-by-step guides for everything you do with Nexapay: from your first deposit to your first withdrawal.`}
      actions={
        <>
          <SignUpButton />
          <ChatButton label={t`Ask on chat`} />
        </>
      }
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[14rem_1fr]">
        <ContentsList />
        <div className="grid gap-12">
          {guides.map((guide) => (
            <section key={guide.id} id={guide.id} tabIndex={-1} aria-labelledby={`${guide.id}-title`} className="scroll-mt-24 outline-none">
              <h2 id={`${guide.id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
                {i18n._(guide.title)}
              </h2>
              <p className="mt-2 text-slate-600">{i18n._(guide.summary)}</p>
              <ol className="mt-5 grid list-decimal gap-3 pl-6 text-slate-700 marker:font-semibold marker:text-emerald-800">
                {guide.steps.map((step, index) => (
                  <li key={index} className="pl-1">
                    {step}
                  </li>
                ))}
              </ol>
              {guide.note ? (
                <p className="mt-5 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
                  <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>{guide.note}</span>
                </p>
              ) : null}
            </section>
          ))}
        </div>
      </div>
      <CallToAction
        title={t`Stuck on a step?`}
        text={t`Our support team is on chat 24/7 and answers e-mail within 24 hours on business days.`}
      >
        <ChatButton tone="band" label={t`Chat with support`} />
        <SignUpButton tone="band" />
      </CallToAction>
    </ContentPageShell>
  );
}

function ContentsList() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <nav aria-label={t`On this page`} className="lg:sticky lg:top-24 lg:self-start">
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        <Trans>On this page</Trans>
      </h2>
      <ul className="mt-3 grid gap-1 border-l border-border">
        {guides.map((guide) => (
          <li key={guide.id}>
            <Link
              to={`#${guide.id}`}
              className="-ml-px block border-l border-transparent py-1.5 pl-4 text-sm text-slate-700 hover:border-emerald-700 hover:text-emerald-800"
            >
              {i18n._(guide.title)}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="/api-reference"
            className="-ml-px block border-l border-transparent py-1.5 pl-4 text-sm text-slate-700 hover:border-emerald-700 hover:text-emerald-800"
          >
            <Trans>API Reference</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
