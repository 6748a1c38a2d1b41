import { ContentPageShell } from "./content-page-shell.tsx";

/** Press (press-page, spec §2.20). Placeholder until the full page is built. */
export default function PressPage() {
  return <ContentPageShell title="Press" intro="News about Nexapay and resources for journalists." />;
}
