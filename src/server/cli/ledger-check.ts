// `npm run ledger:check`: exits 0 when every ledger invariant (docs/operations.md, Checking the ledger) holds, 1 otherwise,
// printing each breach. Uses DATABASE_URL, or the embedded database in DATA_DIR (server stopped).
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { EmbeddedDatabaseBusyError } from "../db/embedded-lock.ts";
import { findLedgerBreaches } from "../wallet/ledger-check.ts";

let database: Database;
try {
  const config = loadConfig();
  database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  );
} catch (error) {
  // A bad setting, or the embedded database open in the server (decision 046): one line, no stack.
  if (!(error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
}
try {
  const breaches = await findLedgerBreaches(database.db);
  if (breaches.length === 0) {
    console.log(
      "ledger:check: every balance equals its ledger, every completed transaction is posted exactly once, every held amount equals its pending withdrawals.",
    );
  } else {
    for (const breach of breaches) console.error(`BREACH ${breach.rule}: ${JSON.stringify(breach.detail)}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
