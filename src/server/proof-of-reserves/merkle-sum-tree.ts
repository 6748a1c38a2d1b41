// The Merkle-sum tree of one snapshot, built in memory with node:crypto (docs/proof-of-reserves.md;
// the construction's one definition is src/shared/proof-of-liabilities.ts, whose preimages this
// uses). A million customers must fit in well under 500 MB, so a level is two flat arrays (every
// hash in one Buffer, every sum in one BigUint64Array) rather than a million objects.
import { hash } from "node:crypto";
import { hashBytes, leafText, maxSum, parentPreimageBytes } from "#shared/proof-of-liabilities.ts";

/** One level of the tree: node i's hash is hashes[32i, 32i + 32), its sum sums[i]. */
export type TreeLevel = { hashes: Buffer; sums: BigUint64Array; count: number };

// crypto.hash (one call, no Hash object) is twice as fast as createHash for small inputs, and a
// snapshot hashes two million of them.
function sha256(data: Uint8Array | string): Buffer {
  return hash("sha256", data, "buffer");
}

function hashAt(level: TreeLevel, index: number): Buffer {
  return level.hashes.subarray(index * hashBytes, (index + 1) * hashBytes);
}

const emptyHash = Buffer.alloc(hashBytes);

/** Every leaf's hash, in the order given (one per customer; nonce i is bytes [32i, 32i + 32) of `nonces`). */
export function leafHashes(snapshotId: string, nonces: Buffer, balances: BigUint64Array, count: number): Buffer {
  const hashes = Buffer.allocUnsafe(count * hashBytes);
  for (let i = 0; i < count; i += 1) {
    const nonceHex = nonces.toString("hex", i * hashBytes, (i + 1) * hashBytes);
    sha256(leafText(snapshotId, nonceHex, balances[i]!)).copy(hashes, i * hashBytes);
  }
  return hashes;
}

/**
 * The order the leaves take in the tree: sorted by leaf hash, byte by byte (= lower-case hex order).
 * Compared by their first 6 bytes as a number first (hashes are random, so that nearly always
 * decides), then whole: no Buffer is made per comparison.
 */
export function orderByHash(hashes: Buffer, count: number): Uint32Array {
  const order = new Uint32Array(count);
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    order[i] = i;
    keys[i] = hashes.readUIntBE(i * hashBytes, 6);
  }
  return order.sort(
    (a, b) => keys[a]! - keys[b]! || hashes.compare(hashes, b * hashBytes, (b + 1) * hashBytes, a * hashBytes, (a + 1) * hashBytes),
  );
}

/**
 * The level above: pairs in order, the last of an odd count paired with the empty node. The parent's
 * preimage is parentPreimage's layout (src/shared/proof-of-liabilities.ts: left hash, right hash,
 * left sum, right sum as u64 big-endian), written straight into one reused buffer; the API tests
 * check every customer's path against that shared definition.
 */
export function parentLevel(level: TreeLevel): TreeLevel {
  const count = Math.ceil(level.count / 2);
  const hashes = Buffer.allocUnsafe(count * hashBytes);
  const sums = new BigUint64Array(count);
  const preimage = Buffer.alloc(parentPreimageBytes);
  for (let i = 0; i < count; i += 1) {
    const left = 2 * i;
    const right = left + 1;
    const hasRight = right < level.count;
    const leftSum = level.sums[left]!;
    const rightSum = hasRight ? level.sums[right]! : 0n;
    const sum = leftSum + rightSum;
    // The 8-byte sums of the construction cannot hold more: refuse rather than wrap around.
    if (sum > maxSum) throw new RangeError("the total of balances does not fit 64 bits");
    level.hashes.copy(preimage, 0, left * hashBytes, right * hashBytes);
    if (hasRight) level.hashes.copy(preimage, hashBytes, right * hashBytes, (right + 1) * hashBytes);
    else preimage.fill(0, hashBytes, 2 * hashBytes);
    preimage.writeBigUInt64BE(leftSum, 2 * hashBytes);
    preimage.writeBigUInt64BE(rightSum, 2 * hashBytes + 8);
    sha256(preimage).copy(hashes, i * hashBytes);
    sums[i] = sum;
  }
  return { hashes, sums, count };
}

/** Every level from the leaves (level 0) to the root (the last, of one node). No leaf: no level. */
export function buildLevels(leaves: TreeLevel): TreeLevel[] {
  if (leaves.count === 0) return [];
  const levels = [leaves];
  while (levels.at(-1)!.count > 1) levels.push(parentLevel(levels.at(-1)!));
  return levels;
}

/** The root as published: the top node, or the empty node when nobody is owed anything. */
export function rootOf(levels: TreeLevel[]): { hash: string; sum: bigint } {
  const top = levels.at(-1);
  if (!top) return { hash: emptyHash.toString("hex"), sum: 0n };
  return { hash: hashAt(top, 0).toString("hex"), sum: top.sums[0]! };
}

/**
 * How many nodes each level of a tree of `leafCount` leaves holds, from the leaves up: what a
 * customer's path is read against (a sibling past the end of its level is the empty node).
 */
export function levelCounts(leafCount: number): number[] {
  if (leafCount === 0) return [];
  const counts = [leafCount];
  while (counts.at(-1)! > 1) counts.push(Math.ceil(counts.at(-1)! / 2));
  return counts;
}
