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

const departments = ["Engineering", "Operations", "Compliance", "Customer Support", "Design", "Sales"] as const;
const locations = ["Dhaka", "New York", "London", "Singapore", "Remote"] as const;

type Position = {
  title: string;
  department: (typeof departments)[number];
  location: (typeof locations)[number];
  type: "Full-time" | "Part-time" | "Contract";
  summary: string;
};

// Sample openings: the careers list is sample content.
const positions: readonly Position[] = [
  {
    title: "Senior Backend Engineer (Payments)",
    department: "Engineering",
    location: "Remote",
    type: "Full-time",
    summary: "Design the ledger and payout services that move our customers' money exactly once. TypeScript, PostgreSQL.",
  },
  {
    title: "Frontend Engineer",
    department: "Engineering",
    location: "Dhaka",
    type: "Full-time",
    summary: "Build fast, accessible screens for customers on low-end phones and slow networks. React, TypeScript.",
  },
  {
    title: "Site Reliability Engineer",
    department: "Engineering",
    location: "Singapore",
    type: "Full-time",
    summary: "Keep the platform available around the clock, and make incidents rare, short and well understood.",
  },
  {
    title: "Payment Operations Analyst",
    department: "Operations",
    location: "Dhaka",
    type: "Full-time",
    summary: "Review deposits and withdrawals, reconcile the books every day and improve how fast customers are paid.",
  },
  {
    title: "Compliance Officer (AML/KYC)",
    department: "Compliance",
    location: "London",
    type: "Full-time",
    summary: "Own identity verification policy and anti-money-laundering controls across our markets.",
  },
  {
    title: "Customer Support Specialist (Bangla and English)",
    department: "Customer Support",
    location: "Dhaka",
    type: "Full-time",
    summary: "Help customers on chat and e-mail, in shifts that keep our 24/7 promise.",
  },
  {
    title: "Customer Support Specialist (Night shift)",
    department: "Customer Support",
    location: "Remote",
    type: "Part-time",
    summary: "Answer our customers' questions at night, from home, with a team that has your back.",
  },
  {
    title: "Product Designer",
    department: "Design",
    location: "London",
    type: "Full-time",
    summary: "Make money tasks feel simple: research with real customers, design flows, test them, ship them.",
  },
  {
    title: "Partnerships Manager",
    department: "Sales",
    location: "New York",
    type: "Full-time",
    summary: "Grow our partner program with platforms, agencies and communities that serve businesses.",
  },
  {
    title: "Sales Executive, Merchants",
    department: "Sales",
    location: "Singapore",
    type: "Contract",
    summary: "Help growing businesses in Asia move their payments to Nexapay and set up the right plan.",
  },
];

const benefits: readonly FeatureItem[] = [
  { title: "Health cover", text: "Medical insurance for you and your family from your first day.", icon: HeartPulse },
  { title: "Flexible hours", text: "Work when you work best; we agree on outcomes, not hours at a desk.", icon: Clock },
  { title: "Remote-friendly", text: "Many roles can be done from anywhere, with offices when you want company.", icon: Laptop },
  { title: "Learning budget", text: "Books, courses and conferences, paid for, every year.", icon: BookOpenCheck },
  { title: "Time off", text: "Generous paid leave, plus the public holidays where you live.", icon: Plane },
  { title: "A team that helps", text: "Code reviews, pairing and mentors: nobody figures things out alone.", icon: Users },
];

/** Careers: search, department and location really filter the sample openings. */
export default function CareersPage() {
  const { values, set, clear } = useListFilters(["q", "department", "location"] as const);
  const shown = positions.filter(
    (position) =>
      (values.department === "" || position.department === values.department) &&
      (values.location === "" || position.location === values.location) &&
      matchesQuery(values.q, [position.title, position.summary, position.department, position.location, position.type]),
  );

  return (
    <ContentPageShell
      eyebrow="Company"
      title="Careers"
      intro="Help people and businesses in Bangladesh get paid faster and more safely. We are hiring in Dhaka, New York, London, Singapore and remotely."
    >
      <section aria-labelledby="openings-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="openings-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Open positions
        </h2>
        <div className="mt-6">
          <FilterBar label="Filter positions" selects={2}>
            <SearchField
              label="Search positions"
              value={values.q}
              onChange={(value) => set("q", value)}
              placeholder="Search by role or skill"
            />
            <FilterSelect
              label="Department"
              value={values.department}
              onChange={(value) => set("department", value)}
              allLabel="All departments"
              options={departments}
            />
            <FilterSelect
              label="Location"
              value={values.location}
              onChange={(value) => set("location", value)}
              allLabel="All locations"
              options={locations}
            />
          </FilterBar>
        </div>
        <ResultCount shown={shown.length} total={positions.length} noun="positions" />
        {shown.length === 0 ? (
          <EmptyResults title="No positions match your search." onClear={clear} />
        ) : (
          <ul className="mt-6 grid gap-4">
            {shown.map((position) => (
              <li
                key={position.title}
                className="flex flex-col gap-4 rounded-xl border border-border bg-white p-6 shadow-sm md:flex-row md:items-center md:justify-between"
              >
                <div className="min-w-0">
                  <h3 className="text-lg font-semibold text-slate-900">{position.title}</h3>
                  <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
                    <span>{position.department}</span>
                    <span className="inline-flex items-center gap-1">
                      <MapPin aria-hidden="true" className="size-4" />
                      {position.location}
                    </span>
                    <span>{position.type}</span>
                  </p>
                  <p className="mt-2 text-slate-700">{position.summary}</p>
                </div>
                <SupportEmailLink
                  subject={`Application: ${position.title} (${position.location})`}
                  className={buttonVariants({ variant: "outline" })}
                >
                  Apply<span className="sr-only"> for {position.title}</span>
                </SupportEmailLink>
              </li>
            ))}
          </ul>
        )}
      </section>

      <PageSection tone="tint" title="Why work with us" intro="The work matters, and so do the people doing it.">
        <FeatureGrid items={benefits} />
      </PageSection>

      <CallToAction
        title="Don't see your role?"
        text={
          <>
            We are always glad to meet good people. Tell us about yourself on chat, or write to{" "}
            <SupportEmailLink subject="Open application" className="font-medium text-white underline underline-offset-4" />.
          </>
        }
      >
        <ChatButton tone="band" label="Introduce yourself" />
      </CallToAction>
    </ContentPageShell>
  );
}
