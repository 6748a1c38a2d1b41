// `npm run db:move -- --to postgres://user:password@host/database` (decision 043, docs/operations.md):
// copies the embedded database in $DATA_DIR/db into an empty PostgreSQL database, with the server
// stopped. Exits 0 when every table's rows arrived and the target's ledger is clean, 1 otherwise
// (a target that is not empty, a running server, a failed copy), 2 on wrong arguments.
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { moveToPostgres } from "../db/move/move.ts";
import { formatMoveReport } from "../db/move/report.ts";
import { findLedgerBreaches } from "../wallet/ledger-check.ts";

const usage = "usage: npm run db:move -- --to postgres://user:password@host:5432/database  (DATA_DIR as for the server)";
const targetSchema = z.url({ protocol: /^postgres(ql)?$/, error: "--to must be a postgres:// URL" });

async function main(): Promise<number> {
  let values: { to?: string };
  try {
    ({ values } = parseArgs({ options: { to: { type: "string" } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const to = targetSchema.safeParse(values.to);
  if (!to.success) {
    console.error(`${values.to === undefined ? "--to is required" : to.error.issues[0]?.message}\n${usage}`);
    return 2;
  }
  // The same default as the server's (config.ts): read here, not through loadConfig, which would ask for settings a move does not need.
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  try {
    const report = await moveToPostgres({ dataDir, targetUrl: to.data, findLedgerBreaches });
    console.log(formatMoveReport(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    console.error(`db:move: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = await main();
