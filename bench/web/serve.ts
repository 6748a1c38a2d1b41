// Serves a built web app with the real server (same helmet, CSP and static settings as `npm start`)
// on an in-memory database, for bench/web/run.mjs. Usage: node --import tsx bench/web/serve.ts <webDir> <port>
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";

const [webDir, portText] = process.argv.slice(2);
if (!webDir || !portText) {
  console.error("usage: serve.ts <webDir> <port>");
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "nexapay-bench-"));
const config = loadConfig({ ...process.env, PORT: portText, DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "test" });
const database = await openDatabase({ kind: "pglite", dataDir: null });
const { app } = await buildApp({ config, database, webDir: path.resolve(webDir), logger: { level: "warn" } });

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());

await app.listen({ port: config.port, host: "127.0.0.1" });
console.log(`bench server ready on http://127.0.0.1:${config.port}`);
