import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Suspense, useCallback, useRef, useState } from "react";
import { Link, Outlet } from "react-router";
import { Logo } from "@/components/logo.tsx";
import { ChatLink, SupportEmailLink } from "@/features/marketing/components/external-link.tsx";
import { MenuIcon } from "@/features/marketing/components/home-icons.ts";
import { MobileMenu } from "@/features/marketing/components/mobile-menu.tsx";
import { TelegramIcon } from "@/features/marketing/components/telegram-icon.tsx";
import { LanguageSwitcher } from "@/components/language-switcher.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";

// The landing page's in-page sections, reachable from every public page.
const sectionLinks = [
  { to: "/#features", label: msg`Features` },
  { to: "/#how-it-works", label: msg`How it Works` },
  { to: "/#pricing", label: msg`Pricing` },
] as const;

const footerGroups = [
  {
    title: msg`Products`,
    links: [
      { to: "/payment-processing", label: msg`Payment Processing` },
      { to: "/online-checkout", label: msg`Online Checkout` },
      { to: "/invoicing", label: msg`Invoicing` },
      { to: "/subscriptions", label: msg`Subscriptions` },
      { to: "/point-of-sale", label: msg`Point of Sale` },
    ],
  },
  {
    title: msg`Resources`,
    links: [
      { to: "/documentation", label: msg`Documentation` },
      { to: "/api-reference", label: msg`API Reference` },
      { to: "/support", label: msg`Support` },
      { to: "/partners", label: msg`Partners` },
      { to: "/blog", label: msg`Blog` },
      { to: "/proof-of-reserves", label: msg`Proof of reserves` },
    ],
  },
  {
    title: msg`Company`,
    links: [
      { to: "/about", label: msg`About` },
      { to: "/careers", label: msg`Careers` },
      { to: "/press", label: msg`Press` },
      { to: "/contact", label: msg`Contact` },
      { to: "/legal", label: msg`Legal` },
    ],
  },
] as const;

const mobileMenuId = "marketing-mobile-menu";

/** The public site's frame (docs/product.md, Public site): a fixed top bar (a side menu below 768 px), the page, and the footer. */
export default function MarketingLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { i18n } = useLingui();

  return (
    <div className="flex min-h-dvh flex-col bg-white pt-16">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-emerald-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <nav aria-label={i18n._(msg`Main`)} className="hidden items-center gap-8 md:flex">
            {sectionLinks.map((link) => (
              <Link key={link.to} to={link.to} className="text-sm font-medium text-slate-700 hover:text-emerald-800">
                {i18n._(link.label)}
              </Link>
            ))}
          </nav>
          <div className="hidden items-center gap-2 md:flex">
            <LanguageSwitcher />
            <Button asChild variant="ghost">
              <Link to="/login">
                <Trans>Sign In</Trans>
              </Link>
            </Button>
            <Button asChild>
              <Link to="/signup">
                <Trans>Get Started</Trans>
              </Link>
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
            <span className="sr-only">
              <Trans>Open menu</Trans>
            </span>
          </Button>
        </div>
      </header>
      <MobileMenu id={mobileMenuId} open={menuOpen} onClose={closeMenu} triggerRef={menuButtonRef}>
        <MobileMenuContents closeMenu={closeMenu} />
      </MobileMenu>

      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<LoadingState label={i18n._(msg`Loading...`)} className="min-h-[60dvh]" />}>
          <Outlet />
        </Suspense>
      </main>

      <SiteFooter />
    </div>
  );
}

function SiteFooter() {
  const { i18n } = useLingui();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 grid content-start gap-4 sm:col-span-3 lg:col-span-1">
          <p className="text-lg font-bold text-white">Nexapay</p>
          <p className="text-sm">
            <Trans>
              Next generation payment solutions for businesses and individuals: USDT on TRC-20 in, BDT out to bKash, Nagad and Upay.
            </Trans>
          </p>
          <p className="text-sm">
            <SupportEmailLink className="underline-offset-4 hover:text-white hover:underline" />
          </p>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title.id} aria-label={i18n._(group.title)}>
            <h2 className="text-sm font-semibold text-white">{i18n._(group.title)}</h2>
            <ul className="mt-3 grid gap-1">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="inline-block py-1 text-sm hover:text-white hover:underline">
                    {i18n._(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            <Trans>© 2025 Nexapay. All rights reserved.</Trans>
          </p>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
            <Link to="/legal" className="py-1 hover:text-white hover:underline">
              <Trans>Terms</Trans>
            </Link>
            <Link to="/legal" className="py-1 hover:text-white hover:underline">
              <Trans>Privacy</Trans>
            </Link>
            <Link to="/legal" className="py-1 hover:text-white hover:underline">
              <Trans>Cookies</Trans>
            </Link>
            <ChatLink className="inline-flex items-center gap-2 rounded-full bg-sky-700 py-1.5 pr-4 pl-1.5 font-medium text-white hover:bg-sky-800">
              <TelegramIcon className="size-6 text-sky-500" />
              <Trans>Contact us on Telegram</Trans>
            </ChatLink>
          </div>
        </div>
      </div>
    </footer>
  );
}

function MobileMenuContents({ closeMenu }: { closeMenu: () => void }) {
  const { i18n } = useLingui();
  return (
    <>
      <nav aria-label={i18n._(msg`Mobile`)}>
        <ul className="grid gap-1">
          {sectionLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={closeMenu}
                className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-muted"
              >
                {i18n._(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid gap-3 border-t border-border pt-6">
        <Button asChild variant="outline" size="lg">
          <Link to="/login" onClick={closeMenu}>
            <Trans>Sign In</Trans>
          </Link>
        </Button>
        <Button asChild size="lg">
          <Link to="/signup" onClick={closeMenu}>
            <Trans>Get Started</Trans>
          </Link>
        </Button>
      </div>
      <div className="mt-6 flex justify-center border-t border-border pt-6">
        <LanguageSwitcher />
      </div>
    </>
  );
}
