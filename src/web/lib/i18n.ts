// The app's languages: English (the source) and Bangla. Words live in one Lingui catalog per area
// of the app and per language (src/web/locales/{en,bn}/*.po, listed in lingui.config.ts); a catalog
// is its own chunk, loaded only when a screen of its area is shown in its language. So the landing
// page in Bangla downloads the Bangla words of the public site and nothing else.
import { i18n, type Messages } from "@lingui/core";

export const locales = ["en", "bn"] as const;
export type Locale = (typeof locales)[number];
export type CatalogArea = "common" | "errors" | "landing" | "marketing" | "auth" | "customer" | "admin";

type CatalogModule = Promise<{ messages: Messages }>;

// Written out (not a template string) so that the bundler makes exactly one chunk per catalog.
const catalogs: Record<Locale, Record<CatalogArea, () => CatalogModule>> = {
  en: {
    common: () => import("../locales/en/common.po"),
    errors: () => import("../locales/en/errors.po"),
    landing: () => import("../locales/en/landing.po"),
    marketing: () => import("../locales/en/marketing.po"),
    auth: () => import("../locales/en/auth.po"),
    customer: () => import("../locales/en/customer.po"),
    admin: () => import("../locales/en/admin.po"),
  },
  bn: {
    common: () => import("../locales/bn/common.po"),
    errors: () => import("../locales/bn/errors.po"),
    landing: () => import("../locales/bn/landing.po"),
    marketing: () => import("../locales/bn/marketing.po"),
    auth: () => import("../locales/bn/auth.po"),
    customer: () => import("../locales/bn/customer.po"),
    admin: () => import("../locales/bn/admin.po"),
  },
};

const storageKey = "nexapay.locale";

// Areas whose words the app has needed so far: a change of language reloads exactly these.
const areasInUse = new Set<CatalogArea>(["common"]);
const loaded = new Set<string>();

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The language to show: the visitor's own choice if they made one, else their browser's first match. */
export function preferredLocale(): Locale {
  try {
    const chosen = localStorage.getItem(storageKey);
    if (isLocale(chosen)) return chosen;
  } catch {
    // Storage may be blocked (private mode): fall through to the browser's languages.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const language = tag.toLowerCase().split("-")[0];
    if (isLocale(language)) return language;
  }
  return "en";
}

async function loadCatalog(locale: Locale, area: CatalogArea): Promise<void> {
  const key = `${locale}/${area}`;
  if (loaded.has(key)) return;
  const { messages } = await catalogs[locale][area]();
  i18n.load(locale, messages); // merges with the areas already loaded
  loaded.add(key);
}

/** Whether an area's words in `locale` are loaded (a lookup before would show a message id). */
export function isCatalogLoaded(locale: Locale, area: CatalogArea): boolean {
  return loaded.has(`${locale}/${area}`);
}

/** Loads an area's words in the shown language; resolves once they can be rendered. */
export async function loadCatalogArea(area: CatalogArea): Promise<void> {
  areasInUse.add(area);
  await loadCatalog(currentLocale(), area);
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : preferredLocale();
}

let banglaFont: Promise<void> | undefined;

/**
 * Noto Sans Bengali first in the font stack once Bangla is shown (lib/bangla-font.css, a small
 * stylesheet; the @font-face rules are declared on every page in app/global.css and download a file
 * only when Bengali letters are drawn). The stylesheet arrives with the Bangla words, requested at
 * the same time, and is in place before the first Bangla paint: text drawn before it can stay in a
 * Latin fallback font without Bengali letters (seen in Chromium as boxes in the first heading). The
 * font files themselves are not awaited: the text shows at once and swaps when they arrive
 * (font-display: swap).
 */
function loadBanglaFont(): Promise<void> {
  banglaFont ??= import("./bangla-font.css").then(
    () => {
      // Ask for both weights at once, before anything is drawn, instead of when text in each weight
      // first appears (not awaited).
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS font description, not words
      for (const weight of ["400", "600"]) void document.fonts.load(`${weight} 1em "Noto Sans Bengali"`, "অ").catch(() => undefined);
    },
    () => {
      banglaFont = undefined; // a system font still shows the text; try again on the next switch
    },
  );
  return banglaFont;
}

/** Shows the app in `locale`: loads the words of every area in use, then switches. */
export async function activateLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  await Promise.all([...[...areasInUse].map((area) => loadCatalog(locale, area)), locale === "bn" ? loadBanglaFont() : undefined]);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  if (remember) {
    try {
      localStorage.setItem(storageKey, locale);
    } catch {
      // Not remembered across visits; the switch itself still works.
    }
  }
}

/**
 * Wraps a lazy screen's import so the screen renders only once its area's words are loaded
 * (`lazy(() => withCatalog("customer", () => import("…")))`).
 */
export function withCatalog<T>(area: CatalogArea, load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), loadCatalogArea(area)]).then(([module]) => module);
}

export { i18n };
