import { ContentPageShell } from "./content-page-shell.tsx";

/** Support Center (support-page, spec §2.20). Placeholder until the full page is built. */
export default function SupportPage() {
  return (
    <ContentPageShell
      title="Support Center"
      intro="Answers to common questions, and a team that replies within 24 hours on business days."
    />
  );
}
