import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** Verifications (spec §2.18). Placeholder until its full screen is built. */
export default function AdminVerificationsPage() {
  return (
    <>
      <title>Verifications · Nexapay</title>
      <PageHeader title="Verifications" />
      <ComingSoon>Review identity documents and approve or reject verification requests here.</ComingSoon>
    </>
  );
}
