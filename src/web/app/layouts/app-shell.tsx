// What the customer and admin frames share: their menus' links, log out, and the slot their screens render in.
// Each frame keeps its own markup (the back office is a dark sidebar, the customer area a header and a bottom bar),
// so these are parts rather than one shell component.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import type { LucideIcon } from "lucide-react";
import { Suspense, useState } from "react";
import { NavLink, Outlet } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { cn } from "@/lib/class-names.ts";
// The server's refusals in the shown language in both signed-in frames (toasts of errorMessage()).
import "@/lib/server-messages.ts";
import { useAuthActions } from "@/lib/session.ts";

/** A menu link; `label` is defined with msg`…` and translated when the menu renders. */
export type MenuItem = { to: string; label: MessageDescriptor; icon: LucideIcon };

/** A frame's colours for a menu link: `active` on the current screen's link, `idle` on the others. */
export type MenuLinkColors = { active: string; idle: string };

/** A menu as a list of links (icon and label); `onNavigate` runs on a choice, e.g. to close a phone menu. */
export function MenuList({
  items,
  colors,
  className = "grid gap-1",
  onNavigate,
}: {
  items: readonly MenuItem[];
  colors: MenuLinkColors;
  className?: string;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors",
                isActive ? colors.active : colors.idle,
              )
            }
          >
            <item.icon aria-hidden="true" className="size-5" />
            {i18n._(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Log out, then leave for `redirectTo`. `signingOut` stays true until the frame is left, so the button cannot be
 * pressed twice; on a failure it is released for another try.
 */
export function useLogOut(redirectTo: string): { signingOut: boolean; logOut: () => Promise<void> } {
  const { signOut } = useAuthActions();
  const [signingOut, setSigningOut] = useState(false);

  async function logOut() {
    setSigningOut(true);
    try {
      await signOut(redirectTo);
      toast.success(msg`Logged out successfully!`);
    } catch {
      toast.error(msg`Failed to log out.`);
      setSigningOut(false);
    }
  }

  return { signingOut, logOut };
}

/** Where the frame's current screen renders; each screen is its own chunk (router.tsx), so a spinner shows while it loads. */
export function ScreenOutlet() {
  const { i18n } = useLingui();
  return (
    <Suspense fallback={<LoadingState label={i18n._(msg`Loading...`)} />}>
      <Outlet />
    </Suspense>
  );
}
