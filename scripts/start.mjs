// `npm start`: builds what is missing or out of date (the web app with Vite, the server with
// scripts/build-server.mjs), then serves API and web on one port (http://localhost:3000 by default),
// on the embedded database or DATABASE_URL. The server runs as compiled JavaScript
// (dist/server/main.js) inside this same process: no TypeScript loader, no second Node process.
// Plain JavaScript so that it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newestMtimeMs, serverBuildState } from "./build-server.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const webIndex = path.join(root, "dist/web/index.html");
const vite = path.join(root, "node_modules/vite/bin/vite.js");

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The web app is built when missing, and again when a source of it changed since (after a `git
// pull`, the old build would otherwise be served with the new server). A production install has no
// Vite (a development dependency): it serves the web app built before deploying (docs/operations.md).
const webState = !existsSync(webIndex)
  ? "missing"
  : statSync(webIndex).mtimeMs < Math.max(...["src/web", "src/shared"].map((dir) => newestMtimeMs(path.join(root, dir))))
    ? "stale"
    : "current";
if (webState !== "current" && existsSync(vite)) {
  console.log(webState === "stale" ? "Rebuilding the web app (its sources changed)…" : "Building the web app (first start only)…");
  run([vite, "build", "--logLevel", "warn"]);
} else if (webState === "stale") {
  console.warn("dist/web is older than the web app's sources, and Vite is not installed: serving the existing build.");
  console.warn("Build with the development dependencies (`npm run build`) before deploying (docs/operations.md).");
} else if (webState === "missing") {
  console.error("dist/web is missing and Vite is not installed (`npm install --omit=dev`).");
  console.error("Build with the development dependencies (`npm run build`) before deploying (docs/operations.md).");
  process.exit(1);
}

// In a child process, so that esbuild and its service are gone before the server starts.
if (serverBuildState() !== "current") run([path.join(root, "scripts/build-server.mjs"), "--if-stale"]);

// Stack traces name lines of dist/server/main.js (readable: not minified, each file's code under a
// `// src/server/…` comment). NODE_OPTIONS=--enable-source-maps names the TypeScript files instead,
// for some 5 MB more.
await import("../dist/server/main.js");
