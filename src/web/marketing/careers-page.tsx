import { ContentPageShell } from "./content-page-shell.tsx";

/** Careers (careers-page, spec §2.20). Placeholder until the full page is built. */
export default function CareersPage() {
  return <ContentPageShell title="Careers" intro="Join the team building the future of payments." />;
}
