import { ContentPageShell } from "./content-page-shell.tsx";

/** Documentation (documentation-page, spec §2.20). Placeholder until the full page is built. */
export default function DocumentationPage() {
  return <ContentPageShell title="Documentation" intro="Guides and references to integrate Nexapay into your product." />;
}
