// Taking a proof-of-liabilities snapshot (docs/proof-of-reserves.md, decision 053): every balance at
// one instant, each with a fresh 32-byte nonce, as a Merkle-sum tree whose root is published.
//
// The balances, the reserves and the database snapshot id are read in ONE repeatable-read
// transaction, which also writes the tree: whatever approvals run meanwhile, the tree is the ledger
// at that instant (`balances_snapshot` names it, so anyone with the database can check). A
// million customers take a few seconds and well under 500 MB (bench/proof-of-reserves).
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { hashBytes } from "#shared/proof-of-liabilities.ts";
import { writeAudit } from "../audit/audit-log.ts";
import { queryRows, type Db } from "../db/db-handle.ts";
import { readReserves, type ReserveSettings } from "../solvency/reserves.ts";
import { buildLevels, leafHashes, orderByHash, rootOf, type TreeLevel } from "./merkle-sum-tree.ts";

/** Rows written per statement: a few MB of text, far below any limit, few enough round trips. */
const rowsPerStatement = 20_000;
/** Snapshots whose leaves and nodes are kept (their summary rows are kept for ever). */
export const snapshotsKeptWhole = 7;
/** The advisory lock that lets one snapshot be taken at a time, by any process. */
const snapshotLockKey = 0x4e58_5052; // "NXPR"

/** `takenBy` is the super admin who asked (audited with the snapshot), null for the daily one. */
export type SnapshotRequest = { takenBy: string | null; ip: string | null; day: string | null };
export type SnapshotSummary = { id: string; takenAt: Date; rootHash: string; rootSum: bigint; leafCount: number };

export class SnapshotBusyError extends Error {}

/**
 * Every balance, compact: user ids as 16 raw bytes each and balances in one typed array. A million
 * rows as JavaScript objects would take hundreds of MB; these take 24.
 */
type Balances = { userIds: Buffer; balances: BigUint64Array; count: number };

const uuidBytes = 16;
/** Rows read per statement, in id order (the primary key), all in the snapshot's one view. */
const rowsPerRead = 50_000;

