// `npm run build:server`: compiles the server and its command-line tools to plain JavaScript in
// dist/server (decision 016), so that production runs `node dist/server/main.js` with no TypeScript
// loader. Each entry is bundled with esbuild into one file (our code only; packages stay imports of
// node_modules), and the files the code reads next to itself are copied beside the bundles.
//
// `node scripts/build-server.mjs --if-stale` builds only when dist/server is missing or older than a
// source (npm start and the admin:create, ledger:check and seed:demo scripts do this). Where esbuild
// is not installed (`npm install --omit=dev`), it runs the existing build and says so, or stops when
// there is none.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = path.join(root, "dist/server");

/** The entries, each bundled to dist/server/<name>.js. All in one folder, so `./migrations` means the same to each. */
const entries = {
  main: "src/server/main.ts",
  "admin-create": "src/server/cli/admin-create.ts",
  "db-move": "src/server/cli/db-move.ts",
  "ledger-check": "src/server/cli/ledger-check.ts",
  "seed-demo": "src/server/cli/seed-demo.ts",
  "storage-copy": "src/server/cli/storage-copy.ts",
};

/**
 * Files the code opens with `new URL("./…", import.meta.url)`. Next to the bundle, that URL names
 * dist/server/<the name>; the build fails when a bundle asks for a file missing from this list.
 */
const besideTheCode = {
  migrations: "src/server/db/migrations",
  functions: "src/server/db/functions",
  "common-passwords.txt": "src/server/auth/common-passwords.txt",
};

/** A change under these means the build is out of date. */
const sources = ["src/server", "src/shared", "package.json", "scripts/build-server.mjs"];

/** The newest modification time of a file, or of any file under a folder, in milliseconds. */
export function newestMtimeMs(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestMtimeMs(path.join(file, entry)));
  return newest;
}

/** "missing", "stale" (a source changed since the build) or "current". */
export function serverBuildState() {
  const built = Object.keys(entries).map((name) => path.join(outDir, `${name}.js`));
  if (!built.every((file) => existsSync(file))) return "missing";
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  const changedAt = Math.max(...sources.map((source) => newestMtimeMs(path.join(root, source))));
  return builtAt < changedAt ? "stale" : "current";
}

async function build() {
  const esbuild = await import("esbuild");
  // Built aside, then swapped in: a removed migration does not linger, and a failed build leaves the old one.
  const tempDir = path.join(root, `dist/.server-build-${process.pid}`);
  rmSync(tempDir, { recursive: true, force: true });
  try {
    await esbuild.build({
      entryPoints: entries,
      outdir: tempDir,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      sourcemap: "linked",
      sourcesContent: false,
      logLevel: "warning",
    });
    for (const [name, source] of Object.entries(besideTheCode))
      cpSync(path.join(root, source), path.join(tempDir, name), { recursive: true });
    for (const name of Object.keys(entries)) {
      const code = readFileSync(path.join(tempDir, `${name}.js`), "utf8");
      for (const [, wanted] of code.matchAll(/new URL\("\.\/([^"]+)", import\.meta\.url\)/g)) {
        if (!existsSync(path.join(tempDir, wanted)))
          throw new Error(`dist/server/${name}.js reads ./${wanted} next to itself: add it to besideTheCode in scripts/build-server.mjs`);
      }
    }
    // Swapped by two renames, so that a command starting meanwhile finds a whole build. When two
    // builds run at once (two `npm run ledger:check` in parallel), either may stay: both are whole.
    const oldDir = `${tempDir}-old`;
    mkdirSync(path.dirname(outDir), { recursive: true });
    renameIfThere(outDir, oldDir);
    renameIfThere(tempDir, outDir);
    rmSync(oldDir, { recursive: true, force: true });
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

function renameIfThere(from, to) {
  try {
    renameSync(from, to);
  } catch (error) {
    if (!["ENOENT", "ENOTEMPTY", "EEXIST"].includes(error?.code)) throw error;
  }
}

async function esbuildInstalled() {
  try {
    await import("esbuild");
    return true;
  } catch (error) {
    if (error?.code === "ERR_MODULE_NOT_FOUND") return false;
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const state = process.argv.includes("--if-stale") ? serverBuildState() : "forced";
  if (state === "current") process.exit(0);
  if (!(await esbuildInstalled())) {
    // A production install (`npm install --omit=dev`) runs the build made before deploying.
    if (state === "stale") {
      console.warn("dist/server is older than the server's sources, and esbuild is not installed: running the existing build.");
      console.warn("Build with the development dependencies (`npm run build`) before deploying (docs/operations.md).");
      process.exit(0);
    }
    console.error("dist/server is missing and esbuild is not installed (`npm install --omit=dev`).");
    console.error("Build with the development dependencies (`npm run build`) before deploying (docs/operations.md).");
    process.exit(1);
  }
  if (state !== "forced") console.log(state === "stale" ? "Rebuilding the server (its sources changed)…" : "Building the server…");
  await build();
}
