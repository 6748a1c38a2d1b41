import { Menu, Send, X } from "lucide-react";
import { Suspense, useState } from "react";
import { Link, Outlet } from "react-router";
import { Logo } from "@/components/logo.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";

const sectionLinks = [
  { href: "/#features", label: "Features" },
  { href: "/#how-it-works", label: "How it Works" },
  { href: "/#pricing", label: "Pricing" },
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

/** The public site's frame (spec §2.2): a fixed top bar, the page, and the footer. */
export default function MarketingLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-8 md:flex">
            {sectionLinks.map((link) => (
              <a key={link.href} href={link.href} className="text-sm font-medium text-slate-700 hover:text-emerald-800">
                {link.label}
              </a>
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
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="marketing-mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          </Button>
        </div>
        {menuOpen ? (
          <nav
            id="marketing-mobile-menu"
            aria-label="Mobile"
            className="animate-fade-in border-t border-border bg-white px-4 pb-4 md:hidden"
          >
            <ul className="grid gap-1 py-3">
              {sectionLinks.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    onClick={closeMenu}
                    className="block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-muted"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
            <div className="grid gap-2">
              <Button asChild variant="outline">
                <Link to="/login" onClick={closeMenu}>
                  Sign In
                </Link>
              </Button>
              <Button asChild>
                <Link to="/signup" onClick={closeMenu}>
                  Get Started
                </Link>
              </Button>
            </div>
          </nav>
        ) : null}
      </header>

      <main className="flex-1">
        <Suspense fallback={<LoadingState label="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>

      <footer className="border-t border-border bg-slate-900 text-slate-300">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
          <div className="grid content-start gap-3">
            <p className="text-lg font-bold text-white">Nexapay</p>
            <p className="text-sm">Next generation payment solutions for businesses and individuals.</p>
          </div>
          {footerGroups.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-sm font-semibold text-white">{group.title}</h2>
              <ul className="mt-3 grid gap-2">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm hover:text-white hover:underline">
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
            <div className="flex flex-wrap items-center gap-4">
              <Link to="/legal" className="hover:text-white hover:underline">
                Terms
              </Link>
              <Link to="/legal" className="hover:text-white hover:underline">
                Privacy
              </Link>
              <Link to="/legal" className="hover:text-white hover:underline">
                Cookies
              </Link>
              <Link
                to="/contact"
                className="inline-flex items-center gap-1.5 rounded-full bg-sky-700 px-3 py-1.5 font-medium text-white hover:bg-sky-800"
              >
                <Send aria-hidden="true" className="size-4" />
                Contact us
              </Link>
            </div>
          </div>
        </div>
      </footer>
    </div>
  );
}
