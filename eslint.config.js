// Typed lint and the import boundaries (docs/architecture.md, Layout): web and server never import
// each other; both may import shared, which imports neither.
import js from "@eslint/js";
import drizzle from "eslint-plugin-drizzle";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import lingui from "eslint-plugin-lingui";
import tseslint from "typescript-eslint";

const webFeatures = ["marketing", "auth", "customer", "admin"];

// The server's folders (src/server/README.md). Infrastructure knows nothing of any domain: a domain
// may import db/, http/, mail/, storage/ or operations/, never the other way round (decision 049).
const serverInfrastructure = ["db", "http", "mail", "storage", "operations"];
const serverDomains = [
  "accounts",
  "account-security",
  "admins",
  "approvals",
  "audit",
  "auth",
  "chain",
  "contact",
  "kyc",
  "realtime",
  "sims",
  "wallet",
];

// A function of the shipped code (not a test) is at most this many lines, blank lines and comments
// not counted (decision 049): a reader sees it whole on one screen.
const maxFunctionLines = 70;

// The functions still longer than that, file by file, with the longest one's length in the file as
// its ceiling. This list only shrinks: split the function, then lower or remove its line.
const longFunctionCeilings = {
  "src/web/features/admin/transactions/approve-transaction-dialog.tsx": 145, // DepositApproval 145, PayoutForm 104
  "src/web/features/customer/deposit-page.tsx": 144, // DepositFlow
  "src/web/features/admin/transactions/transaction-detail-dialog.tsx": 140, // Detail
  "src/web/features/admin/chain/assign-transfer-dialog.tsx": 129, // AssignForm
  "src/web/features/customer/use-money-request.ts": 102, // useMoneyRequest
  "src/web/features/customer/sims-page.tsx": 98, // AddSimCard
  "src/web/features/customer/components/profile-form.tsx": 94, // ProfileForm
  "src/web/features/auth/login-page.tsx": 93, // LoginPage
  "src/web/features/customer/components/security-card.tsx": 91, // SecurityCard
  "src/web/features/auth/components/country-combobox.tsx": 87, // CountryCombobox
};

// Folders of the web app whose words are all in Lingui macros (docs/decisions/024): a string shown
// to people there without t`…`, <Trans> or msg`…` fails the lint. A folder joins this list once
// converted; scripts/check-catalogs.mjs has the matching list of catalog areas.
const translatedWebFolders = ["src/web/app", "src/web/components", "src/web/lib", "src/web/features"];

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "src/server/db/migrations/**",
      "scripts/**",
      "eslint.config.js",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { "import-x": importX, drizzle },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      // Type-only imports do not count: they vanish from the built code. A cycle of values does.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./src/web", from: "./src/server", message: "The web app never imports server code (docs/architecture.md, Layout)." },
            { target: "./src/server", from: "./src/web", message: "The server never imports web code (docs/architecture.md, Layout)." },
            {
              target: "./src/shared",
              from: ["./src/server", "./src/web"],
              message: "shared is imported by both sides and imports neither.",
            },
            // Web: one folder per feature; a feature never reaches into another, and what two
            // features need lives in components/ or lib/ (docs/architecture.md, Layout).
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: webFeatures.filter((other) => other !== feature).map((other) => `./src/web/features/${other}`),
              message: `A feature never imports another feature: move what ${feature} needs into src/web/components or src/web/lib.`,
            })),
            {
              target: "./src/web/features",
              from: "./src/web/app",
              message: "Features do not import the app shell (router, providers, layouts); the app imports them.",
            },
            {
              target: ["./src/web/components", "./src/web/lib"],
              from: "./src/web/features",
              message: "components/ and lib/ serve every feature and import none.",
            },
            // Server: a domain's routes are registered by app.ts and imported by nothing else; what
            // two domains share is a service or query module, never a route file.
            {
              target: "./src/server/!(app).ts",
              from: "./src/server/*/*-routes.ts",
              message: "Route files are imported only by app.ts: move the shared helper into a service module.",
            },
            {
              target: "./src/server/*/**",
              from: "./src/server/*/*-routes.ts",
              message: "Route files are imported only by app.ts: move the shared helper into a service module.",
            },
            ...serverInfrastructure.map((folder) => ({
              target: `./src/server/${folder}`,
              from: serverDomains.map((domain) => `./src/server/${domain}`),
              message: `${folder}/ is infrastructure and never imports a domain (src/server/README.md): pass what it needs in, or move the piece into the domain.`,
            })),
          ],
        },
      ],
    },
    // import-x reads a dependency only when its extension is listed and a parser is named for it;
    // without these two settings it skipped every .ts file, so no-cycle and the zones saw nothing.
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "max-lines-per-function": ["error", { max: maxFunctionLines, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  ...Object.entries(longFunctionCeilings).map(([file, lines]) => ({
    files: [file],
    rules: { "max-lines-per-function": ["error", { max: lines, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  })),
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: translatedWebFolders.map((folder) => `${folder}/**/*.{ts,tsx}`),
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { lingui },
    rules: {
      // JSX text and the attributes people read (aria-label, title, placeholder, alt…) are flagged;
      // what is code rather than words is not: class names, keys, URLs and paths, ids, query keys,
      // string-literal union types (a variant="outline", a method "PUT"), UPPERCASE codes, single
      // lowercase words (an event name, a storage key) and the names written in Latin letters in
      // both languages (Nexapay, bKash, TrxID…).
      "lingui/no-unlocalized-strings": [
        "error",
        {
          useTsTypes: true,
          ignore: [
            "^(?![A-Z])\\S+$",
            "^(Nexapay|bKash|Nagad|Upay|USDT|TRON|TRC-20|TrxID)$",
            "^[A-Z0-9_-]+$",
            "^/",
            "^#",
            "^https?://",
            "^[a-z-]+/[a-z0-9.+-]+$",
          ],
          ignoreNames: [
            { regex: { pattern: "className", flags: "i" } },
            { regex: { pattern: "^[A-Z0-9_]+$" } },
            // Tailwind classes kept in a named constant (ctaPrimaryClass).
            { regex: { pattern: "Class(Name)?$" } },
            {
              regex: {
                pattern:
                  "^(aria-controls|aria-describedby|data-.*|id|htmlFor|key|to|href|src|type|role|lang|name|autoComplete|inputMode|method|path|active|idle|queryKey|storageKey|displayName|d|author)$",
              },
            },
          ],
          ignoreFunctions: [
            "cn",
            "cva",
            "clsx",
            "console.*",
            "*.addEventListener",
            "*.removeEventListener",
            "*.getItem",
            "*.setItem",
            "Error",
            "RangeError",
            "DOMException",
            "URL",
            "URLSearchParams",
            "*.get",
            "*.set",
            "*.has",
            "*.delete",
            "import",
            // CSS selectors and media queries, and icons drawn from SVG paths.
            "*.querySelector",
            "*.closest",
            "*.querySelectorAll",
            "*.matchMedia",
            "createLucideIcon",
          ],
          ignoreMethodsOnTypes: ["Map.get", "Map.has", "Set.has", "Headers.get"],
        },
      ],
      // The plugin lets any attribute of a native element pass but placeholder, alt, aria-label and
      // value; these are read by people too.
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name=/^(title|aria-description|aria-roledescription|aria-valuetext)$/] > Literal[value=/\\p{L}/u]",
          message: "People read this attribute: translate it (t`…`).",
        },
      ],
      // t`…` at module level would freeze the language of the first load.
      "lingui/t-call-in-function": "error",
    },
  },
);
