import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { FileDown, FileText, Gauge, Globe2, Landmark } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { SupportEmailLink } from "@/features/marketing/components/external-link.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

type LegalDocument = {
  value: string;
  title: MessageDescriptor;
  // Written out as the documents state it ("1 May 2025"), translated with them.
  updated: MessageDescriptor;
  updatedIso: string;
  summary: MessageDescriptor;
  points: readonly ReactNode[];
};

// Four documents, their last-updated dates, a summary each and a placeholder PDF link.
const documents: readonly LegalDocument[] = [
  {
    value: "terms",
    title: msg`Terms of Service`,
    updated: msg`1 May 2025`,
    updatedIso: "2025-05-01",
    summary: msg`These terms are the agreement between you and Nexapay when you open an account and use our payment and wallet services. In short:`,
    points: [
      <Trans>
        You must be at least 18, give accurate information, keep your password to yourself and verify your identity when we ask.
      </Trans>,
      <Trans>
        Deposits are accepted in USDT on the TRON (TRC-20) network only, at the address shown in your account, from 10 USDT. They are
        credited in BDT at the rate shown when you deposit (1 USDT = 125 BDT). Coins sent on another network may not be recoverable.
      </Trans>,
      <Trans>
        Withdrawals go to bKash, Nagad or Upay, from 500 BDT and up to 50,000 BDT per day. The amount is held while a request is pending; we
        may refuse a withdrawal we cannot verify.
      </Trans>,
      <Trans>Fees are those of your plan (Personal 5%, Merchant 4%); payouts carry no charge. We tell you before any fee changes.</Trans>,
      <Trans>
        You may not use Nexapay for anything unlawful, including fraud and money laundering. We may suspend an account to protect you, other
        customers or us, and we will tell you why unless the law forbids it.
      </Trans>,
    ],
  },
  {
    value: "privacy",
    title: msg`Privacy Policy`,
    updated: msg`15 April 2025`,
    updatedIso: "2025-04-15",
    summary: msg`This policy explains what personal data we collect, why, and the choices you have. In short:`,
    points: [
      <Trans>
        We collect what the service needs: your account details (username, e-mail, country), your profile (name, phone, address, document
        number), identity documents, your transactions and SIM numbers, messages you send us, and technical logs that keep the service
        secure.
      </Trans>,
      <Trans>
        We use it to run your account, to verify your identity as financial regulation requires, to prevent fraud and to answer you. We
        never sell your data.
      </Trans>,
      <Trans>Identity documents are private: only you and our verification team can see them.</Trans>,
      <Trans>We keep data while your account is open and afterwards only as long as record-keeping law requires.</Trans>,
      <Trans>You can ask to see, correct or delete your data, or object to how we use it, by contacting our support team.</Trans>,
    ],
  },
  {
    value: "cookies",
    title: msg`Cookies`,
    updated: msg`10 March 2025`,
    updatedIso: "2025-03-10",
    summary: msg`We keep cookies to the minimum needed to sign you in. In short:`,
    points: [
      <Trans>
        One essential session cookie keeps you signed in. It cannot be read by scripts (httpOnly), is not sent with requests from other
        sites (SameSite=Lax) and travels only over encrypted connections in production.
      </Trans>,
      <Trans>We use no advertising, tracking or third-party analytics cookies, and our pages load no scripts from other sites.</Trans>,
      <Trans>You can block cookies in your browser, but you will not be able to sign in without the session cookie.</Trans>,
    ],
  },
  {
    value: "security",
    title: msg`Security`,
    updated: msg`5 February 2025`,
    updatedIso: "2025-02-05",
    summary: msg`Keeping your money and data safe is the core of what we do. In short:`,
    points: [
      <Trans>Our controls follow PCI-DSS, ISO 27001 and SOC 2.</Trans>,
      <Trans>Every connection is protected with SSL encryption, and recurring payment details are tokenized rather than stored.</Trans>,
      <Trans>
        Passwords are stored only as slow, salted hashes; very common passwords are refused; repeated failed sign-ins lock an account for 30
        minutes; staff sign in with a second factor.
      </Trans>,
      <Trans>Every balance change is recorded in an append-only ledger and every staff action in an audit log.</Trans>,
      <Trans>
        Found a vulnerability? Please report it to{" "}
        <SupportEmailLink subject="Security report" className="font-medium break-all text-emerald-800 underline underline-offset-4" /> with
        the subject &lsquo;Security report&rsquo;.
      </Trans>,
    ],
  },
];

