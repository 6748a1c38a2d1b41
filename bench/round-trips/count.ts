// bench/round-trips: how many SQL statements each kind of request sends to PostgreSQL, counted from
// the server's own statement log (log_statement=all) on a throwaway cluster. Round trips, not the
// database's work, set our request rate (decision 017), so this is the number to watch.
//
//   node --import tsx bench/round-trips/count.ts
//
// It builds the app in-process on that cluster, signs up a customer through the API, and counts the
// statements logged during each request. The approve is counted on the money function alone (the
// back-office guard adds its one session statement): enrolling an admin's TOTP is bench/api's job.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { approveTransaction } from "../../src/server/wallet/approve-transaction.ts";
import { startThrowawayCluster } from "../../tests/support/postgres-cluster.ts";

const publicUrl = "http://localhost:3000";

async function main(): Promise<void> {
  const cluster = await startThrowawayCluster({ log_statement: "all" });
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database roundtrips");
    const dataDirectory = (await admin.query<{ data_directory: string }>("show data_directory")).rows[0]!.data_directory;
    const logFile = path.join(dataDirectory, "..", "postgres.log");
    await admin.end();
    const url = cluster.url.replace(/\/postgres(\?|$)/, "/roundtrips$1");
    const database = await openDatabase({ kind: "postgres", url });
    const config = loadConfig({
      DATABASE_URL: url,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
    });
    const { app } = await buildApp({ config, database, logger: false, webDir: null });

    const signUp = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: publicUrl },
      payload: { email: "count@example.com", password: "Correct-Horse-42", username: "counter", country: "BD" },
    });
    const cookie = signUp.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const userId = signUp.json<{ user: { id: string } }>().user.id;

    /** The statements PostgreSQL logged while `act` ran. */
    const statementsDuring = async (act: () => Promise<unknown>): Promise<string[]> => {
      const before = (await readFile(logFile, "utf8")).length;
      await act();
      await new Promise((resolve) => setTimeout(resolve, 300)); // the log is written asynchronously
      const logged = (await readFile(logFile, "utf8")).slice(before);
      return (
        logged
          .split("\n")
          .filter((line) => /LOG:\s+(statement|execute)/.test(line))
          // The change relay's statement is not the request's: it runs every second, and 20 ms after
          // a write request for the events of every request that ended meanwhile (decision 029).
          .filter((line) => !line.includes("nexapay_relay_change_events"))
          .map((line) => line.replace(/^.*?LOG:\s+/, "").slice(0, 140))
      );
    };
    const get = (url: string) => () => app.inject({ method: "GET", url, headers: { cookie } });
    const post = (url: string, payload: object) => () =>
      app.inject({ method: "POST", url, headers: { cookie, origin: publicUrl }, payload });

    const requests: [string, () => Promise<unknown>][] = [
      ["GET /api/me", get("/api/me")],
      ["GET /api/wallet", get("/api/wallet")],
      ["GET /api/transactions", get("/api/transactions")],
      ["POST /api/deposits", post("/api/deposits", { fromAddress: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7", usdtAmount: "20" })],
    ];
    for (const [name, act] of requests) {
      await act(); // the first run prepares the named statements; count the steady state
      const statements = await statementsDuring(act);
      console.log(`${name.padEnd(24)} ${statements.length} statement(s)`);
      for (const statement of statements) console.log(`    ${statement}`);
    }
    // Another account decides (no one decides on their own): a second sign-up stands in for the admin.
    const decider = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: publicUrl },
      payload: { email: "decider@example.com", password: "Correct-Horse-42", username: "decider", country: "BD" },
    });
    const adminId = decider.json<{ user: { id: string } }>().user.id;
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    const pending = await reader.query<{ id: string }>("select id from transactions where status = 'pending' order by created_at limit 2");
    await reader.end();
    const [first, second] = pending.rows.map((row) => row.id);
    await approveTransaction(database.db, { id: first!, adminId }); // prepares, as above
    const approve = await statementsDuring(() => approveTransaction(database.db, { id: second!, adminId }));
    console.log(`${"approve (money function)".padEnd(24)} ${approve.length} statement(s)`);
    for (const statement of approve) console.log(`    ${statement}`);
    console.log(`(customer ${userId}; a back-office request adds the guard's one session statement)`);
    await app.close();
    await database.close();
  } finally {
    await cluster.stop();
  }
}

await main();
