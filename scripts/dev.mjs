// `npm run dev`: the API on :3000 reloading on change (tsx watch), and Vite's dev server on :5173
// with hot reload, which forwards /api to the API. Open http://localhost:5173.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" };
const children = [
  spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "watch", "src/server/main.ts"], { cwd: root, stdio: "inherit", env }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { cwd: root, stdio: "inherit", env }),
];
const stopAll = () => children.forEach((child) => child.kill("SIGTERM"));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stopAll);
for (const child of children)
  child.on("exit", (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
