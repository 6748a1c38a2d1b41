// The server's fast tree builder against an independent reference: the vectors made by
// tests/fixtures/proof-of-liabilities/make-vectors.py (Python's hashlib, from the construction in
// docs/proof-of-reserves.md). Leaf order, root, and each path's sides and empty nodes must agree.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { buildLevels, leafHashes, orderByHash, rootOf } from "./merkle-sum-tree.ts";
import { siblingPositions } from "./proof-queries.ts";

type Vector = {
  name: string;
  snapshotId: string;
  root: { hash: string; sum: string };
  leafHashesSorted: string[];
  proofs: { leaf: { nonce: string; balance: string; hash: string }; path: { hash: string; side: string }[] }[];
};

const vectorsFile = new URL("../../../tests/fixtures/proof-of-liabilities/vectors.json", import.meta.url);
const { vectors } = JSON.parse(readFileSync(vectorsFile, "utf8")) as { vectors: Vector[] };

function sortedTree(v: Vector) {
  const count = v.proofs.length;
  const nonces = Buffer.from(v.proofs.map((p) => p.leaf.nonce).join(""), "hex");
  const balances = BigUint64Array.from(v.proofs.map((p) => BigInt(p.leaf.balance)));
  const hashes = leafHashes(v.snapshotId, nonces, balances, count);
  const order = orderByHash(hashes, count);
  const sorted = Buffer.alloc(count * 32);
  const sums = new BigUint64Array(count);
  order.forEach((i, position) => {
    hashes.copy(sorted, position * 32, i * 32, (i + 1) * 32);
    sums[position] = balances[i]!;
  });
  const sortedHex = Array.from(order, (_, position) => sorted.toString("hex", position * 32, (position + 1) * 32));
  return { levels: buildLevels({ hashes: sorted, sums, count }), sortedHex };
}

describe("the server's Merkle-sum tree", () => {
  test.each(vectors.map((v) => [v.name, v] as const))("%s: same leaf order, root, sides and empty nodes as the reference", (_, v) => {
    const { levels, sortedHex } = sortedTree(v);
    const root = rootOf(levels);
    expect({ hash: root.hash, sum: root.sum.toString() }).toEqual(v.root);
    expect(sortedHex).toEqual(v.leafHashesSorted);
    for (const proof of v.proofs) {
      const position = sortedHex.indexOf(proof.leaf.hash);
      const siblings = siblingPositions(position, sortedHex.length);
      expect(siblings.map((s) => (s.position < position >> s.level ? "left" : "right"))).toEqual(proof.path.map((s) => s.side));
      siblings.forEach((s, i) => {
        if (!s.exists) expect(proof.path[i]!.hash).toBe("0".repeat(64));
      });
    }
  });
});
