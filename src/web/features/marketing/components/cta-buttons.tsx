import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/class-names.ts";
import { ctaPrimaryClass, ctaSecondaryClass } from "./call-to-action.tsx";
import { ChatLink } from "./external-link.tsx";

type Tone = "light" | "band";

/** 'Get Started' (or another label) to /signup. On the dark band, the white button. */
export function SignUpButton({ label, tone = "light" }: { label?: ReactNode; tone?: Tone }) {
  return (
    <Button asChild size="lg" className={cn(tone === "band" && ctaPrimaryClass)}>
      <Link to="/signup">{label ?? <Trans>Get Started</Trans>}</Link>
    </Button>
  );
}

/** 'Contact Sales' (or another label): our chat, in a new tab. */
export function ChatButton({ label, tone = "light" }: { label?: ReactNode; tone?: Tone }) {
  return (
    <Button asChild size="lg" variant="outline" className={cn(tone === "band" && ctaSecondaryClass)}>
      <ChatLink>{label ?? <Trans>Contact Sales</Trans>}</ChatLink>
    </Button>
  );
}
