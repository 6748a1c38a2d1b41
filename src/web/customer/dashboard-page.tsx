import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { useSession } from "@/lib/session.ts";

/** Dashboard (spec §2.8). For now a greeting; balance, recent transactions and quick actions follow. */
export default function DashboardPage() {
  const { user } = useSession();
  return (
    <>
      <title>Dashboard · Nexapay</title>
      <PageHeader title="Dashboard" description={user ? `Welcome back, ${user.username}!` : undefined} />
      <ComingSoon>Your BDT balance, recent transactions and quick actions will appear here.</ComingSoon>
    </>
  );
}
