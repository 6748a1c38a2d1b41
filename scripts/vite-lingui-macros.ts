import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

/**
 * Runs Lingui's macro (`@lingui/babel-plugin-lingui-macro`) over the web app's files that import
 * one of its macros (`@lingui/react/macro`, `@lingui/core/macro`), before Vite's own TypeScript and
 * JSX transform. The macro turns `<Trans>Deposit</Trans>` and t`Deposit` into catalog lookups by a
 * message id, and strips the English text from production bundles (the English catalog carries it).
 *
 * Why a plugin of our own: @vitejs/plugin-react 6 no longer runs Babel, and `@rolldown/plugin-babel`,
 * its suggested replacement, needs Node 22 (docs/decisions/024-bangla-and-english.md).
 */
export function linguiMacros(): Plugin {
  return {
    name: "nexapay:lingui-macros",
    enforce: "pre",
    async transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!/\.tsx?$/.test(file) || file.includes("/node_modules/") || !code.includes("@lingui/")) return null;
      if (!/from\s+["']@lingui\/(?:react|core)\/macro["']/.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        // Parse TypeScript (and JSX in .tsx), print it back unchanged but for the macros: Vite's
        // transform strips the types afterwards.
        parserOpts: { plugins: file.endsWith(".tsx") ? ["typescript", "jsx"] : ["typescript"] },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map };
    },
  };
}
