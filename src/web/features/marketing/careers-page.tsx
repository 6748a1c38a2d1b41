import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { BookOpenCheck, Clock, HeartPulse, Laptop, MapPin, Plane, Users } from "lucide-react";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton } from "@/features/marketing/components/cta-buttons.tsx";
import { SupportEmailLink } from "@/features/marketing/components/external-link.tsx";
import { FeatureGrid, type FeatureItem } from "@/features/marketing/components/feature-grid.tsx";
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
import { buttonVariants } from "@/components/ui/button.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

// eslint-disable-next-line lingui/no-unlocalized-strings -- keys kept in the address in English; their labels are translated where shown
const departments = ["Engineering", "Operations", "Compliance", "Customer Support", "Design", "Sales"] as const;
// eslint-disable-next-line lingui/no-unlocalized-strings -- keys kept in the address in English; their labels are translated where shown
const locations = ["Dhaka", "New York", "London", "Singapore", "Remote"] as const;

// The URL keeps the English names (?department=Sales&location=Dhaka), so a shared link works in
// either language; these are what the visitor reads.
const departmentLabels: Record<(typeof departments)[number], MessageDescriptor> = {
  Engineering: msg`Engineering`,
  Operations: msg`Operations`,
  Compliance: msg`Compliance`,
  "Customer Support": msg`Customer Support`,
  Design: msg`Design`,
  Sales: msg`Sales`,
};
const locationLabels: Record<(typeof locations)[number], MessageDescriptor> = {
  Dhaka: msg`Dhaka`,
  "New York": msg`New York`,
  London: msg`London`,
  Singapore: msg`Singapore`,
  Remote: msg`Remote`,
};
const typeLabels: Record<Position["type"], MessageDescriptor> = {
  "Full-time": msg`Full-time`,
  "Part-time": msg`Part-time`,
  Contract: msg`Contract`,
};

type Position = {
  title: MessageDescriptor;
  department: (typeof departments)[number];
  location: (typeof locations)[number];
  type: "Full-time" | "Part-time" | "Contract";
  summary: MessageDescriptor;
};

// Sample openings: the careers list is sample content.
const positions: readonly Position[] = [
  {
    title: msg`Senior Backend Engineer (Payments)`,
    department: "Engineering",
    location: "Remote",
    type: "Full-time",
    summary: msg`Design the ledger and payout services that move our customers' money exactly once. TypeScript, PostgreSQL.`,
  },
  {
    title: msg`Frontend Engineer`,
    department: "Engineering",
    location: "Dhaka",
    type: "Full-time",
    summary: msg`Build fast, accessible screens for customers on low-end phones and slow networks. React, TypeScript.`,
  },
  {
    title: msg`Site Reliability Engineer`,
    department: "Engineering",
    location: "Singapore",
    type: "Full-time",
    summary: msg`Keep the platform available around the clock, and make incidents rare, short and well understood.`,
  },
  {
    title: msg`Payment Operations Analyst`,
    department: "Operations",
    location: "Dhaka",
    type: "Full-time",
    summary: msg`Review deposits and withdrawals, reconcile the books every day and improve how fast customers are paid.`,
  },
  {
    title: msg`Compliance Officer (AML/KYC)`,
    department: "Compliance",
    location: "London",
    type: "Full-time",
    summary: msg`Own identity verification policy and anti-money-laundering controls across our markets.`,
  },
  {
    title: msg`Customer Support Specialist (Bangla and English)`,
    department: "Customer Support",
    location: "Dhaka",
    type: "Full-time",
    summary: msg`Help customers on chat and e-mail, in shifts that keep our 24/7 promise.`,
  },
  {
    title: msg`Customer Support Specialist (Night shift)`,
    department: "Customer Support",
    location: "Remote",
    type: "Part-time",
    summary: msg`Answer our customers' questions at night, from home, with a team that has your back.`,
  },
  {
    title: msg`Product Designer`,
    department: "Design",
    location: "London",
    type: "Full-time",
    summary: msg`Make money tasks feel simple: research with real customers, design flows, test them, ship them.`,
  },
  {
    title: msg`Partnerships Manager`,
    department: "Sales",
    location: "New York",
    type: "Full-time",
    summary: msg`Grow our partner program with platforms, agencies and communities that serve businesses.`,
  },
  {
    title: msg`Sales Executive, Merchants`,
    department: "Sales",
    location: "Singapore",
    type: "Contract",
    summary: msg`Help growing businesses in Asia move their payments to Nexapay and set up the right plan.`,
  },
];

