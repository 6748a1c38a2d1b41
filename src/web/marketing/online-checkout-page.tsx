import { ContentPageShell } from "./content-page-shell.tsx";

/** Online Checkout (online-checkout-page, spec §2.20). Placeholder until the full page is built. */
export default function OnlineCheckoutPage() {
  return <ContentPageShell title="Online Checkout" intro="A fast, secure checkout for your website and apps." />;
}
