import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { CallToAction } from "@/features/marketing/components/call-to-action.tsx";
import { ChatButton } from "@/features/marketing/components/cta-buttons.tsx";
import {
  EmptyResults,
  FilterBar,
  FilterSelect,
  ResultCount,
  SearchField,
  useListFilters,
} from "@/features/marketing/components/list-filters.tsx";
import { matchesQuery } from "@/features/marketing/components/text-search.ts";
import { dateFormatter, formatCount } from "@/lib/locale-format.ts";
import { ContentPageShell } from "./components/content-page-shell.tsx";

// eslint-disable-next-line lingui/no-unlocalized-strings -- the address keeps these English keys (?category=Guides) so a shared link works in either language; categoryLabels shows them translated
const categories = ["Product", "Guides", "Security", "Company", "Engineering"] as const;
type Category = (typeof categories)[number];
// The URL keeps the English name (?category=Guides), so a shared link works in either language.
const categoryLabels: Record<Category, MessageDescriptor> = {
  Product: msg`Product`,
  Guides: msg`Guides`,
  Security: msg`Security`,
  Company: msg`Company`,
  Engineering: msg`Engineering`,
};

type Post = { title: MessageDescriptor; excerpt: MessageDescriptor; category: Category; author: string; date: string; readMinutes: number };

// Sample posts: the blog list is sample content.
const posts: readonly Post[] = [
  {
    title: msg`Withdraw to Upay, now alongside bKash and Nagad`,
    excerpt: msg`Upay joins the mobile wallets you can withdraw to. Same 0% fee, same 15–30 minute processing during business hours.`,
    category: "Product",
    author: "Farhana Akter",
    date: "2025-06-12",
    readMinutes: 3,
  },
  {
    title: msg`TRC-20, explained for shop owners`,
    excerpt: msg`Why we accept USDT on the TRON network, what the fees look like from your wallet app, and the one mistake to avoid: sending on another network.`,
    category: "Guides",
    author: "Tanvir Hossain",
    date: "2025-05-28",
    readMinutes: 6,
  },
  {
    title: msg`What our SOC 2 report means for your business`,
    excerpt: msg`An auditor looked at how we run our systems. Here is what they checked, in plain language, and why it matters when you pick a payment provider.`,
    category: "Security",
    author: "Imran Chowdhury",
    date: "2025-05-09",
    readMinutes: 5,
  },
  {
    title: msg`Why every taka in your balance has a ledger entry`,
    excerpt: msg`Balances that only change together with a ledger record, and a check that proves they add up. A look at how we keep money exact.`,
    category: "Engineering",
    author: "Sadia Rahman",
    date: "2025-04-22",
    readMinutes: 8,
  },
  {
    title: msg`Five ways to get invoices paid faster`,
    excerpt: msg`Clear due dates, a payment link in every invoice and reminders that stay polite: small habits that shorten the wait.`,
    category: "Guides",
    author: "Nusrat Jahan",
    date: "2025-04-03",
    readMinutes: 4,
  },
  {
    title: msg`Hello from Singapore`,
    excerpt: msg`Our third office opens, joining New York and London, to support partners and customers across Asia around the clock.`,
    category: "Company",
    author: "Arif Mahmud",
    date: "2025-03-17",
    readMinutes: 2,
  },
  {
    title: msg`Spotting payment scams before they cost you`,
    excerpt: msg`Fake support agents, look-alike addresses and urgent requests. How to recognise them, and why we never ask for your password.`,
    category: "Security",
    author: "Imran Chowdhury",
    date: "2025-02-26",
    readMinutes: 5,
  },
  {
    title: msg`Live updates without refreshing the page`,
    excerpt: msg`Your dashboard now changes the moment a deposit is credited or a withdrawal completes. How we built it with Server-Sent Events.`,
    category: "Engineering",
    author: "Sadia Rahman",
    date: "2025-02-04",
    readMinutes: 7,
  },
  {
    title: msg`Registering your shop's SIMs, step by step`,
    excerpt: msg`Personal or Merchant? How many digits? What happens after you submit? Everything about SIM registration in one place.`,
    category: "Product",
    author: "Farhana Akter",
    date: "2025-01-15",
    readMinutes: 4,
  },
];

const formatDate = dateFormatter({ month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Blog: search and category filter really filter the sample posts. */
export default function BlogPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const { values, set, clear } = useListFilters(["q", "category"] as const);
  // Search what the visitor reads: the posts in the shown language.
  const shown = posts.filter(
    (post) =>
      (values.category === "" || post.category === values.category) &&
      matchesQuery(values.q, [i18n._(post.title), i18n._(post.excerpt), post.author, i18n._(categoryLabels[post.category])]),
  );
  const categoryOptions = categories.map((category) => ({ value: category, label: i18n._(categoryLabels[category]) }));

  return (
    <ContentPageShell
      eyebrow={t`Resources`}
      title={t`Blog`}
      intro={t`Product news, practical guides and stories from the team building Nexapay.`}
    >
      <section aria-label={t`Posts`} className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <FilterBar label={t`Filter posts`} selects={1}>
          <SearchField
            label={t`Search posts`}
            value={values.q}
            onChange={(value) => set("q", value)}
            placeholder={t`Search by title, topic or author`}
          />
          <FilterSelect
            label={t`Category`}
            value={values.category}
            onChange={(value) => set("category", value)}
            allLabel={t`All categories`}
            options={categoryOptions}
          />
        </FilterBar>
        <ResultCount shown={shown.length} total={posts.length} noun="posts" />
        {shown.length === 0 ? (
          <EmptyResults title={t`No posts match your search.`} onClear={clear} />
        ) : (
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {shown.map((post) => {
              const minutes = formatCount(post.readMinutes);
              return (
                <li key={post.date}>
                  <article className="flex h-full flex-col rounded-xl border border-border bg-white p-6 shadow-sm">
                    <p className="w-fit rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800">
                      {i18n._(categoryLabels[post.category])}
                    </p>
                    <h2 className="mt-4 text-lg font-semibold text-slate-900">{i18n._(post.title)}</h2>
                    <p className="mt-2 flex-1 text-slate-600">{i18n._(post.excerpt)}</p>
                    <p className="mt-5 text-sm text-slate-600">
                      {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time> · {t`${minutes} min read`}
                    </p>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <CallToAction title={t`A question about a post?`} text={t`Ask the team on Telegram. We answer day or night.`}>
        <ChatButton tone="band" label={t`Contact us on Telegram`} />
      </CallToAction>
    </ContentPageShell>
  );
}
