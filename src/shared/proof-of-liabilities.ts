// The proof of liabilities' construction (docs/proof-of-reserves.md states it byte for byte), the
// one definition the server that builds the tree, the browser that checks a customer's proof and
// `npm run por:verify` all use. Hashing is passed in: the server hashes with node:crypto, the
// browser with Web Crypto (which only hashes asynchronously), so every function here takes a
// `Sha256` that may answer a promise.
//
//   leaf   = SHA-256(UTF-8("nexapay-por-v1|" + snapshotId + "|" + nonceHex + "|" + balancePoisha))
//            sum = the balance
//   parent = SHA-256(leftHash ‖ rightHash ‖ u64be(leftSum) ‖ u64be(rightSum))   (raw 32-byte hashes)
//            sum = leftSum + rightSum
//   Leaves are sorted by leaf hash. A level with an odd count of nodes pairs its last node with
//   the empty node (32 zero bytes, sum 0). The level with one node is the root; with no customer at
//   all, the root is the empty node.

export type Sha256 = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;

/** A node of the tree on the wire: its hash in lower-case hex, its sum in poisha as a decimal string. */
export type ProofNode = { hash: string; sum: string };

/** A sibling on a customer's path, from the leaf up; `side` is the sibling's side. */
export type PathStep = ProofNode & { side: "left" | "right" };

export type LiabilityProof = {
  snapshotId: string;
  root: ProofNode;
  leaf: { nonce: string; balance: string; hash: string };
  path: PathStep[];
};

export const leafPrefix = "nexapay-por-v1|";
export const hashBytes = 32;
/** A sum is written as 8 bytes: no balance, and no total, may reach 2^64 poisha. */
export const maxSum = (1n << 64n) - 1n;
export const emptyNode: ProofNode = { hash: "0".repeat(hashBytes * 2), sum: "0" };

const hexPattern = /^[0-9a-f]*$/;
const decimalPattern = /^(0|[1-9][0-9]*)$/;

export function toHex(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += byte.toString(16).padStart(2, "0");
  return text;
}

/** Lower-case hex of exactly `length` bytes; anything else is refused (a proof's bytes are never guessed). */
export function fromHex(text: string, length: number): Uint8Array {
  if (text.length !== length * 2 || !hexPattern.test(text)) throw new RangeError(`expected ${length} bytes of lower-case hex`);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** A sum or balance on the wire: a decimal string without sign, leading zeros or decimals, below 2^64. */
export function parseSum(text: string): bigint {
  if (!decimalPattern.test(text)) throw new RangeError("expected a whole number of poisha");
  const value = BigInt(text);
  if (value > maxSum) throw new RangeError("a sum must be below 2^64 poisha");
  return value;
}

/** The text a leaf's hash is taken of, before UTF-8 (all of it is ASCII). */
export function leafText(snapshotId: string, nonceHex: string, balancePoisha: bigint): string {
  if (balancePoisha < 0n) throw new RangeError("a balance is never negative");
  return `${leafPrefix}${snapshotId}|${nonceHex}|${balancePoisha.toString()}`;
}

/** The bytes a leaf's hash is taken of. */
export function leafPreimage(snapshotId: string, nonceHex: string, balancePoisha: bigint): Uint8Array {
  return new TextEncoder().encode(leafText(snapshotId, nonceHex, balancePoisha));
}

/** The length of a parent's preimage: two hashes and two 8-byte sums. */
export const parentPreimageBytes = hashBytes * 2 + 16;

/**
 * The 80 bytes a parent's hash is taken of: both hashes, then both sums as unsigned 64-bit
 * big-endian. `into` lets a caller hashing a million parents reuse one buffer.
 */
export function parentPreimage(
  leftHash: Uint8Array,
  rightHash: Uint8Array,
  leftSum: bigint,
  rightSum: bigint,
  into: Uint8Array = new Uint8Array(parentPreimageBytes),
): Uint8Array {
  if (leftSum < 0n || rightSum < 0n || leftSum > maxSum || rightSum > maxSum) throw new RangeError("a sum must fit 64 bits");
  const bytes = into;
  bytes.set(leftHash, 0);
  bytes.set(rightHash, hashBytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  view.setBigUint64(hashBytes * 2, leftSum);
  view.setBigUint64(hashBytes * 2 + 8, rightSum);
  return bytes;
}

export async function leafHash(sha256: Sha256, snapshotId: string, nonceHex: string, balancePoisha: bigint): Promise<string> {
  return toHex(await sha256(leafPreimage(snapshotId, nonceHex, balancePoisha)));
}

export async function parentOf(sha256: Sha256, left: ProofNode, right: ProofNode): Promise<ProofNode> {
  const leftSum = parseSum(left.sum);
  const rightSum = parseSum(right.sum);
  const sum = leftSum + rightSum;
  if (sum > maxSum) throw new RangeError("a sum must be below 2^64 poisha");
  const hash = await sha256(parentPreimage(fromHex(left.hash, hashBytes), fromHex(right.hash, hashBytes), leftSum, rightSum));
  return { hash: toHex(hash), sum: sum.toString() };
}

export type ProofCheck =
  { ok: true; computedRoot: ProofNode } | { ok: false; computedRoot: ProofNode | null; reason: "leaf" | "root" | "malformed" };

/**
 * Recomputes the root from a customer's leaf (its nonce and balance) and path, and compares it with
 * the root published for the snapshot. `publishedRoot` should come from the public answer
 * (GET /api/proof-of-reserves), not from the proof itself: a proof that carries its own root proves
 * nothing about what was published.
 */
export async function checkProof(sha256: Sha256, proof: LiabilityProof, publishedRoot: ProofNode): Promise<ProofCheck> {
  try {
    fromHex(proof.leaf.nonce, hashBytes);
    const balance = parseSum(proof.leaf.balance);
    const hash = await leafHash(sha256, proof.snapshotId, proof.leaf.nonce, balance);
    if (hash !== proof.leaf.hash) return { ok: false, computedRoot: null, reason: "leaf" };
    let node: ProofNode = { hash, sum: balance.toString() };
    for (const step of proof.path) {
      if (step.side !== "left" && step.side !== "right") return { ok: false, computedRoot: null, reason: "malformed" };
      const sibling = { hash: step.hash, sum: step.sum };
      node = step.side === "left" ? await parentOf(sha256, sibling, node) : await parentOf(sha256, node, sibling);
    }
    const matches = node.hash === publishedRoot.hash && node.sum === publishedRoot.sum;
    return matches ? { ok: true, computedRoot: node } : { ok: false, computedRoot: node, reason: "root" };
  } catch {
    return { ok: false, computedRoot: null, reason: "malformed" };
  }
}
