import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** Deposit (spec §2.9). Placeholder until its full screen is built. */
export default function DepositPage() {
  return (
    <>
      <title>Deposit · Nexapay</title>
      <PageHeader title="Deposit" />
      <ComingSoon>USDT deposits on the TRC-20 network, credited in BDT, will be available here.</ComingSoon>
    </>
  );
}
