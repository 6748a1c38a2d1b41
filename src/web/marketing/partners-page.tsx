import { ContentPageShell } from "./content-page-shell.tsx";

/** Partner Program (partners-page, spec §2.20). Placeholder until the full page is built. */
export default function PartnersPage() {
  return <ContentPageShell title="Partner Program" intro="Grow with Nexapay: up to 30% revenue share with monthly payouts." />;
}
