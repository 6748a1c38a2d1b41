import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** SIMs (spec §2.16). Placeholder until its full screen is built. */
export default function AdminSimsPage() {
  return (
    <>
      <title>SIMs · Nexapay</title>
      <PageHeader title="SIMs" />
      <ComingSoon>Approve, reject or delete customers' SIM registrations here.</ComingSoon>
    </>
  );
}
