import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Menu, PanelLeftClose, PanelLeftOpen, X } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Navigate, NavLink, useLocation, useNavigate } from "react-router";
import { onAdminSessionProblem } from "@/features/admin/shell/admin-api.ts";
import { useSidebarState } from "@/features/admin/shell/sidebar-state.ts";
import { LanguageSwitcher } from "@/components/language-switcher.tsx";
import { LogoMark } from "@/components/logo.tsx";
import { cn } from "@/lib/class-names.ts";
import { useLiveUpdates } from "@/lib/live-updates.ts";
import { sessionQueryKey, useSession } from "@/lib/session.ts";
import { MenuList, ScreenOutlet, useLogOut, type MenuLinkColors } from "./app-shell.tsx";
import { adminMenu } from "./menus.ts";

// Light links on the dark sidebar.
const menuColors: MenuLinkColors = { active: "bg-emerald-700 text-white", idle: "text-slate-300 hover:bg-slate-800 hover:text-white" };

/**
 * Leaves the back office when the server says the session is over (401, e.g. after 15 idle
 * minutes: the login shows the server's message in red) or that a second factor must
 * be enrolled first (403 TWO_FACTOR_REQUIRED).
 */
function useAdminSessionWatch(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const from = location.pathname + location.search;
  const leaving = useRef(false);

  useEffect(
    () =>
      onAdminSessionProblem((problem) => {
        if (leaving.current) return;
        leaving.current = true;
        if (problem.kind === "two-factor-required") {
          void navigate("/admin/two-factor", { replace: true });
          return;
        }
        void (async () => {
          // Leave first, then forget: with the session cleared while this page is still up, the
          // route guard would redirect on its own, without the message.
          await navigate("/admin/login", {
            replace: true,
            flushSync: true,
            state: problem.message ? { message: problem.message, from } : { from },
          });
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
          queryClient.setQueryData(sessionQueryKey, null);
        })();
      }),
    [navigate, queryClient, from],
  );
}

/**
 * The back office frame (docs/product.md, Back office): a sidebar on wide screens (collapsed with
 * Ctrl+B), a collapsible menu on phones.
 */
export default function AdminLayout() {
  const { user } = useSession();
  const { signingOut, logOut } = useLogOut("/admin");
  const [menuOpen, setMenuOpen] = useState(false);
  const { t } = useLingui();
  // Mounted once for the whole back office: change events refresh the lists (docs/architecture.md, Realtime).
  useLiveUpdates();
  useAdminSessionWatch();

  // The back office refuses every call until a second factor is enrolled.
  if (user && !user.twoFactorEnabled) return <Navigate to="/admin/two-factor" replace />;

  const navigation = (
    <>
      <MenuList items={adminMenu} colors={menuColors} onNavigate={() => setMenuOpen(false)} />
      <div className="mt-4 border-t border-slate-800 pt-4">
        {user ? (
          <p className="truncate px-3 pb-2 text-xs text-slate-400" title={user.email}>
            {user.email}
          </p>
        ) : null}
        <button
          type="button"
          onClick={() => void logOut()}
          disabled={signingOut}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-5" />
          <Trans>Log out</Trans>
        </button>
        <LanguageSwitcher tone="dark" className="mt-3 ml-3" />
      </div>
    </>
  );

  return (
    <div className="flex min-h-dvh flex-col bg-background md:flex-row">
      <AdminSidebar>{navigation}</AdminSidebar>

      {/* Phones: a top bar whose menu button opens the same navigation. */}
      <header className="sticky top-0 z-40 bg-slate-900 md:hidden">
        <div className="flex h-14 items-center justify-between px-4">
          <AdminBrand />
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="admin-mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
            className="flex size-10 items-center justify-center rounded-lg text-slate-200 hover:bg-slate-800"
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
            <span className="sr-only">{menuOpen ? t`Close menu` : t`Open menu`}</span>
          </button>
        </div>
        {menuOpen ? (
          <nav id="admin-mobile-menu" aria-label={t`Admin`} className="animate-fade-in border-t border-slate-800 px-4 pt-3 pb-4">
            {navigation}
          </nav>
        ) : null}
      </header>

      <main className="min-w-0 flex-1 px-4 py-6 md:px-6 md:py-8 lg:px-8">
        <div className="mx-auto max-w-6xl">
          <ScreenOutlet />
        </div>
      </main>
    </div>
  );
}

/**
 * Wide screens: a fixed sidebar, which Ctrl+B (Meta+B on a Mac) or its button collapses to a narrow
 * rail holding only that button; the choice is kept 7 days in a cookie (shell/sidebar-state.ts).
 */
function AdminSidebar({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { expanded, toggle } = useSidebarState();
  return (
    <aside className={cn("hidden shrink-0 flex-col bg-slate-900 md:flex", expanded ? "w-60" : "w-14")}>
      <div className={cn("sticky top-0 flex max-h-dvh flex-col overflow-y-auto", expanded ? "p-4" : "px-2 py-4")}>
        {/* The brand fills the sidebar's width, so the toggle sits on a row of its own, at the right edge. */}
        {expanded ? <AdminBrand /> : null}
        <div className={cn("flex", expanded ? "mt-2 justify-end" : "justify-center")}>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls="admin-sidebar-nav"
            title={t`Ctrl+B`}
            onClick={toggle}
            className="flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white"
          >
            {expanded ? <PanelLeftClose aria-hidden="true" className="size-5" /> : <PanelLeftOpen aria-hidden="true" className="size-5" />}
            <span className="sr-only">{expanded ? t`Collapse sidebar` : t`Expand sidebar`}</span>
          </button>
        </div>
        {expanded ? (
          <nav id="admin-sidebar-nav" aria-label={t`Admin`} className="mt-2">
            {children}
          </nav>
        ) : null}
      </div>
    </aside>
  );
}

function AdminBrand() {
  const { t } = useLingui();
  return (
    <NavLink to="/admin/dashboard" className="flex items-center gap-2 rounded-md text-white" aria-label={t`Nexapay admin dashboard`}>
      <LogoMark />
      <span className="text-lg font-bold tracking-tight">Nexapay</span>
      <span className="rounded bg-slate-700 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-100">
        <Trans>Admin</Trans>
      </span>
    </NavLink>
  );
}
