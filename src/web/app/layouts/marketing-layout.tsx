import { Suspense, useCallback, useRef, useState } from "react";
import { Link, Outlet } from "react-router";
import { Logo } from "@/components/logo.tsx";
import { ChatLink, SupportEmailLink } from "@/features/marketing/components/external-link.tsx";
import { MenuIcon } from "@/features/marketing/components/home-icons.ts";
import { MobileMenu } from "@/features/marketing/components/mobile-menu.tsx";
import { TelegramIcon } from "@/features/marketing/components/telegram-icon.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";

// The landing page's in-page sections, reachable from every public page.
const sectionLinks = [
  { to: "/#features", label: "Features" },
  { to: "/#how-it-works", label: "How it Works" },
  { to: "/#pricing", label: "Pricing" },
] as const;

const footerGroups = [
  {
    title: "Products",
    links: [
      { to: "/payment-processing", label: "Payment Processing" },
      { to: "/online-checkout", label: "Online Checkout" },
      { to: "/invoicing", label: "Invoicing" },
      { to: "/subscriptions", label: "Subscriptions" },
      { to: "/point-of-sale", label: "Point of Sale" },
    ],
  },
  {
    title: "Resources",
    links: [
      { to: "/documentation", label: "Documentation" },
      { to: "/api-reference", label: "API Reference" },
      { to: "/support", label: "Support" },
      { to: "/partners", label: "Partners" },
      { to: "/blog", label: "Blog" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/careers", label: "Careers" },
      { to: "/press", label: "Press" },
      { to: "/contact", label: "Contact" },
      { to: "/legal", label: "Legal" },
    ],
  },
] as const;

const mobileMenuId = "marketing-mobile-menu";

/** The public site's frame (docs/product.md, Public site): a fixed top bar (a side menu below 768 px), the page, and the footer. */
export default function MarketingLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <div className="flex min-h-dvh flex-col bg-white pt-16">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-emerald-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-8 md:flex">
            {sectionLinks.map((link) => (
              <Link key={link.to} to={link.to} className="text-sm font-medium text-slate-700 hover:text-emerald-800">
                {link.label}
              </Link>
            ))}
          </nav>
          <div className="hidden items-center gap-2 md:flex">
            <Button asChild variant="ghost">
              <Link to="/login">Sign In</Link>
            </Button>
            <Button asChild>
              <Link to="/signup">Get Started</Link>
            </Button>
          </div>
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={mobileMenuId}
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon aria-hidden="true" className="size-5!" />
            <span className="sr-only">Open menu</span>
          </Button>
        </div>
      </header>
      <MobileMenu id={mobileMenuId} open={menuOpen} onClose={closeMenu} triggerRef={menuButtonRef}>
        <nav aria-label="Mobile">
          <ul className="grid gap-1">
            {sectionLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={closeMenu}
                  className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-muted"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 grid gap-3 border-t border-border pt-6">
          <Button asChild variant="outline" size="lg">
            <Link to="/login" onClick={closeMenu}>
              Sign In
            </Link>
          </Button>
          <Button asChild size="lg">
            <Link to="/signup" onClick={closeMenu}>
              Get Started
            </Link>
          </Button>
        </div>
      </MobileMenu>

      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<LoadingState label="Loading..." className="min-h-[60dvh]" />}>
          <Outlet />
        </Suspense>
      </main>

      <footer className="bg-slate-900 text-slate-300">
        <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 lg:grid-cols-4">
          <div className="col-span-2 grid content-start gap-4 sm:col-span-3 lg:col-span-1">
            <p className="text-lg font-bold text-white">Nexapay</p>
            <p className="text-sm">
              Next generation payment solutions for businesses and individuals: USDT on TRC-20 in, BDT out to bKash, Nagad and Upay.
            </p>
            <p className="text-sm">
              <SupportEmailLink className="underline-offset-4 hover:text-white hover:underline" />
            </p>
          </div>
          {footerGroups.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-sm font-semibold text-white">{group.title}</h2>
              <ul className="mt-3 grid gap-1">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="inline-block py-1 text-sm hover:text-white hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="border-t border-slate-800">
          <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
            <p>© 2025 Nexapay. All rights reserved.</p>
            <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
              <Link to="/legal" className="py-1 hover:text-white hover:underline">
                Terms
              </Link>
              <Link to="/legal" className="py-1 hover:text-white hover:underline">
                Privacy
              </Link>
              <Link to="/legal" className="py-1 hover:text-white hover:underline">
                Cookies
              </Link>
              <ChatLink className="inline-flex items-center gap-2 rounded-full bg-sky-700 py-1.5 pr-4 pl-1.5 font-medium text-white hover:bg-sky-800">
                <TelegramIcon className="size-6 text-sky-500" />
                Contact us on Telegram
              </ChatLink>
            </div>
          </div>
        </div>
      </footer>
    </div>
  );
}
