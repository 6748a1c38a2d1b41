import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";

/**
 * One card of Admin Settings: title and description, the card's buttons (`actions`) beside them from 640 px and below
 * them on phones, then what the buttons open (`children`, usually a CardContent).
 */
export function SettingsCard({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {actions}
      </CardHeader>
      {children}
    </Card>
  );
}

/** A settings card's form: its fields, all disabled while it is being sent (`busy`), and one submit button below them. */
export function SettingsForm({
  id,
  className,
  busy,
  submitLabel,
  onSubmit,
  children,
}: {
  id?: string;
  className?: string;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form id={id} onSubmit={(event) => void onSubmit(event)} noValidate className={className}>
      <fieldset disabled={busy} className="grid gap-4">
        {children}
        <div>
          <Button type="submit">{submitLabel}</Button>
        </div>
      </fieldset>
    </form>
  );
}
