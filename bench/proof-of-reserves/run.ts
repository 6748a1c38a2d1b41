// bench/proof-of-reserves: how long a proof-of-liabilities snapshot of N balances takes, and how much
// memory the process holds while taking it (decision 053; target: 1,000,000 balances in under 30 s
// and under 500 MB). See README.md beside this file.
//
//   node --expose-gc --import tsx bench/proof-of-reserves/run.ts                      # 1,000,000 on PostgreSQL
//   node --expose-gc --import tsx bench/proof-of-reserves/run.ts --customers 100000   # a quick look
//   node --expose-gc --import tsx bench/proof-of-reserves/run.ts --database pglite --customers 100000
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../src/server/db/client.ts";
import { queryRows } from "../../src/server/db/db-handle.ts";
import { readCustomerProof } from "../../src/server/proof-of-reserves/proof-queries.ts";
import { takeProofSnapshot } from "../../src/server/proof-of-reserves/take-snapshot.ts";
import { checkProof } from "../../src/shared/proof-of-liabilities.ts";
import { createHash } from "node:crypto";
import { startThrowawayCluster, type ThrowawayCluster } from "../../tests/support/postgres-cluster.ts";

const { values: args } = parseArgs({
  options: {
    customers: { type: "string", default: "1000000" },
    database: { type: "string", default: "postgres" },
  },
});
const customers = Number(args.customers);
const targetSeconds = 30;
const targetMegabytes = 500;
const seedChunk = 50_000;

async function open(): Promise<{ database: Database; cluster: ThrowawayCluster | null }> {
  if (args.database === "pglite") return { database: await openDatabase({ kind: "pglite", dataDir: null }), cluster: null };
  // Durability on, as in production: the snapshot's one commit pays for its WAL like any other.
  const cluster = await startThrowawayCluster({ fsync: "on", synchronous_commit: "on", full_page_writes: "on", shared_buffers: "256MB" });
  return { database: await openDatabase({ kind: "postgres", url: cluster.url }), cluster };
}

/** N customers with balances, written straight into the tables (the snapshot reads only profiles). */
async function seed(database: Database): Promise<bigint> {
  let total = 0n;
  for (let from = 0; from < customers; from += seedChunk) {
    const count = Math.min(seedChunk, customers - from);
    const ids = Array.from({ length: count }, () => randomUUID());
    const balances = ids.map((_, i) => BigInt(((from + i) * 7919) % 50_000_000));
    total += balances.reduce((a, b) => a + b, 0n);
    await database.db.transaction(async (tx) => {
      // Triggers off while seeding (the profiles' search text, foreign-key checks): the bench
      // measures the snapshot, and seeding a million rows with them took six minutes.
      if (database.kind === "postgres") await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into "user" (id, name, email) select id, 'Bench', 'bench-' || id || '@example.com'
        from unnest(string_to_array(${ids.join(",")}, ',')::uuid[]) as id`);
      await tx.execute(sql`insert into profiles (id, username, country, balance_minor)
        select id, 'b_' || replace(id::text, '-', ''), 'BD', b from unnest(string_to_array(${ids.join(",")}, ',')::uuid[],
          string_to_array(${balances.join(",")}, ',')::bigint[]) as t(id, b)`);
    });
  }
  return total;
}

/** Samples the process's resident memory every 50 ms while `work` runs; answers the peak in MB. */
async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; baseMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const baseMb = process.memoryUsage().rss / 2 ** 20;
  let peak = baseMb;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss / 2 ** 20)), 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss / 2 ** 20);
    return { result, peakMb: peak, baseMb };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  console.log(
    `bench/proof-of-reserves: ${customers} balances on ${args.database}, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  const { database, cluster } = await open();
  try {
    const seededAt = Date.now();
    const total = await seed(database);
    console.log(`seeded ${customers} customers in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
    const settings = { reserveAddresses: ["TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf"], rateBdtPerUsdt: "125" };
    const startedAt = process.hrtime.bigint();
    const { result, peakMb, baseMb } = await peakRssDuring(() =>
      takeProofSnapshot(database.db, settings, { takenBy: null, ip: null, day: null }),
    );
    const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
    const snapshot = result!;
    const sumOk = snapshot.rootSum === total && snapshot.leafCount === customers;
    const sample = await queryRows<{ id: string }>(
      database.db,
      sql`select user_id::text as id from por_leaves where snapshot_id = ${snapshot.id} order by position limit 3`,
    );
    const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();
    const root = { hash: snapshot.rootHash, sum: snapshot.rootSum.toString() };
    const proofsOk = (
      await Promise.all(sample.map(async ({ id }) => (await checkProof(sha256, (await readCustomerProof(database.db, id))!, root)).ok))
    ).every(Boolean);
    const timePass = seconds < targetSeconds;
    const memoryPass = peakMb < targetMegabytes;
    console.log(
      `snapshot of ${customers} balances   ${seconds.toFixed(1)} s   (target < ${targetSeconds} s)   ${timePass ? "PASS" : "MISS"}`,
    );
    console.log(
      `process memory (RSS) at peak   ${peakMb.toFixed(0)} MB, ${baseMb.toFixed(0)} MB before   (target < ${targetMegabytes} MB)   ${memoryPass ? "PASS" : "MISS"}`,
    );
    console.log(
      `root sum = seeded balances, leaf count = customers: ${sumOk ? "yes" : "NO"}; sample proofs check: ${proofsOk ? "yes" : "NO"}`,
    );
    console.log(
      `load average at the end ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );
    if (!(timePass && memoryPass && sumOk && proofsOk)) process.exitCode = 1;
  } finally {
    await database.close();
    await cluster?.stop();
  }
}

await main();
