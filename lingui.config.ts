import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

// The web app's words, in English (the source: the product's texts as written in docs/product.md)
// and Bangla. One catalog per area of the app, so a page loads only its area's words in the shown
// language (src/web/lib/i18n.ts): the public site never downloads the back office's sentences.
// `npx lingui extract` collects the messages of the code into the .po files; translators work in
// those; the Vite plugin compiles a catalog when the app imports it.
const areas: Record<string, { include: string[]; exclude?: string[] }> = {
  // What every area shows: the frames, shared components, error and not-found pages.
  common: { include: ["src/web/app", "src/web/components", "src/web/lib"], exclude: ["**/server-messages.ts"] },
  // The server's and the shared schemas' sentences (form errors, refusals), loaded with the first
  // form or signed-in frame rather than with the public site's first page.
  errors: { include: ["src/web/lib/server-messages.ts"] },
  // The public site in two: `/` loads only the landing page's words (and those of the public
  // components every public page uses); the fifteen content pages' longer copy loads with them.
  landing: { include: ["src/web/features/marketing/landing-page.tsx", "src/web/features/marketing/components"] },
  marketing: {
    include: ["src/web/features/marketing"],
    exclude: ["<rootDir>/src/web/features/marketing/landing-page.tsx", "<rootDir>/src/web/features/marketing/components/**"],
  },
  auth: { include: ["src/web/features/auth"] },
  customer: { include: ["src/web/features/customer"] },
  admin: { include: ["src/web/features/admin"] },
};

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "bn"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  catalogs: Object.entries(areas).map(([area, { include, exclude = [] }]) => ({
    path: `<rootDir>/src/web/locales/{locale}/${area}`,
    include: include.map((folder) => `<rootDir>/${folder}`),
    exclude: ["**/*.test.ts", "**/*.test.tsx", ...exclude],
  })),
});
