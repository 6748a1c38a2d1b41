import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { cn } from "@/lib/class-names.ts";

/** The Nexapay mark: an N on a rounded emerald square (the same drawing as the favicon). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" fill="#047857" />
      <path d="M9 23V9h2.6l7.8 9.6V9H23v14h-2.6l-7.8-9.6V23z" fill="#fff" />
      <circle cx="25" cy="7" r="3" fill="#6ee7b7" />
    </svg>
  );
}

/** Mark and product name, linking to `to` (the landing page unless told). */
export function Logo({ to = "/", className, label }: { to?: string; className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <Link
      to={to}
      aria-label={label ?? t`Nexapay home`}
      className={cn("inline-flex items-center gap-2 rounded-md text-foreground", className)}
    >
      <LogoMark />
      <span className="text-xl font-bold tracking-tight">Nexapay</span>
    </Link>
  );
}
