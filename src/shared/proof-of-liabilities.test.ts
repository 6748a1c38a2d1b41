// The construction checked against an independent reference: tests/fixtures/proof-of-liabilities/
// vectors.json, made by a Python script written from docs/proof-of-reserves.md alone. A proof
// from the vectors must pass; the same proof with any one thing changed must not.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  checkProof,
  emptyNode,
  fromHex,
  leafPreimage,
  parentPreimage,
  toHex,
  type LiabilityProof,
  type ProofNode,
  type Sha256,
} from "./proof-of-liabilities.ts";

type Vector = { name: string; snapshotId: string; leafHashesSorted: string[]; root: ProofNode; proofs: LiabilityProof[] };

const vectorsUrl = new URL("../../tests/fixtures/proof-of-liabilities/vectors.json", import.meta.url);
const { vectors } = JSON.parse(readFileSync(vectorsUrl, "utf8")) as { vectors: Vector[] };
const proofs = vectors.flatMap((vector) =>
  vector.proofs.map((proof, index) => ({ name: `${vector.name} #${index}`, proof, root: vector.root })),
);

const sha256: Sha256 = (bytes) => createHash("sha256").update(bytes).digest();

/** A deep copy to tamper with: the vectors stay as read. */
const copyOf = (proof: LiabilityProof): LiabilityProof => structuredClone(proof);

/** One hex character changed to another (never to upper case: that would be "malformed", not a different hash). */
const flipHex = (hex: string, at = 0): string => hex.slice(0, at) + (hex[at] === "0" ? "1" : "0") + hex.slice(at + 1);

/** The last digit of a decimal changed, keeping it a well-formed number. */
const changeDigit = (decimal: string): string => decimal.slice(0, -1) + (decimal.endsWith("1") ? "2" : "1");

const workedExample = vectors[0]!;

describe("the vectors", () => {
  it("hold the shapes the tests below rely on", () => {
    expect(workedExample.name).toContain("worked example");
    expect(vectors.map((vector) => vector.proofs.length)).toEqual([3, 0, 1, 2, 3, 5, 8]);
    // A balance above 2^53 is in them: no step may go through a JavaScript number.
    expect(proofs.some(({ proof }) => BigInt(proof.leaf.balance) > 2n ** 53n)).toBe(true);
  });

  it("with no customer the root is the empty node", () => {
    expect(vectors.find((vector) => vector.proofs.length === 0)!.root).toEqual(emptyNode);
  });
});

describe("checkProof against the reference vectors", () => {
  it.each(proofs)("accepts $name", async ({ proof, root }) => {
    const check = await checkProof(sha256, proof, root);
    expect(check).toEqual({ ok: true, computedRoot: root });
  });

  it.each(proofs)("computes the leaf hash the reference computed: $name", async ({ proof }) => {
    const hash = toHex(await sha256(leafPreimage(proof.snapshotId, proof.leaf.nonce, BigInt(proof.leaf.balance))));
    expect(hash).toBe(proof.leaf.hash);
  });
});