const defaultTab = "terms";

const compliance = [
  {
    title: "GDPR",
    text: msg`How we handle the personal data of people in the European Union and the United Kingdom, and how to exercise your rights.`,
    icon: Globe2,
  },
  {
    title: "CCPA",
    text: msg`Your rights as a California resident: knowing, deleting and correcting personal information, and our no-sale commitment.`,
    icon: Landmark,
  },
  {
    title: "SLA",
    text: msg`Our service-level commitments: availability, support response times and how incidents are communicated.`,
    icon: Gauge,
  },
] as const;

/** Legal (docs/product.md, Legal page): four tabs, Terms of Service first; /legal#privacy opens that tab. */
export default function LegalPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const location = useLocation();
  const navigate = useNavigate();
  const fromHash = location.hash.slice(1);
  const tab = documents.some((doc) => doc.value === fromHash) ? fromHash : defaultTab;

  const selectTab = (value: string) =>
    void navigate({ hash: value === defaultTab ? "" : value }, { replace: true, preventScrollReset: true });

  return (
    <ContentPageShell
      eyebrow={t`Company`}
      title={t`Legal`}
      intro={t`The terms you agree to, how we handle your data, the cookies we use and how we keep your account secure, in plain language.`}
    >
      <section aria-label={t`Legal documents`} className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList aria-label={t`Legal documents`} className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-auto">
            {documents.map((doc) => (
              <TabsTrigger key={doc.value} value={doc.value}>
                {i18n._(doc.title)}
              </TabsTrigger>
            ))}
          </TabsList>
          {documents.map((doc) => {
            const title = i18n._(doc.title);
            const updated = i18n._(doc.updated);
            return (
              <TabsContent
                key={doc.value}
                value={doc.value}
                className="mt-6 rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8"
              >
                <h2 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h2>
                <p className="mt-1 text-sm text-slate-600">
                  <Trans>
                    Last updated: <time dateTime={doc.updatedIso}>{updated}</time>
                  </Trans>
                </p>
                <p className="mt-5 text-slate-700">{i18n._(doc.summary)}</p>
                <ul className="mt-4 grid list-disc gap-3 pl-6 text-slate-700 marker:text-emerald-700">
                  {doc.points.map((point, index) => (
                    <li key={index}>{point}</li>
                  ))}
                </ul>
                <PlaceholderLink icon={FileDown} label={t`Download the full ${title} (PDF)`} />
              </TabsContent>
            );
          })}
        </Tabs>
      </section>

      <ComplianceDocuments />
    </ContentPageShell>
  );
}

/**
 * A download that does not exist yet (the links are placeholders). It says so, is
 * announced as a disabled link, and goes nowhere.
 */
function PlaceholderLink({ icon: Icon, label }: { icon: typeof FileText; label: string }) {
  return (
    <p className="mt-6">
      <a role="link" aria-disabled="true" className="inline-flex cursor-not-allowed items-center gap-2 text-sm font-medium text-slate-600">
        <Icon aria-hidden="true" className="size-4" />
        {label}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          <Trans>coming soon</Trans>
        </span>
      </a>
    </p>
  );
}

function ComplianceDocuments() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <PageSection tone="tint" title={t`Compliance documentation`} intro={t`Detailed documents for your legal and procurement teams.`}>
      <ul className="grid gap-6 md:grid-cols-3">
        {compliance.map((item) => {
          const { title } = item;
          return (
            <li key={item.title} className="flex flex-col rounded-xl border border-border bg-white p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
                <item.icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-2 flex-1 text-slate-600">{i18n._(item.text)}</p>
              <PlaceholderLink icon={FileText} label={t`${title} documentation`} />
            </li>
          );
        })}
      </ul>
    </PageSection>
  );
}
