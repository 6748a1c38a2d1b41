// The public site's speed budget (see README.md): builds the web app, serves it with the real
// server, prints the gzipped JavaScript that `/` loads, and Lighthouse's performance and
// accessibility scores for `/` and `/login` (default mobile emulation, Debian's Chromium), each in
// English and in Bangla (a browser whose language is bn-BD: the app follows navigator.languages).
//
// Usage: node --import tsx bench/web/run.ts [--runs N] [--no-build] [--out DIR] [--no-lighthouse] [--languages en,bn]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Response } from "@playwright/test";
// chrome-launcher comes with lighthouse (its own dependency), and starts Chromium the way Lighthouse expects.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = fileURLToPath(new URL("../..", import.meta.url));
const chromePath = "/usr/bin/chromium";
const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const budgets = { jsGzipKbMax: 150, performanceMin: 90, accessibilityMin: 95 };
const lighthousePaths = ["/", "/login"];
// The browser's language decides the app's on a first visit (src/web/lib/i18n.ts, preferredLocale).
const languages = [
  { name: "English", browserLocale: "en-US", htmlLang: "en" },
  { name: "Bangla", browserLocale: "bn-BD", htmlLang: "bn" },
] as const;
type Language = (typeof languages)[number];

const args = process.argv.slice(2);
// --languages en measures English only: a build from before the Bangla catalogs, for comparison.
const measuredLanguages = languages.filter((language) =>
  (argValue("--languages")?.split(",") ?? [language.htmlLang]).includes(language.htmlLang),
);
const runs = Number(argValue("--runs") ?? 3);
const build = !args.includes("--no-build");
const withLighthouse = !args.includes("--no-lighthouse");
const webDir = argValue("--out") ?? mkdtempSync(path.join(tmpdir(), "nexapay-web-"));

function argValue(name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForHealth(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server at ${baseUrl} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every script `/` loads (entry, modulepreloads, the route's lazy chunks), gzipped at level 9 as Vite reports. */
type ScriptFile = { file: string; rawBytes: number; gzipBytes: number; wireBytes: number };

async function measureJs(baseUrl: string, language: Language): Promise<ScriptFile[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.filter((f) => f !== "--headless") });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: language.browserLocale });
    const page = await context.newPage();
    const scripts: Response[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const shown = await page.evaluate(() => document.documentElement.lang);
    if (shown !== language.htmlLang) throw new Error(`/ showed <html lang="${shown}"> in a ${language.browserLocale} browser`);
    const files: ScriptFile[] = [];
    for (const response of scripts) {
      const body = await response.body();
      files.push({
        file: new URL(response.url()).pathname,
        rawBytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        // What actually crossed the network (the body as sent: compressed when the server compresses).
        wireBytes: (await response.request().sizes()).responseBodySize,
      });
    }
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return files;
  } finally {
    await browser.close();
  }
}

type Scores = {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedA11y: string[];
};

/**
 * `scriptsOfLanguage`: scripts that only this language loads (its catalogs); the run fails unless
 * Lighthouse's page loaded them, which proves the page was shown in that language.
 */