function uuidAt(ids: Buffer, i: number): string {
  const hex = ids.toString("hex", i * uuidBytes, (i + 1) * uuidBytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function readBalances(tx: Db): Promise<Balances> {
  const [counted] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from profiles`);
  const count = counted!.n;
  const userIds = Buffer.alloc(count * uuidBytes);
  const balances = new BigUint64Array(count);
  let read = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  while (read < count) {
    const rows = await queryRows<{ id: string; balance: string }>(
      tx,
      sql`select id::text as id, balance_minor::text as balance from profiles where id > ${after}::uuid order by id limit ${rowsPerRead}`,
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      const balance = BigInt(row.balance);
      // The ledger forbids a negative balance (a check constraint); the tree's sums could not hold one.
      if (balance < 0n) throw new Error(`negative balance for ${row.id}: the ledger forbids it`);
      Buffer.from(row.id.replaceAll("-", ""), "hex").copy(userIds, read * uuidBytes);
      balances[read] = balance;
      read += 1;
    }
    after = rows.at(-1)!.id;
  }
  // The count and the pages are read in one repeatable-read view: they cannot disagree.
  if (read !== count) throw new Error(`read ${read} balances of ${count}`);
  return { userIds, balances, count };
}

/** Rows in chunks, each chunk one INSERT … SELECT FROM unnest of comma-joined columns (both drivers take text). */
async function insertInChunks(count: number, insertChunk: (from: number, to: number) => Promise<void>): Promise<void> {
  for (let from = 0; from < count; from += rowsPerStatement) await insertChunk(from, Math.min(count, from + rowsPerStatement));
}

async function writeLeaves(tx: Db, snapshotId: string, b: Balances, nonces: Buffer, hashes: Buffer, order: Uint32Array): Promise<void> {
  await insertInChunks(order.length, async (from, to) => {
    const users: string[] = [];
    const positions: number[] = [];
    const chunkNonces: string[] = [];
    const chunkBalances: string[] = [];
    const chunkHashes: string[] = [];
    for (let position = from; position < to; position += 1) {
      const i = order[position]!;
      users.push(uuidAt(b.userIds, i));
      positions.push(position);
      chunkNonces.push(nonces.toString("hex", i * hashBytes, (i + 1) * hashBytes));
      chunkBalances.push(b.balances[i]!.toString());
      chunkHashes.push(hashes.toString("hex", i * hashBytes, (i + 1) * hashBytes));
    }
    await tx.execute(sql`insert into por_leaves (snapshot_id, user_id, position, nonce, balance_minor, leaf_hash)
      select ${snapshotId}::uuid, u, p, n, b, h from unnest(
        string_to_array(${users.join(",")}, ',')::uuid[], string_to_array(${positions.join(",")}, ',')::int[],
        string_to_array(${chunkNonces.join(",")}, ','), string_to_array(${chunkBalances.join(",")}, ',')::bigint[],
        string_to_array(${chunkHashes.join(",")}, ',')) as t(u, p, n, b, h)`);
  });
}

async function writeNodes(tx: Db, snapshotId: string, levels: TreeLevel[]): Promise<void> {
  for (let level = 1; level < levels.length; level += 1) {
    const { hashes, sums, count } = levels[level]!;
    await insertInChunks(count, async (from, to) => {
      const positions: number[] = [];
      const chunkHashes: string[] = [];
      const chunkSums: string[] = [];
      for (let i = from; i < to; i += 1) {
        positions.push(i);
        chunkHashes.push(hashes.toString("hex", i * hashBytes, (i + 1) * hashBytes));
        chunkSums.push(sums[i]!.toString());
      }
      await tx.execute(sql`insert into por_nodes (snapshot_id, level, position, hash, sum)
        select ${snapshotId}::uuid, ${level}, p, h, s from unnest(
          string_to_array(${positions.join(",")}, ',')::int[], string_to_array(${chunkHashes.join(",")}, ','),
          string_to_array(${chunkSums.join(",")}, ',')::bigint[]) as t(p, h, s)`);
    });
  }
}

/** Drops the leaves and nodes of all but the newest snapshots; their published summaries stay. */
async function pruneOldTrees(tx: Db): Promise<void> {
  await tx.execute(
    sql`delete from por_leaves where snapshot_id in (select id from por_snapshots order by taken_at desc offset ${snapshotsKeptWhole})`,
  );
  await tx.execute(
    sql`delete from por_nodes where snapshot_id in (select id from por_snapshots order by taken_at desc offset ${snapshotsKeptWhole})`,
  );
}

/**
 * Takes a snapshot, or answers null when `day` is given and that day's snapshot exists already
 * (another process took it). Throws SnapshotBusyError while another snapshot is being taken.
 */
export async function takeProofSnapshot(db: Db, settings: ReserveSettings, request: SnapshotRequest): Promise<SnapshotSummary | null> {
  return db.transaction(
    async (tx) => {
      // The first statement fixes the transaction's view: balances, reserves and this id are one instant.
      const [instant] = await queryRows<{ snapshot: string; taken_at: Date | string; locked: boolean; done: boolean }>(
        tx,
        sql`select pg_current_snapshot()::text as snapshot, now() as taken_at, pg_try_advisory_xact_lock(${snapshotLockKey}) as locked,
              exists (select 1 from por_snapshots where day = ${request.day}::date) as done`,
      );
      if (!instant!.locked) throw new SnapshotBusyError("A proof snapshot is being taken right now. Try again in a minute.");
      if (request.day !== null && instant!.done) return null;
      const balances = await readBalances(tx);
      const reserves = await readReserves(tx, settings);
      const id = randomUUID();
      // A fresh 32-byte nonce for every customer in every snapshot.
      const nonces = randomBytes(balances.count * hashBytes);
      const hashes = leafHashes(id, nonces, balances.balances, balances.count);
      const order = orderByHash(hashes, balances.count);
      const sortedLevel = sortLevel(hashes, balances.balances, order);
      const levels = buildLevels(sortedLevel);
      const root = rootOf(levels);
      const takenAt = new Date(instant!.taken_at);
      await tx.execute(sql`insert into por_snapshots (id, taken_at, day, taken_by, root_hash, root_sum, leaf_count, usdt_micro,
          usdt_addresses, floats_minor, rate, balances_snapshot)
        values (${id}, ${takenAt.toISOString()}, ${request.day}::date, ${request.takenBy}, ${root.hash}, ${root.sum.toString()}::bigint,
          ${order.length}, ${reserves.usdtMicro.toString()}::bigint, ${JSON.stringify(reserves.usdtAddresses)}::jsonb,
          ${reserves.floatsMinor.toString()}::bigint, ${settings.rateBdtPerUsdt}, ${instant!.snapshot})`);
      await writeLeaves(tx, id, balances, nonces, hashes, order);
      await writeNodes(tx, id, levels);
      await pruneOldTrees(tx);
      if (request.takenBy !== null) {
        await writeAudit(tx, {
          actorId: request.takenBy,
          action: "proof_of_reserves.snapshot",
          targetType: "por_snapshot",
          targetId: id,
          details: { rootHash: root.hash, rootSum: root.sum.toString(), leafCount: order.length },
          ...(request.ip ? { ip: request.ip } : {}),
        });
      }
      return { id, takenAt, rootHash: root.hash, rootSum: root.sum, leafCount: order.length };
    },
    { isolationLevel: "repeatable read" },
  );
}

/** The leaves in tree order, as level 0. */
function sortLevel(hashes: Buffer, balances: BigUint64Array, order: Uint32Array): TreeLevel {
  const sortedHashes = Buffer.allocUnsafe(order.length * hashBytes);
  const sums = new BigUint64Array(order.length);
  order.forEach((i, position) => {
    hashes.copy(sortedHashes, position * hashBytes, i * hashBytes, (i + 1) * hashBytes);
    sums[position] = balances[i]!;
  });
  return { hashes: sortedHashes, sums, count: order.length };
}
