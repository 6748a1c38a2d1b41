import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { cn } from "@/lib/class-names.ts";

/** What a screen shows when its data failed to load: the message in red and a way to try again. */
export function LoadFailed({ children, onRetry, className }: { children: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <div className={cn("grid justify-items-start gap-3", className)}>
      <Notice tone="error" className="w-full">
        {children}
      </Notice>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
