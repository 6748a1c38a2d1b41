import { ContentPageShell } from "./content-page-shell.tsx";

/** Contact Us (contact-page, spec §2.20). Placeholder until the full page is built. */
export default function ContactPage() {
  return <ContentPageShell title="Contact Us" intro="Questions about Nexapay? Our team is here to help." />;
}
