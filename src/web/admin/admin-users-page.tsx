import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** Users (spec §2.16). Placeholder until its full screen is built. */
export default function AdminUsersPage() {
  return (
    <>
      <title>Users · Nexapay</title>
      <PageHeader title="Users" />
      <ComingSoon>Search, suspend and activate users, and adjust balances here.</ComingSoon>
    </>
  );
}
