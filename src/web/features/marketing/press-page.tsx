import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Download, Mail, Newspaper } from "lucide-react";
import { Link } from "react-router";
import { SupportEmailLink } from "@/features/marketing/components/external-link.tsx";
import {
  EmptyResults,
  FilterBar,
  FilterSelect,
  ResultCount,
  SearchField,
  useListFilters,
} from "@/features/marketing/components/list-filters.tsx";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { matchesQuery } from "@/features/marketing/components/text-search.ts";
import { Button } from "@/components/ui/button.tsx";
import { dateFormatter, numberFormatter } from "@/lib/locale-format.ts";
import { ContentPageShell } from "./components/content-page-shell.tsx";

// eslint-disable-next-line lingui/no-unlocalized-strings -- keys kept in the address in English; their labels are translated where shown
const kinds = ["Announcement", "Product", "Company", "Security"] as const;

// The URL keeps the English name (?type=Product), so a shared link works in either language.
const kindLabels: Record<(typeof kinds)[number], MessageDescriptor> = {
  Announcement: msg`Announcement`,
  Product: msg`Product`,
  Company: msg`Company`,
  Security: msg`Security`,
};

type Release = { title: MessageDescriptor; summary: MessageDescriptor; kind: (typeof kinds)[number]; date: string };

// Sample releases: the press list is sample content.
const releases: readonly Release[] = [
  {
    title: msg`Nexapay adds Upay to its mobile-wallet withdrawals`,
    summary: msg`Customers can now withdraw their taka balance to Upay as well as bKash and Nagad, with no payout charge.`,
    kind: "Product",
    date: "2025-06-10",
  },
  {
    title: msg`Nexapay partner program now offers up to 30% revenue share`,
    summary: msg`Agencies, platforms and referral partners earn up to 30% of the fees of the businesses they bring, paid monthly.`,
    kind: "Announcement",
    date: "2025-05-20",
  },
  {
    title: msg`Nexapay completes SOC 2 examination`,
    summary: msg`An independent examination of our security controls complements our PCI-DSS and ISO 27001 programmes.`,
    kind: "Security",
    date: "2025-04-29",
  },
  {
    title: msg`Nexapay opens Singapore office`,
    summary: msg`The new office joins New York, our headquarters, and London, and brings support for partners across Asia closer.`,
    kind: "Company",
    date: "2025-03-17",
  },
  {
    title: msg`Real-time dashboards for every Nexapay account`,
    summary: msg`Deposits, withdrawals and verification updates now appear the moment they happen, with no page refresh.`,
    kind: "Product",
    date: "2025-02-04",
  },
  {
    title: msg`Nexapay launches USDT deposits on TRC-20 with BDT credit`,
    summary: msg`Customers in Bangladesh can fund their wallet with USDT on the TRON network, credited at a published rate of 1 USDT = 125 BDT.`,
    kind: "Announcement",
    date: "2024-11-18",
  },
  {
    title: msg`Nexapay introduces 24/7 live chat support`,
    summary: msg`Help is now available around the clock on chat, with e-mail replies within 24 hours on business days.`,
    kind: "Company",
    date: "2024-09-02",
  },
];

