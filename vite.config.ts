import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { linguiMacros } from "./scripts/vite-lingui-macros.ts";

// Modules of `/` that share one chunk (see codeSplitting below).
const marketingHomeModules =
  /src\/(?:web\/app\/layouts\/marketing-layout|web\/features\/marketing\/landing-page|web\/features\/marketing\/components\/(?:external-link|use-public-contact|mobile-menu|telegram-icon|home-icons|page-section|section-heading|feature-grid|partner-logos|use-hash-scroll)|shared\/public-contact)\.tsx?$/;

// What every form of the app is built from (the sign-in screens, the customer's and the admin's forms):
// the form libraries, the field components and the sentences their errors show in. Left to the
// automatic splitting they came as fifteen small chunks, asked for in three waves on a phone's six
// connections: the sign-in page waited for each wave in turn.
const formModules = new RegExp(
  [
    String.raw`node_modules/(?:react-hook-form|@hookform/resolvers|zod|@radix-ui/react-label|@radix-ui/react-primitive)/`,
    String.raw`node_modules/lucide-react/dist/esm/icons/(?:eye|eye-off|circle-check|circle-exclamation-point)\.mjs$`,
    String.raw`src/web/components/ui/(?:form-field|label|input|password-field|password-input|card|notice)\.tsx$`,
    String.raw`src/web/components/(?:sign-in-fields|new-password-fields|auth-shell)\.tsx$`,
    String.raw`src/web/lib/(?:server-messages|locale-format|location-state)\.ts$`,
    String.raw`src/shared/money\.ts$`,
  ].join("|"),
);

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
// `npm run dev` runs this dev server on :5173 and forwards /api to the API on :3000.
export default defineConfig({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  publicDir: fileURLToPath(new URL("./src/web/public", import.meta.url)),
  // linguiMacros before react(): the macros must be gone before JSX is compiled. lingui() compiles
  // a `.po` catalog into a module when the app imports one (src/web/lib/i18n.ts).
  // failOnCompileError: a Bangla sentence with broken ICU syntax ({amount without its brace) fails
  // the build instead of showing raw braces. Missing translations are caught by
  // scripts/check-catalogs.mjs (npm run lint) per converted area; failOnMissing would fail the build
  // for every area at once, including those not converted yet.
  plugins: [linguiMacros(), react(), lingui({ failOnCompileError: true }), tailwindcss(), precompress()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src/web", import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Dependencies stay where automatic splitting puts them: pulled into a group, a module the
          // entry also uses would make every route load that group.
          includeDependenciesRecursively: false,
          groups: [
            // The landing page and the public frame in one chunk: otherwise `/` waits for the
            // layout's chunk before it even asks for the page's (one more round trip on a phone).
            { name: "marketing-home", test: marketingHomeModules },
            { name: "forms", test: formModules },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});

const compressibleFile = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
const compressSizeBytesMin = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build, so
 * that a static server with pre-compressed files (@fastify/static `preCompressed: true`) sends
 * about a third of the bytes without compressing on each request. Slow phones on mobile data are
 * who the public site's speed budget is for (bench/web/README.md).
 */
function precompress(): Plugin {
  return {
    name: "nexapay:precompress",
    apply: "build",
    // After the bundle is written (the public folder is copied before that); not on a failed build.
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !compressibleFile.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = await readFile(file);
        if (content.length < compressSizeBytesMin) continue;
        const brotli = brotliCompressSync(content, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        await writeFile(`${file}.br`, brotli);
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
