// Starts the server: configuration, database (migrated), HTTP, the chain watcher and the e-mail
// outbox's sender, and a clean stop on SIGTERM/SIGINT (app.close stops both before the database closes).
// In production it runs compiled, as dist/server/main.js (scripts/build-server.mjs, decision 016).
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { EmbeddedDatabaseBusyError } from "./db/embedded-lock.ts";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  );
  // Readable lines in development; JSON lines in production, and wherever pino-pretty (a development
  // dependency) is not installed.
  const logger =
    config.isProduction || !isInstalled("pino-pretty")
      ? { level: config.logLevel }
      : { level: config.logLevel, transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } } };
  const { app, chainWatcher, outboxSender, dailySnapshots } = await buildApp({ config, database, logger });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing open requests, then stopping`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  // In the background: a slow or failing TRON API never delays the start or a request (decision 018).
  chainWatcher?.start();
  // Customer e-mail queued by decisions (decision 020), this run's and any a previous run left unsent.
  outboxSender.start();
  // The day's solvency figures and proof of liabilities, at 00:00 Asia/Dhaka and now if today's are missing.
  dailySnapshots.start();
  app.log.info(
    `Nexapay is ready at ${config.publicUrl} (database: ${database.kind === "pglite" ? `PGlite in ${config.dataDir}/db` : "PostgreSQL"})`,
  );
}

function isInstalled(packageName: string): boolean {
  try {
    import.meta.resolve(packageName);
    return true;
  } catch {
    return false;
  }
}

main().catch((error: unknown) => {
  // A second process on the embedded database (decision 046): the message names the one holding it.
  console.error(error instanceof EmbeddedDatabaseBusyError ? error.message : error);
  process.exit(1);
});