const years = [...new Set(releases.map((release) => release.date.slice(0, 4)))];
const formatDate = dateFormatter({ month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

const facts = [
  { term: msg`What we do`, detail: msg`Payment processing and a BDT wallet for businesses and individuals` },
  { term: msg`Offices`, detail: msg`New York (headquarters), London, Singapore` },
  { term: msg`Payments`, detail: msg`135+ currencies; USDT on TRC-20 credited in BDT; withdrawals to bKash, Nagad and Upay` },
  { term: msg`Security`, detail: msg`PCI-DSS, ISO 27001 and SOC 2 controls` },
] as const;

const formatYear = numberFormatter({ useGrouping: false });

/** Press: search, year and type really filter the sample releases. */
export default function PressPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const { values, set, clear } = useListFilters(["q", "year", "type"] as const);
  // Search what the visitor reads: the releases in the shown language.
  const shown = releases.filter(
    (release) =>
      (values.year === "" || release.date.startsWith(values.year)) &&
      (values.type === "" || release.kind === values.type) &&
      matchesQuery(values.q, [i18n._(release.title), i18n._(release.summary), i18n._(kindLabels[release.kind])]),
  );
  // The year in the shown digits, without a thousands separator ("2025", "২০২৫").
  const yearOptions = years.map((year) => ({ value: year, label: formatYear(Number(year)) }));
  const kindOptions = kinds.map((kind) => ({ value: kind, label: i18n._(kindLabels[kind]) }));

  return (
    <ContentPageShell
      eyebrow={t`Company`}
      title={t`Press`}
      intro={t`News, announcements and resources for journalists writing about Nexapay.`}
      actions={
        <Button asChild size="lg">
          <Link to="/contact?subject=Press">
            <Trans>Press enquiries</Trans>
          </Link>
        </Button>
      }
    >
      <section aria-labelledby="releases-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="releases-title" className="text-3xl font-bold tracking-tight text-slate-900">
          <Trans>Press releases</Trans>
        </h2>
        <div className="mt-6">
          <FilterBar label={t`Filter press releases`} selects={2}>
            <SearchField
              label={t`Search releases`}
              value={values.q}
              onChange={(value) => set("q", value)}
              placeholder={t`Search press releases`}
            />
            <FilterSelect
              label={t`Year`}
              value={values.year}
              onChange={(value) => set("year", value)}
              allLabel={t`All years`}
              options={yearOptions}
            />
            <FilterSelect
              label={t`Type`}
              value={values.type}
              onChange={(value) => set("type", value)}
              allLabel={t`All types`}
              options={kindOptions}
            />
          </FilterBar>
        </div>
        <ResultCount shown={shown.length} total={releases.length} noun="releases" />
        {shown.length === 0 ? (
          <EmptyResults title={t`No press releases match your search.`} onClear={clear} />
        ) : (
          <ReleaseList shown={shown} />
        )}
      </section>

      <MediaResources />
    </ContentPageShell>
  );
}

function MediaResources() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <PageSection tone="tint" title={t`Media resources`} intro={t`Everything you need to write about us accurately.`}>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">
            <Trans>Nexapay at a glance</Trans>
          </h3>
          <dl className="mt-4 grid gap-3">
            {facts.map((fact) => (
              <div key={fact.term.id}>
                <dt className="text-sm font-semibold text-slate-900">{i18n._(fact.term)}</dt>
                <dd className="text-slate-700">{i18n._(fact.detail)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="flex flex-col gap-6">
          <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">
              <Trans>Logo</Trans>
            </h3>
            <p className="mt-2 text-slate-700">
              <Trans>Our mark as an SVG file. Please keep it on a light background and do not change its colours.</Trans>
            </p>
            <Button asChild variant="outline" className="mt-4">
              <a href="/favicon.svg" download="nexapay-mark.svg">
                <Download aria-hidden="true" />
                <Trans>Download the logo (SVG)</Trans>
              </a>
            </Button>
          </div>
          <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">
              <Trans>Press contact</Trans>
            </h3>
            <p className="mt-2 text-slate-700">
              <Trans>
                For interviews, comment or images, choose the subject &lsquo;Press&rsquo; on our{" "}
                <Link to="/contact?subject=Press" className="font-medium text-emerald-800 underline underline-offset-4">
                  contact form
                </Link>{" "}
                or write to us.
              </Trans>
            </p>
            <p className="mt-4 inline-flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 text-emerald-700" />
              <SupportEmailLink
                subject={t`Press enquiry`}
                className="font-medium break-all text-emerald-800 underline underline-offset-4"
              />
            </p>
          </div>
        </div>
      </div>
    </PageSection>
  );
}

function ReleaseList({ shown }: { shown: typeof releases }) {
  const { i18n } = useLinguiContext();
  return (
    <ul className="mt-6 grid gap-4">
      {shown.map((release) => (
        <li key={release.title.id}>
          <article className="rounded-xl border border-border bg-white p-6 shadow-sm">
            <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
              <Newspaper aria-hidden="true" className="size-4 text-emerald-700" />
              <time dateTime={release.date}>{formatDate(release.date)}</time>
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                {i18n._(kindLabels[release.kind])}
              </span>
            </p>
            <h3 className="mt-3 text-lg font-semibold text-slate-900">{i18n._(release.title)}</h3>
            <p className="mt-2 text-slate-700">{i18n._(release.summary)}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
