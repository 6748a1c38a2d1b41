import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/class-names.ts";

// Radix's dialog in the shadcn/ui shape: focus is trapped inside, Escape and the close button end
// it, the page behind is inert, and DialogTitle / DialogDescription name and describe it.
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn("animate-fade-in fixed inset-0 z-50 bg-slate-950/50", className)} {...props} />;
}

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  closeLabel,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean; closeLabel?: string }) {
  const { t } = useLingui();
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "animate-fade-in fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4",
          "overflow-y-auto rounded-xl border border-border bg-white p-6 text-foreground shadow-xl outline-none",
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close className="absolute top-4 right-4 flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-muted hover:text-foreground">
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">{closeLabel ?? t`Close`}</span>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("grid gap-1.5 pr-8 text-left", className)} {...props} />;
}

/** The row of buttons at the bottom: stacked on phones (main action on top), in a row on wider screens. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold leading-tight tracking-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
