import { ContentPageShell } from "./content-page-shell.tsx";

/** Legal (legal-page, spec §2.20). Placeholder until the full page is built. */
export default function LegalPage() {
  return <ContentPageShell title="Legal" intro="Terms of Service, Privacy Policy, Cookies and Security." />;
}
