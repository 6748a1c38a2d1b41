import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { serverMessageText } from "@/lib/server-messages.ts";
import { cn } from "@/lib/class-names.ts";
import { Label } from "./label.tsx";

/** The attributes that tie a control to its error message (pass them to the input). */
export function controlProps(id: string, error: string | undefined) {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}

/**
 * A visible label, the control, an optional hint and the field's error message under it. The error
 * may be a shared zod schema's or the server's English sentence: it shows in the shown language.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  labelAside,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  // Re-renders on a change of language, so the error follows it.
  useLingui();
  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {hint && !error ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {serverMessageText(error)}
        </p>
      ) : null}
    </div>
  );
}
