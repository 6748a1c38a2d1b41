import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** Verification (spec §2.14). Placeholder until its full screen is built. */
export default function VerificationPage() {
  return (
    <>
      <title>Verification · Nexapay</title>
      <PageHeader title="Verification" />
      <ComingSoon>Identity verification with a National ID, Driving License or Passport will be available here.</ComingSoon>
    </>
  );
}
