import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/class-names.ts";

/** A spinning circle; decorative, so the text beside it is what assistive technology reads. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn("size-5 animate-spin text-primary", className)} />;
}

/** A centred spinner with a message, announced politely, for a whole screen or panel that waits. */
export function LoadingState({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex flex-col items-center justify-center gap-3 py-16 text-muted-foreground", className)}
    >
      <Spinner className="size-8" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
