// Typed lint and the import boundaries (docs/architecture.md, Layout): web and server never import
// each other; both may import shared, which imports neither.
import js from "@eslint/js";
import drizzle from "eslint-plugin-drizzle";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const webFeatures = ["marketing", "auth", "customer", "admin"];

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
      "import-x/no-cycle": "error",
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
          ],
        },
      ],
    },
    settings: { "import-x/resolver": { typescript: true, node: true } },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
