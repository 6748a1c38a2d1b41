import { ContentPageShell } from "./content-page-shell.tsx";

/** Blog (blog-page, spec §2.20). Placeholder until the full page is built. */
export default function BlogPage() {
  return <ContentPageShell title="Blog" intro="News, guides and stories from the Nexapay team." />;
}
