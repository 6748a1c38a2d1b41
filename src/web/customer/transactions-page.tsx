import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** Transactions (spec §2.11). Placeholder until its full screen is built. */
export default function TransactionsPage() {
  return (
    <>
      <title>Transactions · Nexapay</title>
      <PageHeader title="Transactions" />
      <ComingSoon>Your deposits and withdrawals, with search and filters, will be listed here.</ComingSoon>
    </>
  );
}
