import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { CircleAlert, Info, Send } from "lucide-react";
import { Link } from "react-router";
import { cn } from "@/lib/class-names.ts";
import type { DecisionNotice as Notice } from "../decision-state.ts";

const styles: Record<Notice["kind"], string> = {
  being_paid: "text-sky-900",
  amount_differs: "text-amber-900",
  not_seen: "text-amber-900",
  credited_received: "text-emerald-900",
};

/**
 * The line under a transaction that says where it stands when its status alone would not
 * (decision-state.ts): 'An admin approved it. …', 'We received 45.00 USDT, not …', 'We have not seen
 * your transfer …' with the way to support, or 'Asked to pay … · Received … · Credited …'.
 * `size` is "sm" on a receipt and "xs" in a list's row. `supportLink` is false inside a row that is a
 * link itself (a link in a link is not allowed): its receipt has the way to support.
 */
export function DecisionNotice({
  notice,
  size = "xs",
  supportLink = true,
  className,
}: {
  notice: Notice | null;
  size?: "xs" | "sm";
  supportLink?: boolean;
  className?: string;
}) {
  useLingui(); // the link's words follow a change of language (the text comes translated)
  if (notice === null) return null;
  const Icon = notice.kind === "being_paid" ? Send : notice.kind === "credited_received" ? Info : CircleAlert;
  return (
    <div
      data-testid="decision-notice"
      data-kind={notice.kind}
      className={cn(
        "flex items-start gap-1.5 [overflow-wrap:anywhere]",
        size === "xs" ? "text-xs" : "text-sm",
        styles[notice.kind],
        className,
      )}
    >
      <Icon aria-hidden="true" className={cn("shrink-0", size === "xs" ? "mt-px size-3.5" : "mt-0.5 size-4")} />
      <p>
        {notice.text}
        {notice.kind === "not_seen" && supportLink ? (
          <>
            {" "}
            <Link
              to={notice.supportLink}
              className="font-medium underline underline-offset-4"
              // A table row opens the receipt when clicked: this link opens the contact form instead.
              onClick={(event) => event.stopPropagation()}
            >
              <Trans>Contact support</Trans>
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
