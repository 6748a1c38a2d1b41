import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { FileJson } from "lucide-react";
import { Link } from "react-router";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton, SignUpButton } from "@/features/marketing/components/cta-buttons.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

type Endpoint = { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; path: string; description: MessageDescriptor };

// The customer-facing part of the HTTP API (docs/architecture.md, HTTP API); /api/openapi.json describes all of it.
const groups: readonly { title: MessageDescriptor; endpoints: readonly Endpoint[] }[] = [
  {
    title: msg`Session`,
    endpoints: [
      { method: "POST", path: "/api/auth/sign-up/email", description: msg`Create an account: email, password, username, country.` },
      { method: "POST", path: "/api/auth/sign-in/email", description: msg`Sign in with email and password; sets the session cookie.` },
      { method: "GET", path: "/api/auth/get-session", description: msg`The signed-in user, or null.` },
      { method: "POST", path: "/api/auth/sign-out", description: msg`End the session.` },
    ],
  },
  {
    title: msg`Wallet`,
    endpoints: [
      {
        method: "GET",
        path: "/api/wallet",
        description: msg`Balance, available balance, amount held for pending withdrawals, recent transactions.`,
      },
      { method: "GET", path: "/api/deposit-info", description: msg`The TRC-20 deposit address, the rate and the minimum deposit.` },
      {
        method: "POST",
        path: "/api/deposits",
        description: msg`Report a USDT deposit: fromAddress, usdtAmount. Takes an Idempotency-Key.`,
      },
      {
        method: "POST",
        path: "/api/withdrawals",
        description: msg`Request a withdrawal: walletType, walletNumber, amount. Takes an Idempotency-Key.`,
      },
      {
        method: "GET",
        path: "/api/transactions",
        description: msg`Your transactions, newest first; filter with type and q, page with page and pageSize.`,
      },
    ],
  },
  {
    title: msg`Account`,
    endpoints: [
      { method: "GET", path: "/api/me", description: msg`Who is signed in, with your profile.` },
      { method: "PATCH", path: "/api/me", description: msg`Update full name, phone, address and document number.` },
      { method: "GET", path: "/api/sims", description: msg`Your registered SIMs.` },
      { method: "POST", path: "/api/sims", description: msg`Register a SIM: phoneNumber, walletType (Personal or Merchant).` },
      { method: "DELETE", path: "/api/sims/:id", description: msg`Remove a SIM that is not active.` },
      { method: "GET", path: "/api/verification", description: msg`Your verification status and uploaded documents.` },
      {
        method: "PUT",
        path: "/api/verification/documents/:documentType/:side",
        description: msg`Upload a document image (multipart field file).`,
      },
      {
        method: "GET",
        path: "/api/events",
        description: msg`Server-Sent Events: your transactions, SIMs and verification as they change.`,
      },
    ],
  },
  {
    title: msg`Public`,
    endpoints: [
      { method: "GET", path: "/api/health", description: msg`Service health.` },
      { method: "POST", path: "/api/contact", description: msg`Send us a message: name, email, company, subject, message.` },
    ],
  },
];

// Code in a sentence goes in as a value: braces in a message's text would read as placeholders.
// eslint-disable-next-line lingui/no-unlocalized-strings -- code, the same in every language
const listShape = "{items, total, page, pageSize}";
// eslint-disable-next-line lingui/no-unlocalized-strings -- code, the same in every language
const errorShape = '{"error": {"code", "message", "fields"}}';

const conventions = [
  { term: msg`Format`, detail: msg`JSON in and out, field names in camelCase, times in ISO 8601 (UTC).` },
  {
    term: msg`Amounts`,
    detail: msg`Decimal strings, never floating-point numbers: "12500.00" BDT (two decimals), "100.5" USDT (up to six).`,
  },
  { term: msg`Lists`, detail: msg`Take page (from 1) and pageSize (at most 100), and answer ${listShape}.` },
  {
    term: msg`Retries`,
    detail: msg`Send an Idempotency-Key (up to 255 characters) with deposits and withdrawals: a retry returns the first answer instead of a second request.`,
  },
  {
    term: msg`Errors`,
    detail: msg`One shape for every error: ${errorShape}, with 400, 401, 403, 404, 409, 413, 415 or 429.`,
  },
  { term: msg`Limits`, detail: msg`Requests are rate-limited; a 429 answer means wait a moment and try again.` },
] as const;

