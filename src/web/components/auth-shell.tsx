import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "./ui/card.tsx";
import { Logo } from "./logo.tsx";

/** The centred card every sign-in, sign-up and reset screen sits in: logo, product name, title. */
export function AuthShell({
  title,
  description,
  children,
  footer,
  logoTo = "/",
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  logoTo?: string;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-emerald-50 via-slate-50 to-slate-50">
      <header className="flex justify-center px-4 pt-10 pb-6 sm:pt-16">
        <Logo to={logoTo} />
      </header>
      <main className="flex flex-1 justify-center px-4 pb-16">
        <div className="w-full max-w-md">
          <Card>
            <CardHeader className="pb-4 text-center">
              <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
              {description ? <CardDescription>{description}</CardDescription> : null}
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
          {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
