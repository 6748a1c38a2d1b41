import { ContentPageShell } from "./content-page-shell.tsx";

/** API Reference (api-reference-page, spec §2.20). Placeholder until the full page is built. */
export default function ApiReferencePage() {
  return <ContentPageShell title="API Reference" intro="Every endpoint, parameter and response of the Nexapay API." />;
}
