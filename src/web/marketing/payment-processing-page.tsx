import { ContentPageShell } from "./content-page-shell.tsx";

/** Payment Processing Solutions (payment-processing-page, spec §2.20). Placeholder until the full page is built. */
export default function PaymentProcessingPage() {
  return (
    <ContentPageShell
      title="Payment Processing Solutions"
      intro="Accept payments quickly and securely, in 135+ currencies, with real-time reporting."
    />
  );
}
