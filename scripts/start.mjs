// `npm start`: builds the web app if it has not been built yet, then serves API and web on one
// port (http://localhost:3000 by default) on the embedded database. Plain JavaScript so that it
// runs before anything is compiled.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const webIndex = fileURLToPath(new URL("../dist/web/index.html", import.meta.url));

if (!existsSync(webIndex)) {
  console.log("Building the web app (first start only)…");
  const build = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
