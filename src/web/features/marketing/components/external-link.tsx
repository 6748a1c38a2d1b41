import { Trans } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import { usePublicContact } from "./use-public-contact.ts";

/**
 * A link that opens another site in a new tab. rel="noopener noreferrer": the opened page gets no
 * handle on ours (window.opener) and no Referer. Screen readers hear that a new tab opens.
 */
export function ExternalLink({ children, ...props }: Omit<ComponentProps<"a">, "target" | "rel">) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only">
        {" "}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}

/** Our external chat ('Contact Sales', 'Contact us on Telegram'), in a new tab. */
export function ChatLink(props: Omit<ComponentProps<"a">, "target" | "rel" | "href">) {
  const { chatUrl } = usePublicContact();
  return <ExternalLink href={chatUrl} {...props} />;
}

/** A mailto: link to the support address; its text is the address unless children are given. */
export function SupportEmailLink({ subject, children, ...props }: Omit<ComponentProps<"a">, "href"> & { subject?: string }) {
  const { supportEmail } = usePublicContact();
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : "";
  return (
    <a href={`mailto:${supportEmail}${query}`} {...props}>
      {children ?? supportEmail}
    </a>
  );
}

/** The support address as text (for sentences that name it without linking it). */
export function SupportEmailText() {
  return <>{usePublicContact().supportEmail}</>;
}
