import { ContentPageShell } from "./content-page-shell.tsx";

/** Subscription Management (subscriptions-page, spec §2.20). Placeholder until the full page is built. */
export default function SubscriptionsPage() {
  return <ContentPageShell title="Subscription Management" intro="Recurring billing made simple, with tokenized payments." />;
}
