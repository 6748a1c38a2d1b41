import { ContentPageShell } from "./content-page-shell.tsx";

/** Point of Sale Solutions (point-of-sale-page, spec §2.20). Placeholder until the full page is built. */
export default function PointOfSalePage() {
  return <ContentPageShell title="Point of Sale Solutions" intro="Take payments in store with the same account you use online." />;
}
