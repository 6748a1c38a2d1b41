// Fails (exit 1) when the translation catalogs do not match the code, so `npm run lint` catches it:
// - a message in the code that its area's catalog lacks, or a catalog entry no code uses any more
//   (the catalogs are stale: run `npx lingui extract`, then translate);
// - a Bangla entry left empty (the screen would show English in the middle of Bangla).
// It extracts in memory with Lingui's own API and never writes the tree.
//
// Usage: node scripts/check-catalogs.mjs
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The catalog areas (lingui.config.ts) whose code is converted: an area joins this list once all of
// its words are in Lingui macros and its Bangla is written (eslint.config.js has the matching list
// of folders for lingui/no-unlocalized-strings).
const checkedAreas = ["common", "errors", "landing", "marketing", "auth", "customer", "admin"];
const translatedLocales = ["bn"];

const root = fileURLToPath(new URL("..", import.meta.url));
const config = getConfig({ cwd: root, configPath: path.join(root, "lingui.config.ts") });
const problems = [];

for (const catalog of await getCatalogs(config)) {
  const area = path.basename(catalog.path);
  if (!checkedAreas.includes(area)) continue;
  const [inCode, inFiles] = await Promise.all([catalog.collect(), catalog.readAll()]);
  if (!inCode) {
    problems.push(`${area}: the messages of the code could not be extracted`);
    continue;
  }
  for (const locale of config.locales) {
    const file = path.relative(root, catalog.getFilename(locale));
    const entries = inFiles[locale] ?? {};
    for (const [id, message] of Object.entries(inCode)) {
      const entry = entries[id];
      const where = message.origin?.[0]?.[0] ?? "?";
      if (!entry) problems.push(`${file}: missing "${message.message ?? id}" (from ${where}): run npx lingui extract`);
      else if (translatedLocales.includes(locale) && !entry.translation?.trim())
        problems.push(`${file}: no translation of "${message.message ?? id}" (from ${where})`);
    }
    for (const [id, entry] of Object.entries(entries)) {
      if (!(id in inCode) && !entry.obsolete)
        problems.push(`${file}: "${entry.message ?? id}" is no longer in the code: run npx lingui extract --clean`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Translation catalogs out of date (areas checked: ${checkedAreas.join(", ")}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`Translation catalogs up to date (areas checked: ${checkedAreas.join(", ")}).`);
