import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/class-names.ts";
import { ctaPrimaryClass, ctaSecondaryClass } from "./call-to-action.tsx";
import { ChatLink } from "./external-link.tsx";

type Tone = "light" | "band";

/** 'Get Started' (or another label) to /signup. On the dark band, the white button. */
export function SignUpButton({ label = "Get Started", tone = "light" }: { label?: string; tone?: Tone }) {
  return (
    <Button asChild size="lg" className={cn(tone === "band" && ctaPrimaryClass)}>
      <Link to="/signup">{label}</Link>
    </Button>
  );
}

/** 'Contact Sales' (or another label): our chat, in a new tab. */
export function ChatButton({ label = "Contact Sales", tone = "light" }: { label?: string; tone?: Tone }) {
  return (
    <Button asChild size="lg" variant="outline" className={cn(tone === "band" && ctaSecondaryClass)}>
      <ChatLink>{label}</ChatLink>
    </Button>
  );
}
