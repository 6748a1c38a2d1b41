import { ContentPageShell } from "./content-page-shell.tsx";

/** About Us (about-page, spec §2.20). Placeholder until the full page is built. */
export default function AboutPage() {
  return <ContentPageShell title="About Us" intro="We build next generation payment solutions for businesses and individuals." />;
}
