import { Hourglass } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "./ui/card.tsx";

/** A placeholder card for a screen whose full version is built in a later task. */
export function ComingSoon({ title = "Coming soon", children }: { title?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-4">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <Hourglass aria-hidden="true" className="size-5" />
        </div>
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{children}</CardDescription>
        </div>
      </CardHeader>
    </Card>
  );
}
