// `npm start`: builds the web app if it has not been built yet (or its sources changed since), then
// serves API and web on one port (http://localhost:3000 by default) on the embedded database. Plain
// JavaScript so that it runs before anything is compiled.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const webIndex = fileURLToPath(new URL("../dist/web/index.html", import.meta.url));

/** The newest modification time under a folder (the web app's sources), in milliseconds. */
function newestMtimeMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtimeMs(full) : statSync(full).mtimeMs);
  }
  return newest;
}

// Built when missing, and again when a source of the web app changed since (after a `git pull`,
// the old build would otherwise be served with the new server).
const sourcesMtimeMs = Math.max(...["src/web", "src/shared"].map((dir) => newestMtimeMs(path.join(root, dir))));
if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < sourcesMtimeMs) {
  console.log(existsSync(webIndex) ? "Rebuilding the web app (its sources changed)…" : "Building the web app (first start only)…");
  const build = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
