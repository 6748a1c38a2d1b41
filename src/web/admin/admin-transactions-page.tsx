import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** Manage Transactions (spec §2.17). Placeholder until its full screen is built. */
export default function AdminTransactionsPage() {
  return (
    <>
      <title>Transactions · Nexapay</title>
      <PageHeader title="Manage Transactions" />
      <ComingSoon>Approve or reject customers' deposits and withdrawals here.</ComingSoon>
    </>
  );
}
