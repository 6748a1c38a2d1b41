import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** Withdraw (spec §2.10). Placeholder until its full screen is built. */
export default function WithdrawPage() {
  return (
    <>
      <title>Withdraw · Nexapay</title>
      <PageHeader title="Withdraw" />
      <ComingSoon>Withdrawals to bKash, Nagad or Upay will be available here.</ComingSoon>
    </>
  );
}
