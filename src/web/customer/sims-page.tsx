import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** SIMs (spec §2.12). Placeholder until its full screen is built. */
export default function SimsPage() {
  return (
    <>
      <title>SIMs · Nexapay</title>
      <PageHeader title="SIMs" />
      <ComingSoon>You will be able to register your SIM numbers here.</ComingSoon>
    </>
  );
}