async function lighthouseScores(url: string, language: Language, scriptsOfLanguage: string[]): Promise<Scores> {
  // --lang and --accept-lang set navigator.languages and Accept-Language of the emulated phone.
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...chromeFlags, `--lang=${language.browserLocale}`, `--accept-lang=${language.browserLocale}`],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // A run Lighthouse itself could not complete (NO_FCP and the like) has no scores to count.
    if (result.lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${result.lhr.runtimeError.code}`);
    const { categories, audits } = result.lhr;
    const requested = ((audits["network-requests"]?.details as { items?: { url?: string }[] } | undefined)?.items ?? []).map(
      (item) => new URL(item.url ?? "", url).pathname,
    );
    const notLoaded = scriptsOfLanguage.filter((file) => !requested.includes(file));
    if (notLoaded.length > 0) throw new Error(`${url} was not shown in ${language.name} (${notLoaded.join(", ")} not loaded)`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? 0),
      lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
      cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
      failedA11y: Object.values(audits)
        .filter((a) => a.score === 0 && categories.accessibility?.auditRefs.some((ref) => ref.id === a.id))
        .map((a) => a.id),
    };
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

function lighthouseVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")) as { version: string };
  return manifest.version;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

if (build) {
  console.log(`Building the web app into ${webDir} …`);
  const result = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn", "--outDir", webDir, "--emptyOutDir"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["--import", "tsx", "bench/web/serve.ts", webDir, String(port)], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
});
let failed = false;
try {
  await waitForHealth(baseUrl);

  const scriptsByLanguage = new Map<Language, string[]>();
  for (const language of measuredLanguages) {
    const files = await measureJs(baseUrl, language);
    scriptsByLanguage.set(
      language,
      files.map((f) => f.file),
    );
    const total = (key: "gzipBytes" | "rawBytes" | "wireBytes") => files.reduce((sum, f) => sum + f[key], 0);
    const totalGzip = total("gzipBytes");
    console.log(
      `\nJavaScript loaded by / in ${language.name} (${files.length} files; gz = gzip -9 of each file, wire = bytes the server sent):`,
    );
    const row = (gzip: number, raw: number, wire: number, label: string) =>
      console.log(`  ${kb(gzip).padStart(7)} KB gz  ${kb(raw).padStart(7)} KB raw  ${kb(wire).padStart(7)} KB wire  ${label}`);
    for (const f of files) row(f.gzipBytes, f.rawBytes, f.wireBytes, f.file);
    row(totalGzip, total("rawBytes"), total("wireBytes"), `total (budget ${budgets.jsGzipKbMax} KB gz)`);
    if (totalGzip / 1024 > budgets.jsGzipKbMax) failed = true;
  }
  // What only one language loads (its catalogs): the proof that Lighthouse saw that language.
  const ownScripts = (language: Language) => {
    const others = measuredLanguages.filter((other) => other !== language).flatMap((other) => scriptsByLanguage.get(other) ?? []);
    return (scriptsByLanguage.get(language) ?? []).filter((file) => !others.includes(file));
  };

  // Lighthouse times the page's JavaScript on this machine: a busy machine lowers the scores.
  const [load1] = loadavg();
  if (withLighthouse)
    console.log(
      `\nLighthouse ${lighthouseVersion()}, mobile emulation, median of ${runs} run(s); load average ${load1?.toFixed(1)} on ${availableParallelism()} CPUs:`,
    );
  const pages = withLighthouse ? measuredLanguages.flatMap((language) => lighthousePaths.map((pathname) => ({ language, pathname }))) : [];
  for (const { language, pathname } of pages) {
    const samples: Scores[] = [];
    // The common catalog loads on every page; the areas' catalogs differ from page to page.
    const proof = ownScripts(language).filter((file) => /\/common-/.test(file));
    for (let attempt = 0; samples.length < runs && attempt < runs + 2; attempt += 1) {
      try {
        samples.push(await lighthouseScores(`${baseUrl}${pathname}`, language, proof));
      } catch (error) {
        console.log(`  (${error instanceof Error ? error.message : String(error)}; running it again)`);
      }
    }
    if (samples.length === 0) throw new Error(`no Lighthouse run of ${pathname} completed`);
    const performance = median(samples.map((s) => s.performance));
    const accessibility = median(samples.map((s) => s.accessibility));
    const detail = samples
      .map((s) => `${s.performance}/${s.accessibility} (FCP ${s.fcpMs} ms, LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms, CLS ${s.cls})`)
      .join("; ");
    console.log(
      `  ${pathname.padEnd(7)} ${language.name.padEnd(8)} performance ${performance}  accessibility ${accessibility}   runs: ${detail}`,
    );
    const failedA11y = [...new Set(samples.flatMap((s) => s.failedA11y))];
    if (failedA11y.length > 0) console.log(`          failing accessibility audits: ${failedA11y.join(", ")}`);
    if (performance < budgets.performanceMin || accessibility < budgets.accessibilityMin) failed = true;
  }
  console.log(failed ? "\nOver budget." : "\nWithin budget.");
} finally {
  server.kill("SIGTERM");
  if (!argValue("--out")) rmSync(webDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
