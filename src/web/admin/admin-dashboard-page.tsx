import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** Admin Dashboard (spec §2.16). Placeholder until its full screen is built. */
export default function AdminDashboardPage() {
  return (
    <>
      <title>Admin dashboard · Nexapay</title>
      <PageHeader title="Admin Dashboard" />
      <ComingSoon>Key figures (users, pending transactions, today's volume) will appear here.</ComingSoon>
    </>
  );
}
