import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button.tsx";

/**
 * The review before a money request is sent (docs/decisions/023-customer-review-receipt-and-drafts.md):
 * one question in the customer's own terms, Back to change it, Confirm to send it. The question
 * takes the focus, so a screen reader reads it first.
 */
export function ReviewStep({
  question,
  details,
  busy,
  onBack,
  onConfirm,
}: {
  question: string;
  details?: React.ReactNode;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="review-question" className="grid gap-4" data-testid="review-step">
      <p className="text-sm font-medium text-muted-foreground">
        <Trans>Check your request</Trans>
      </p>
      <h2 id="review-question" ref={heading} tabIndex={-1} className="text-lg font-semibold [overflow-wrap:anywhere] outline-none">
        {question}
      </h2>
      {details}
      <div className="grid gap-3 sm:grid-cols-2">
        <Button variant="outline" size="lg" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden="true" />
          <Trans>Back</Trans>
        </Button>
        <Button size="lg" onClick={onConfirm} disabled={busy}>
          <Send aria-hidden="true" />
          {busy ? t`Sending...` : t`Confirm`}
        </Button>
      </div>
    </section>
  );
}