const benefits: readonly FeatureItem[] = [
  { title: msg`Health cover`, text: msg`Medical insurance for you and your family from your first day.`, icon: HeartPulse },
  { title: msg`Flexible hours`, text: msg`Work when you work best; we agree on outcomes, not hours at a desk.`, icon: Clock },
  { title: msg`Remote-friendly`, text: msg`Many roles can be done from anywhere, with offices when you want company.`, icon: Laptop },
  { title: msg`Learning budget`, text: msg`Books, courses and conferences, paid for, every year.`, icon: BookOpenCheck },
  { title: msg`Time off`, text: msg`Generous paid leave, plus the public holidays where you live.`, icon: Plane },
  { title: msg`A team that helps`, text: msg`Code reviews, pairing and mentors: nobody figures things out alone.`, icon: Users },
];

/** Careers: search, department and location really filter the sample openings. */
export default function CareersPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const { values, set, clear } = useListFilters(["q", "department", "location"] as const);
  // Search what the visitor reads: the openings in the shown language.
  const shown = positions.filter(
    (position) =>
      (values.department === "" || position.department === values.department) &&
      (values.location === "" || position.location === values.location) &&
      matchesQuery(values.q, [
        i18n._(position.title),
        i18n._(position.summary),
        i18n._(departmentLabels[position.department]),
        i18n._(locationLabels[position.location]),
        i18n._(typeLabels[position.type]),
      ]),
  );
  const departmentOptions = departments.map((value) => ({ value, label: i18n._(departmentLabels[value]) }));
  const locationOptions = locations.map((value) => ({ value, label: i18n._(locationLabels[value]) }));

  return (
    <ContentPageShell
      eyebrow={t`Company`}
      title={t`Careers`}
      intro={t`Help people and businesses in Bangladesh get paid faster and more safely. We are hiring in Dhaka, New York, London, Singapore and remotely.`}
    >
      <section aria-labelledby="openings-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="openings-title" className="text-3xl font-bold tracking-tight text-slate-900">
          <Trans>Open positions</Trans>
        </h2>
        <div className="mt-6">
          <FilterBar label={t`Filter positions`} selects={2}>
            <SearchField
              label={t`Search positions`}
              value={values.q}
              onChange={(value) => set("q", value)}
              placeholder={t`Search by role or skill`}
            />
            <FilterSelect
              label={t`Department`}
              value={values.department}
              onChange={(value) => set("department", value)}
              allLabel={t`All departments`}
              options={departmentOptions}
            />
            <FilterSelect
              label={t`Location`}
              value={values.location}
              onChange={(value) => set("location", value)}
              allLabel={t`All locations`}
              options={locationOptions}
            />
          </FilterBar>
        </div>
        <ResultCount shown={shown.length} total={positions.length} noun="positions" />
        {shown.length === 0 ? (
          <EmptyResults title={t`No positions match your search.`} onClear={clear} />
        ) : (
          <ul className="mt-6 grid gap-4">
            {shown.map((position) => (
              <PositionItem key={position.title.id} position={position} />
            ))}
          </ul>
        )}
      </section>

      <CareersClosing />
    </ContentPageShell>
  );
}

function PositionItem({ position }: { position: (typeof positions)[number] }) {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const title = i18n._(position.title);
  const location = i18n._(locationLabels[position.location]);
  return (
    <li
      key={position.title.id}
      className="flex flex-col gap-4 rounded-xl border border-border bg-white p-6 shadow-sm md:flex-row md:items-center md:justify-between"
    >
      <div className="min-w-0">
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span>{i18n._(departmentLabels[position.department])}</span>
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-4" />
            {location}
          </span>
          <span>{i18n._(typeLabels[position.type])}</span>
        </p>
        <p className="mt-2 text-slate-700">{i18n._(position.summary)}</p>
      </div>
      <SupportEmailLink subject={t`Application: ${title} (${location})`} className={buttonVariants({ variant: "outline" })}>
        <Trans>
          Apply<span className="sr-only"> for {title}</span>
        </Trans>
      </SupportEmailLink>
    </li>
  );
}

function CareersClosing() {
  const { t } = useLingui();
  return (
    <>
      <PageSection tone="tint" title={t`Why work with us`} intro={t`The work matters, and so do the people doing it.`}>
        <FeatureGrid items={benefits} />
      </PageSection>

      <CallToAction
        title={t`Don't see your role?`}
        text={
          <Trans>
            We are always glad to meet good people. Tell us about yourself on chat, or write to{" "}
            <SupportEmailLink subject={t`Open application`} className="font-medium text-white underline underline-offset-4" />.
          </Trans>
        }
      >
        <ChatButton tone="band" label={t`Introduce yourself`} />
      </CallToAction>
    </>
  );
}