describe("checkProof refuses a proof with one thing changed", () => {
  // Every proof with a path: a proof of the only leaf has no step to tamper with.
  const withPath = proofs.filter(({ proof }) => proof.path.length > 0);

  it.each(withPath)("a nonce's hex character: $name", async ({ proof, root }) => {
    const tampered = copyOf(proof);
    tampered.leaf.nonce = flipHex(tampered.leaf.nonce, 17);
    expect(await checkProof(sha256, tampered, root)).toMatchObject({ ok: false, reason: "leaf" });
  });

  it.each(withPath)("a digit of the balance: $name", async ({ proof, root }) => {
    const tampered = copyOf(proof);
    tampered.leaf.balance = changeDigit(tampered.leaf.balance);
    expect(await checkProof(sha256, tampered, root)).toMatchObject({ ok: false, reason: "leaf" });
  });

  it.each(withPath)("the balance and its leaf hash together (a made-up leaf): $name", async ({ proof, root }) => {
    const tampered = copyOf(proof);
    tampered.leaf.balance = changeDigit(tampered.leaf.balance);
    tampered.leaf.hash = toHex(await sha256(leafPreimage(proof.snapshotId, proof.leaf.nonce, BigInt(tampered.leaf.balance))));
    expect(await checkProof(sha256, tampered, root)).toMatchObject({ ok: false, reason: "root" });
  });

  it.each(withPath)("a path hash's hex character, at every step: $name", async ({ proof, root }) => {
    for (let step = 0; step < proof.path.length; step += 1) {
      const tampered = copyOf(proof);
      tampered.path[step]!.hash = flipHex(tampered.path[step]!.hash, 40);
      expect(await checkProof(sha256, tampered, root)).toMatchObject({ ok: false, reason: "root" });
    }
  });

  it.each(withPath)("a path sum, at every step: $name", async ({ proof, root }) => {
    for (let step = 0; step < proof.path.length; step += 1) {
      const tampered = copyOf(proof);
      tampered.path[step]!.sum = (BigInt(tampered.path[step]!.sum) + 1n).toString();
      expect(await checkProof(sha256, tampered, root)).toMatchObject({ ok: false, reason: "root" });
    }
  });

  it.each(withPath)("a side swapped, at every step: $name", async ({ proof, root }) => {
    for (let step = 0; step < proof.path.length; step += 1) {
      const tampered = copyOf(proof);
      const sibling = tampered.path[step]!;
      sibling.side = sibling.side === "left" ? "right" : "left";
      expect(await checkProof(sha256, tampered, root)).toMatchObject({ ok: false, reason: "root" });
    }
  });

  it.each(withPath)("a step left out: $name", async ({ proof, root }) => {
    const tampered = copyOf(proof);
    tampered.path.pop();
    expect(await checkProof(sha256, tampered, root)).toMatchObject({ ok: false, reason: "root" });
  });

  it("another snapshot's id (the leaf is bound to its snapshot)", async () => {
    const tampered = copyOf(workedExample.proofs[0]!);
    tampered.snapshotId = vectors[2]!.snapshotId;
    expect(await checkProof(sha256, tampered, workedExample.root)).toMatchObject({ ok: false, reason: "leaf" });
  });
});

describe("checkProof compares with the published root, not the proof's own", () => {
  it("fails with 'root' when the published root differs from the one the proof carries", async () => {
    const proof = workedExample.proofs[0]!;
    const published = { hash: flipHex(proof.root.hash, 63), sum: proof.root.sum };
    const check = await checkProof(sha256, proof, published);
    expect(check).toEqual({ ok: false, computedRoot: proof.root, reason: "root" });
  });

  it("fails with 'root' when only the published sum differs", async () => {
    const proof = workedExample.proofs[1]!;
    const check = await checkProof(sha256, proof, { hash: proof.root.hash, sum: changeDigit(proof.root.sum) });
    expect(check).toMatchObject({ ok: false, reason: "root" });
  });

  it("passes against a published root even when the proof's own root field is wrong (it is not read)", async () => {
    const tampered = copyOf(workedExample.proofs[2]!);
    tampered.root = { hash: flipHex(tampered.root.hash), sum: "1" };
    expect(await checkProof(sha256, tampered, workedExample.root)).toMatchObject({ ok: true });
  });
});

describe("checkProof calls a malformed proof malformed", () => {
  const proof = workedExample.proofs[0]!;
  const malformed = async (change: (copy: LiabilityProof) => void) => {
    const tampered = copyOf(proof);
    change(tampered);
    return checkProof(sha256, tampered, workedExample.root);
  };

  it.each([
    ["a balance with a leading zero", (p: LiabilityProof) => (p.leaf.balance = `0${p.leaf.balance}`)],
    ["a negative balance", (p: LiabilityProof) => (p.leaf.balance = `-${p.leaf.balance}`)],
    ["a balance with decimals", (p: LiabilityProof) => (p.leaf.balance = "1250.50")],
    ["a balance of 2^64", (p: LiabilityProof) => (p.leaf.balance = (2n ** 64n).toString())],
    ["a nonce that is not hex", (p: LiabilityProof) => (p.leaf.nonce = `zz${p.leaf.nonce.slice(2)}`)],
    ["a nonce in upper case", (p: LiabilityProof) => (p.leaf.nonce = p.leaf.nonce.replace(/1/g, "A"))],
    ["a nonce of 31 bytes", (p: LiabilityProof) => (p.leaf.nonce = p.leaf.nonce.slice(2))],
    ["a path sum of 2^64", (p: LiabilityProof) => (p.path[1]!.sum = (2n ** 64n).toString())],
    ["a negative path sum", (p: LiabilityProof) => (p.path[1]!.sum = "-9999")],
    ["a path sum with a leading zero", (p: LiabilityProof) => (p.path[1]!.sum = "09999")],
    ["a path hash that is not hex", (p: LiabilityProof) => (p.path[1]!.hash = `g${p.path[1]!.hash.slice(1)}`)],
    ["a path hash of 33 bytes", (p: LiabilityProof) => (p.path[1]!.hash = `${p.path[1]!.hash}00`)],
    ["a side that is neither left nor right", (p: LiabilityProof) => ((p.path[1] as { side: string }).side = "up")],
  ])("%s", async (_name, change) => {
    expect(await malformed(change)).toEqual({ ok: false, computedRoot: null, reason: "malformed" });
  });

  it("two sums that each fit 64 bits but whose total does not", async () => {
    const maxSum = (2n ** 64n - 1n).toString();
    const tampered = copyOf(proof);
    tampered.path[0] = { hash: emptyNode.hash, sum: maxSum, side: "right" };
    expect(await checkProof(sha256, tampered, workedExample.root)).toMatchObject({ ok: false, reason: "malformed" });
  });
});

