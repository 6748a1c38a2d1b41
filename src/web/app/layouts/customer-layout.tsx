import { Trans, useLingui } from "@lingui/react/macro";
import { LogOut, Menu } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";
import { LanguageSwitcher } from "@/components/language-switcher.tsx";
import { Logo } from "@/components/logo.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog.tsx";
import { cn } from "@/lib/class-names.ts";
import { useLiveUpdates } from "@/lib/live-updates.ts";
import { useSession } from "@/lib/session.ts";
import { MenuList, ScreenOutlet, useLogOut, type MenuLinkColors } from "./app-shell.tsx";
import { customerBottomBarItemCount, customerMenu } from "./menus.ts";

// The side menu's and the phone menu's links, on white.
const menuColors: MenuLinkColors = {
  active: "bg-emerald-50 text-emerald-800",
  idle: "text-slate-700 hover:bg-muted hover:text-foreground",
};

/** The signed-in customer's frame (docs/product.md, Customer area): header with logo and log out, side menu, bottom bar below 768 px. */
export default function CustomerLayout() {
  const { user } = useSession();
  const { signingOut, logOut } = useLogOut("/login");
  const [menuOpen, setMenuOpen] = useState(false);
  const { t, i18n } = useLingui();
  // One event stream for the whole customer area: every screen's lists refresh when their rows change.
  useLiveUpdates();

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="sticky top-0 z-40 border-b border-border bg-white">
        <div className="flex h-16 items-center justify-between gap-4 px-4 md:px-6">
          <Logo to="/dashboard" label={t`Nexapay dashboard`} />
          <div className="flex items-center gap-2 sm:gap-3">
            {user ? (
              <span className="hidden max-w-48 truncate text-sm text-muted-foreground sm:block" title={user.email}>
                {user.username}
              </span>
            ) : null}
            {/* On phones the switcher sits in the menu: the bar has no room for it. */}
            <LanguageSwitcher className="hidden sm:inline-flex" />
            <Button variant="outline" size="sm" onClick={() => void logOut()} disabled={signingOut}>
              <LogOut aria-hidden="true" />
              <Trans>Log out</Trans>
            </Button>
            <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
          </div>
        </div>
      </header>

      <div className="flex flex-1">
        <nav aria-label={t`Account`} className="hidden w-60 shrink-0 border-r border-border bg-white md:block">
          <MenuList items={customerMenu} colors={menuColors} className="sticky top-16 grid gap-1 p-3" />
        </nav>

        <main className="min-w-0 flex-1 px-4 pt-6 pb-28 md:px-8 md:pt-8 md:pb-10">
          <div className="mx-auto max-w-5xl">
            <ScreenOutlet />
          </div>
        </main>
      </div>

      <nav
        aria-label={t`Quick access`}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <ul className="grid grid-cols-5">
          {customerMenu.slice(0, customerBottomBarItemCount).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  cn(
                    "flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium",
                    isActive ? "text-emerald-800" : "text-slate-600 hover:text-foreground",
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <span className={cn("flex h-7 w-12 items-center justify-center rounded-full", isActive && "bg-emerald-100")}>
                      <item.icon aria-hidden="true" className="size-5" />
                    </span>
                    {i18n._(item.label)}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/**
 * Below 768 px the bottom bar has room for five items only: this menu (open or closed) lists all
 * seven, so Transactions and SIMs stay one tap away. It closes on a choice.
 */
function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="icon" className="size-9 md:hidden">
          <Menu aria-hidden="true" />
          <span className="sr-only">
            <Trans>Open menu</Trans>
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={t`Close menu`}
        className="top-0 right-0 left-auto h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 content-start gap-4 rounded-none rounded-l-xl p-4"
      >
        <div className="grid gap-1 px-2 pt-1 pr-10">
          <DialogTitle className="text-base">
            <Trans>Menu</Trans>
          </DialogTitle>
          <DialogDescription className="sr-only">
            <Trans>All pages of your account</Trans>
          </DialogDescription>
        </div>
        <nav aria-label={t`Account menu`}>
          <MenuList items={customerMenu} colors={menuColors} onNavigate={() => onOpenChange(false)} />
        </nav>
        <LanguageSwitcher className="mx-2 self-start" />
      </DialogContent>
    </Dialog>
  );
}
