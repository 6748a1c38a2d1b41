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
import { ContentPageShell } from "./components/content-page-shell.tsx";

const kinds = ["Announcement", "Product", "Company", "Security"] as const;

type Release = { title: string; summary: string; kind: (typeof kinds)[number]; date: string };

// Sample releases: the press list is sample content.
const releases: readonly Release[] = [
  {
    title: "Nexapay adds Upay to its mobile-wallet withdrawals",
    summary: "Customers can now withdraw their taka balance to Upay as well as bKash and Nagad, with no payout charge.",
    kind: "Product",
    date: "2025-06-10",
  },
  {
    title: "Nexapay partner program now offers up to 30% revenue share",
    summary: "Agencies, platforms and referral partners earn up to 30% of the fees of the businesses they bring, paid monthly.",
    kind: "Announcement",
    date: "2025-05-20",
  },
  {
    title: "Nexapay completes SOC 2 examination",
    summary: "An independent examination of our security controls complements our PCI-DSS and ISO 27001 programmes.",
    kind: "Security",
    date: "2025-04-29",
  },
  {
    title: "Nexapay opens Singapore office",
    summary: "The new office joins New York, our headquarters, and London, and brings support for partners across Asia closer.",
    kind: "Company",
    date: "2025-03-17",
  },
  {
    title: "Real-time dashboards for every Nexapay account",
    summary: "Deposits, withdrawals and verification updates now appear the moment they happen, with no page refresh.",
    kind: "Product",
    date: "2025-02-04",
  },
  {
    title: "Nexapay launches USDT deposits on TRC-20 with BDT credit",
    summary:
      "Customers in Bangladesh can fund their wallet with USDT on the TRON network, credited at a published rate of 1 USDT = 125 BDT.",
    kind: "Announcement",
    date: "2024-11-18",
  },
  {
    title: "Nexapay introduces 24/7 live chat support",
    summary: "Help is now available around the clock on chat, with e-mail replies within 24 hours on business days.",
    kind: "Company",
    date: "2024-09-02",
  },
];

const years = [...new Set(releases.map((release) => release.date.slice(0, 4)))];
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

const facts = [
  { term: "What we do", detail: "Payment processing and a BDT wallet for businesses and individuals" },
  { term: "Offices", detail: "New York (headquarters), London, Singapore" },
  { term: "Payments", detail: "135+ currencies; USDT on TRC-20 credited in BDT; withdrawals to bKash, Nagad and Upay" },
  { term: "Security", detail: "PCI-DSS, ISO 27001 and SOC 2 controls" },
] as const;

/** Press: search, year and type really filter the sample releases. */
export default function PressPage() {
  const { values, set, clear } = useListFilters(["q", "year", "type"] as const);
  const shown = releases.filter(
    (release) =>
      (values.year === "" || release.date.startsWith(values.year)) &&
      (values.type === "" || release.kind === values.type) &&
      matchesQuery(values.q, [release.title, release.summary, release.kind]),
  );

  return (
    <ContentPageShell
      eyebrow="Company"
      title="Press"
      intro="News, announcements and resources for journalists writing about Nexapay."
      actions={
        <Button asChild size="lg">
          <Link to="/contact?subject=Press">Press enquiries</Link>
        </Button>
      }
    >
      <section aria-labelledby="releases-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="releases-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Press releases
        </h2>
        <div className="mt-6">
          <FilterBar label="Filter press releases" selects={2}>
            <SearchField
              label="Search releases"
              value={values.q}
              onChange={(value) => set("q", value)}
              placeholder="Search press releases"
            />
            <FilterSelect label="Year" value={values.year} onChange={(value) => set("year", value)} allLabel="All years" options={years} />
            <FilterSelect label="Type" value={values.type} onChange={(value) => set("type", value)} allLabel="All types" options={kinds} />
          </FilterBar>
        </div>
        <ResultCount shown={shown.length} total={releases.length} noun="releases" />
        {shown.length === 0 ? (
          <EmptyResults title="No press releases match your search." onClear={clear} />
        ) : (
          <ul className="mt-6 grid gap-4">
            {shown.map((release) => (
              <li key={release.title}>
                <article className="rounded-xl border border-border bg-white p-6 shadow-sm">
                  <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
                    <Newspaper aria-hidden="true" className="size-4 text-emerald-700" />
                    <time dateTime={release.date}>{dateFormat.format(new Date(release.date))}</time>
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{release.kind}</span>
                  </p>
                  <h3 className="mt-3 text-lg font-semibold text-slate-900">{release.title}</h3>
                  <p className="mt-2 text-slate-700">{release.summary}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      <PageSection tone="tint" title="Media resources" intro="Everything you need to write about us accurately.">
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">Nexapay at a glance</h3>
            <dl className="mt-4 grid gap-3">
              {facts.map((fact) => (
                <div key={fact.term}>
                  <dt className="text-sm font-semibold text-slate-900">{fact.term}</dt>
                  <dd className="text-slate-700">{fact.detail}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="flex flex-col gap-6">
            <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">Logo</h3>
              <p className="mt-2 text-slate-700">
                Our mark as an SVG file. Please keep it on a light background and do not change its colours.
              </p>
              <Button asChild variant="outline" className="mt-4">
                <a href="/favicon.svg" download="nexapay-mark.svg">
                  <Download aria-hidden="true" />
                  Download the logo (SVG)
                </a>
              </Button>
            </div>
            <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">Press contact</h3>
              <p className="mt-2 text-slate-700">
                For interviews, comment or images, choose the subject &lsquo;Press&rsquo; on our{" "}
                <Link to="/contact?subject=Press" className="font-medium text-emerald-800 underline underline-offset-4">
                  contact form
                </Link>{" "}
                or write to us.
              </p>
              <p className="mt-4 inline-flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4 text-emerald-700" />
                <SupportEmailLink subject="Press enquiry" className="font-medium break-all text-emerald-800 underline underline-offset-4" />
              </p>
            </div>
          </div>
        </div>
      </PageSection>
    </ContentPageShell>
  );
}
