// Reading what a snapshot published (decision 053): the public summary, and one customer's proof —
// their leaf and, level by level, the sibling of their branch (the empty node past a level's end).
import { sql } from "drizzle-orm";
import type { ProofOfLiabilitiesDto, ProofOfReservesDto } from "#shared/solvency-schemas.ts";
import { emptyNode } from "#shared/proof-of-liabilities.ts";
import { formatBdt, formatUsdt } from "#shared/money.ts";
import { queryRows, type Db } from "../db/db-handle.ts";
import { coveragePercent, usdtReserveInPoisha } from "../solvency/coverage.ts";
import { levelCounts } from "./merkle-sum-tree.ts";

type SnapshotRow = {
  id: string;
  taken_at: Date | string;
  root_hash: string;
  root_sum: string;
  leaf_count: number;
  usdt_micro: string;
  usdt_addresses: string[] | string;
  floats_minor: string;
  rate: string;
};

async function latestSnapshot(db: Db): Promise<SnapshotRow | null> {
  const [row] = await queryRows<SnapshotRow>(
    db,
    sql`select id, taken_at, root_hash, root_sum::text, leaf_count, usdt_micro::text, usdt_addresses, floats_minor::text, rate
        from por_snapshots order by taken_at desc, id limit 1`,
  );
  return row ?? null;
}

function publicSummaryOf(row: SnapshotRow): ProofOfReservesDto {
  const usdtMicro = BigInt(row.usdt_micro);
  const floatsMinor = BigInt(row.floats_minor);
  const reservesMinor = usdtReserveInPoisha(usdtMicro, row.rate) + floatsMinor;
  const addresses = typeof row.usdt_addresses === "string" ? (JSON.parse(row.usdt_addresses) as string[]) : row.usdt_addresses;
  return {
    snapshotId: row.id,
    takenAt: new Date(row.taken_at).toISOString(),
    root: { hash: row.root_hash, sum: row.root_sum },
    leafCount: row.leaf_count,
    reserves: { usdtAmount: formatUsdt(usdtMicro), usdtAddresses: addresses, floatsBdt: formatBdt(floatsMinor), rate: row.rate },
    coverage: coveragePercent(reservesMinor, BigInt(row.root_sum)),
  };
}

/** The newest snapshot as everyone may see it; null before the first. */
export async function readPublishedProof(db: Db): Promise<ProofOfReservesDto | null> {
  const row = await latestSnapshot(db);
  return row && publicSummaryOf(row);
}

/** The newest snapshot as published once `id` was taken (the answer to the snapshot's POST). */
export async function readSnapshotSummary(db: Db, id: string): Promise<ProofOfReservesDto | null> {
  const [row] = await queryRows<SnapshotRow>(
    db,
    sql`select id, taken_at, root_hash, root_sum::text, leaf_count, usdt_micro::text, usdt_addresses, floats_minor::text, rate
        from por_snapshots where id = ${id}`,
  );
  return row ? publicSummaryOf(row) : null;
}

/**
 * The positions of a leaf's siblings, level by level: at level L the branch is at position p >> L
 * and its sibling at (p >> L) ^ 1, unless that is past the level's end (then the empty node).
 */
export function siblingPositions(position: number, leafCount: number): { level: number; position: number; exists: boolean }[] {
  const counts = levelCounts(leafCount);
  const siblings = [];
  for (let level = 0; level < counts.length - 1; level += 1) {
    const sibling = (position >> level) ^ 1;
    siblings.push({ level, position: sibling, exists: sibling < counts[level]! });
  }
  return siblings;
}

type PathRow = { level: number; position: number; hash: string; sum: string };

/** One customer's proof in the newest snapshot; null when they have no leaf in it (they joined later). */
export async function readCustomerProof(db: Db, userId: string): Promise<ProofOfLiabilitiesDto | null> {
  const snapshot = await latestSnapshot(db);
  if (!snapshot) return null;
  const [leaf] = await queryRows<{ position: number; nonce: string; balance: string; leaf_hash: string }>(
    db,
    sql`select position, nonce, balance_minor::text as balance, leaf_hash from por_leaves where snapshot_id = ${snapshot.id} and user_id = ${userId}`,
  );
  if (!leaf) return null;
  const siblings = siblingPositions(leaf.position, snapshot.leaf_count);
  const wanted = siblings.filter((s) => s.exists);
  const keys = wanted.map((s) => `(${s.level},${s.position})`).join(",");
  const rows =
    wanted.length === 0
      ? []
      : await queryRows<PathRow>(
          db,
          sql`select 0 as level, l.position, l.leaf_hash as hash, l.balance_minor::text as sum from por_leaves l
                where l.snapshot_id = ${snapshot.id} and (0, l.position) in (${sql.raw(keys)})
              union all
              select n.level, n.position, n.hash, n.sum::text from por_nodes n
                where n.snapshot_id = ${snapshot.id} and (n.level, n.position) in (${sql.raw(keys)})`,
        );
  const byKey = new Map(rows.map((row) => [`${row.level}:${row.position}`, row]));
  const path = siblings.map((s) => {
    const row = s.exists ? byKey.get(`${s.level}:${s.position}`) : undefined;
    if (s.exists && !row) throw new Error(`snapshot ${snapshot.id} lacks node ${s.level}:${s.position}`);
    const side = s.position < leaf.position >> s.level ? ("left" as const) : ("right" as const);
    return { hash: row?.hash ?? emptyNode.hash, sum: row?.sum ?? emptyNode.sum, side };
  });
  return {
    snapshotId: snapshot.id,
    root: { hash: snapshot.root_hash, sum: snapshot.root_sum },
    leaf: { nonce: leaf.nonce, balance: leaf.balance, hash: leaf.leaf_hash },
    path,
  };
}