// The bytes docs/proof-of-reserves.md shows in its worked example, byte for byte.
describe("the preimages of the doc's worked example", () => {
  const snapshotId = "7b0c6a52-3d1e-4f7a-9c2b-5e8d1f0a4b63";
  const nonce = "11".repeat(32);

  it("a leaf's text and its UTF-8 bytes", () => {
    const text = `nexapay-por-v1|${snapshotId}|${nonce}|125050`;
    expect(new TextDecoder().decode(leafPreimage(snapshotId, nonce, 125_050n))).toBe(text);
    expect(leafPreimage(snapshotId, nonce, 125_050n)).toEqual(new TextEncoder().encode(text));
    expect(toHex(sha256(leafPreimage(snapshotId, nonce, 125_050n)) as Uint8Array)).toBe(
      "d9e8d42ffc055d8063729132e71e77716a98da77a6c35b1f6419ae2ed3950233",
    );
  });

  it("a balance of zero is written 0", () => {
    expect(new TextDecoder().decode(leafPreimage(snapshotId, "22".repeat(32), 0n))).toBe(
      `nexapay-por-v1|${snapshotId}|${"22".repeat(32)}|0`,
    );
  });

  it("a negative balance has no preimage", () => {
    expect(() => leafPreimage(snapshotId, nonce, -1n)).toThrow(RangeError);
  });

  it("the two parents of the first level and the root: 80 bytes each", () => {
    const [a, b, c] = workedExample.leafHashesSorted.map((hash) => fromHex(hash, 32));
    const first = parentPreimage(a!, b!, 0n, 9_999n);
    expect(first).toHaveLength(80);
    expect(toHex(first)).toBe(
      "28679d0a0bd782649039ac75199f7a9bbec96531dba4578587e277b61e28e4a6" +
        "ca1e67052babde49ce115925857a14e2348b15117c5badd12896411a7498953b" +
        "0000000000000000" +
        "000000000000270f",
    );
    expect(toHex(sha256(first) as Uint8Array)).toBe("87663dfb5afe0f41b1e2077bdfba31e39e302b9a61937f390c3a6c93cc00a5ab");
    const second = parentPreimage(c!, fromHex(emptyNode.hash, 32), 125_050n, 0n);
    expect(toHex(second)).toBe(
      "d9e8d42ffc055d8063729132e71e77716a98da77a6c35b1f6419ae2ed3950233" + "00".repeat(32) + "000000000001e87a" + "0000000000000000",
    );
    expect(toHex(sha256(second) as Uint8Array)).toBe("febb745fe7b3a1ae58c4c06c6f2d1964c1d3a69a91df4a429176d407fccb46d3");
    const root = parentPreimage(sha256(first) as Uint8Array, sha256(second) as Uint8Array, 9_999n, 125_050n);
    expect(toHex(sha256(root) as Uint8Array)).toBe("b4e4dd8f73adcf12055274f35e37b464a90ac9d4606f071611257217e43cf0a5");
    expect(workedExample.root).toEqual({ hash: "b4e4dd8f73adcf12055274f35e37b464a90ac9d4606f071611257217e43cf0a5", sum: "135049" });
  });
});
