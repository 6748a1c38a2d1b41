import { ContentPageShell } from "./content-page-shell.tsx";

/** Invoicing Solutions (invoicing-page, spec §2.20). Placeholder until the full page is built. */
export default function InvoicingPage() {
  return <ContentPageShell title="Invoicing Solutions" intro="Create, send and track invoices, and get paid faster." />;
}
