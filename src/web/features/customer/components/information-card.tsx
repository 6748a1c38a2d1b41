import { Trans } from "@lingui/react/macro";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { cn } from "@/lib/class-names.ts";

export type InformationItem = { icon: LucideIcon; label: string; text: string };

/** The 'Important information' card above the deposit form and beside the withdraw form: one line per item, 'Label: text'. */
export function InformationCard({
  items,
  className,
  listClassName,
  "data-testid": testId,
}: {
  items: readonly InformationItem[];
  className?: string;
  listClassName?: string;
  "data-testid"?: string;
}) {
  return (
    <Card className={className} data-testid={testId}>
      <CardHeader className="pb-4">
        <CardTitle>
          <Trans>Important information</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className={cn("grid gap-3", listClassName)}>
          {items.map((item) => (
            <li key={item.label} className="flex items-start gap-3 text-sm">
              <item.icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
              <span>
                <span className="font-medium">{item.label}:</span> <span className="text-muted-foreground">{item.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
