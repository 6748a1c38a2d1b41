import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** Profile (spec §2.13). Placeholder until its full screen is built. */
export default function ProfilePage() {
  return (
    <>
      <title>Profile · Nexapay</title>
      <PageHeader title="Profile" />
      <ComingSoon>Your personal details, address and ID number will be editable here.</ComingSoon>
    </>
  );
}