// eslint-disable-next-line lingui/no-unlocalized-strings -- code, the same in every language
const example = `const response = await fetch("/api/withdrawals", {
  method: "POST",
  credentials: "same-origin",
  headers: {
    "content-type": "application/json",
    "idempotency-key": crypto.randomUUID(),
  },
  body: JSON.stringify({ walletType: "bKash", walletNumber: "01712345678", amount: "2500.00" }),
});
if (!response.ok) {
  const { error } = await response.json(); // e.g. { code: "INSUFFICIENT_BALANCE", message: "Insufficient balance" }
  throw new Error(error.message);
}
const withdrawal = await response.json(); // { id, type: "withdraw", amount: "2500.00", status: "pending", ... }`;

const methodColour: Record<Endpoint["method"], string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-violet-100 text-violet-900",
  DELETE: "bg-red-100 text-red-900",
};

/** API Reference: the HTTP API's conventions and endpoints. */
export default function ApiReferencePage() {
  const { t } = useLingui();
  return (
    <ContentPageShell
      eyebrow={t`Resources`}
      title={t`API Reference`}
      intro={t`The same HTTP API our own web app is built on: wallet, deposits, withdrawals, SIMs and verification, with exact amounts and safe retries.`}
      actions={
        <>
          <SignUpButton />
          <ChatButton label={t`Talk to an engineer`} />
        </>
      }
    >
      <Conventions />
      <Endpoints />
      <ExampleAndContact />
    </ContentPageShell>
  );
}

function Conventions() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <PageSection
      width="narrow"
      align="start"
      title={t`Conventions`}
      intro={
        <Trans>
          Requests are authenticated by the session cookie that sign-in sets, so call the API from a signed-in session. The complete,
          machine-readable description is the{" "}
          <a href="/api/openapi.json" className="inline-flex items-center gap-1 font-medium text-emerald-800 underline underline-offset-4">
            <FileJson aria-hidden="true" className="size-4" />
            OpenAPI document
          </a>
          .
        </Trans>
      }
    >
      <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border">
        {conventions.map((item) => (
          <div key={item.term.id} className="grid gap-1 px-5 py-4 sm:grid-cols-[8rem_1fr] sm:gap-6">
            <dt className="font-semibold text-slate-900">{i18n._(item.term)}</dt>
            <dd className="text-slate-700">{i18n._(item.detail)}</dd>
          </div>
        ))}
      </dl>
    </PageSection>
  );
}

function Endpoints() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <PageSection
      tone="tint"
      width="narrow"
      align="start"
      title={t`Endpoints`}
      intro={t`Grouped by what they do. Paths marked :id take the resource's id.`}
    >
      <div className="grid gap-8">
        {groups.map((group) => (
          <div key={group.title.id}>
            <h3 className="text-lg font-semibold text-slate-900">{i18n._(group.title)}</h3>
            <ul className="mt-3 divide-y divide-border overflow-hidden rounded-xl border border-border bg-white">
              {group.endpoints.map((endpoint) => (
                <li key={`${endpoint.method} ${endpoint.path}`} className="grid gap-2 px-4 py-3 sm:grid-cols-[4.5rem_1fr]">
                  <span className={`h-fit w-fit rounded px-2 py-0.5 font-mono text-xs font-semibold ${methodColour[endpoint.method]}`}>
                    {endpoint.method}
                  </span>
                  <span className="min-w-0">
                    <code className="font-mono text-sm break-all text-slate-900">{endpoint.path}</code>
                    <span className="mt-1 block text-sm text-slate-600">{i18n._(endpoint.description)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </PageSection>
  );
}

function ExampleAndContact() {
  const { t } = useLingui();
  return (
    <>
      <PageSection
        width="narrow"
        align="start"
        title={t`Example: request a withdrawal`}
        intro={
          <Trans>
            A retry with the same key is safe: it answers the first result and never creates a second withdrawal. See the{" "}
            <Link to="/documentation#withdrawals" className="font-medium text-emerald-800 underline underline-offset-4">
              withdrawal guide
            </Link>{" "}
            for the rules.
          </Trans>
        }
      >
        <pre
          tabIndex={0}
          aria-label={t`Example code`}
          className="overflow-x-auto rounded-xl bg-slate-900 p-5 text-sm leading-relaxed text-slate-100"
        >
          <code>{example}</code>
        </pre>
      </PageSection>

      <CallToAction
        title={t`Building something bigger?`}
        text={t`Tell us what you are integrating. Our engineers are happy to help on chat.`}
      >
        <ChatButton tone="band" label={t`Talk to an engineer`} />
        <SignUpButton tone="band" />
      </CallToAction>
    </>
  );
}
