import { ComingSoon } from "@/components/coming-soon.tsx";
import { PageHeader } from "@/components/page-header.tsx";

/** Admin Settings (spec §2.19). Placeholder until its full screen is built. */
export default function AdminSettingsPage() {
  return (
    <>
      <title>Admin settings · Nexapay</title>
      <PageHeader title="Admin Settings" />
      <ComingSoon>Manage admin accounts and change your password here.</ComingSoon>
    </>
  );
}
