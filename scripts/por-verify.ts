// `npm run por:verify -- proof.json [--root <hex> --sum <poisha>] [--published <url-or-file>]`
//
// Checks a customer's proof of liabilities on their own computer (docs/proof-of-reserves.md,
// decision 053). proof.json is the body of GET /api/me/proof-of-liabilities, as Profile → Verify my
// balance → Download my proof saves it. The root is recomputed from the leaf and the path with the
// construction's one definition (src/shared/proof-of-liabilities.ts), step by step, and compared
// with the root the company published: given by hand (--root and --sum), or read from the public
// answer GET /api/proof-of-reserves (--published, a URL or a saved file). Without either, only the
// proof's own root is there to compare with, which shows the proof is self-consistent and nothing
// more: a warning says so.
//
// Exit 0 when the roots match, 1 when they do not, 2 on a usage error or a file that is not a proof.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { checkProof, fromHex, hashBytes, leafHash, parentOf, parseSum, type ProofNode, type Sha256 } from "#shared/proof-of-liabilities.ts";
import { formatBdt } from "#shared/money.ts";
import { proofOfLiabilitiesSchema, proofOfReservesSchema, type ProofOfLiabilitiesDto } from "#shared/solvency-schemas.ts";

const usage = "usage: npm run por:verify -- proof.json [--root <hex> --sum <poisha>] [--published <url-or-file>]";

/** A usage error or an unreadable input: exit 2 with one line. */
class InputError extends Error {}

type Target = { root: ProofNode; snapshotId: string | null; from: string };

const selfConsistent = "the proof itself";

const sha256: Sha256 = (bytes) => createHash("sha256").update(bytes).digest();

const short = (hash: string): string => `${hash.slice(0, 16)}…`;

function parseArguments(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { root: { type: "string" }, sum: { type: "string" }, published: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new InputError((error as Error).message);
  }
}

async function readJson(source: string, what: string): Promise<unknown> {
  let text: string;
  try {
    if (/^https?:\/\//i.test(source)) {
      const response = await fetch(source, { headers: { accept: "application/json" } });
      if (!response.ok) throw new InputError(`${source} answered ${response.status} ${response.statusText}`);
      text = await response.text();
    } else {
      // npm runs a script in the repository's folder; INIT_CWD is where the command was typed.
      text = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), source), "utf8");
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${what} ${source}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InputError(`${what} ${source} is not JSON`);
  }
}

async function readProof(file: string): Promise<ProofOfLiabilitiesDto> {
  const parsed = proofOfLiabilitiesSchema.safeParse(await readJson(file, "proof"));
  if (!parsed.success) throw new InputError(`${file} is not a proof of liabilities (the body of GET /api/me/proof-of-liabilities)`);
  return parsed.data;
}

/** The root to compare with: given by hand, published, or (with a warning) the proof's own. */
async function targetOf(values: { root?: string; sum?: string; published?: string }, proof: ProofOfLiabilitiesDto): Promise<Target> {
  if (values.published !== undefined && (values.root !== undefined || values.sum !== undefined))
    throw new InputError("give either --root and --sum, or --published, not both");
  if ((values.root === undefined) !== (values.sum === undefined)) throw new InputError("--root and --sum go together");
  if (values.root !== undefined && values.sum !== undefined) {
    const hash = values.root.trim().toLowerCase();
    try {
      fromHex(hash, hashBytes);
      parseSum(values.sum.trim());
    } catch {
      throw new InputError("--root must be 64 hex characters and --sum a whole number of poisha");
    }
    return { root: { hash, sum: values.sum.trim() }, snapshotId: null, from: "--root and --sum" };
  }
  if (values.published !== undefined) {
    const parsed = proofOfReservesSchema.safeParse(await readJson(values.published, "published answer"));
    if (!parsed.success) throw new InputError(`${values.published} is not a published proof of reserves (GET /api/proof-of-reserves)`);
    return { root: parsed.data.root, snapshotId: parsed.data.snapshotId, from: values.published };
  }
  console.warn("WARNING: no published root given (--published or --root/--sum). Comparing with the root inside the proof");
  console.warn("only shows that the proof is self-consistent, not that it matches what Nexapay published for everyone.");
  return { root: proof.root, snapshotId: proof.snapshotId, from: selfConsistent };
}

/** Recomputes the root from the leaf up, printing each step; null when the leaf's hash is not its own. */
async function recompute(proof: ProofOfLiabilitiesDto): Promise<ProofNode | null> {
  const balance = parseSum(proof.leaf.balance);
  fromHex(proof.leaf.nonce, hashBytes);
  const hash = await leafHash(sha256, proof.snapshotId, proof.leaf.nonce, balance);
  console.log(`Snapshot ${proof.snapshotId}`);
  console.log(`Leaf: balance ${proof.leaf.balance} poisha (BDT ${formatBdt(balance)}), nonce ${short(proof.leaf.nonce)}`);
  console.log(`  SHA-256("nexapay-por-v1|${proof.snapshotId}|<nonce>|${proof.leaf.balance}") = ${hash}`);
  if (hash !== proof.leaf.hash) {
    console.log(`  but the proof says the leaf hash is ${proof.leaf.hash}`);
    return null;
  }
  let node: ProofNode = { hash, sum: balance.toString() };
  for (const [index, step] of proof.path.entries()) {
    const sibling = { hash: step.hash, sum: step.sum };
    node = step.side === "left" ? await parentOf(sha256, sibling, node) : await parentOf(sha256, node, sibling);
    console.log(
      `Step ${index + 1}: sibling on the ${step.side} ${short(step.hash)} (sum ${step.sum}) → ${short(node.hash)} (sum ${node.sum})`,
    );
  }
  console.log(`Computed root: ${node.hash} (sum ${node.sum} poisha, BDT ${formatBdt(BigInt(node.sum))})`);
  return node;
}

async function verify(argv: string[]): Promise<number> {
  const { values, positionals } = parseArguments(argv);
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (positionals.length !== 1) throw new InputError(usage);
  const proof = await readProof(positionals[0]!);
  const target = await targetOf(values, proof);
  let computed: ProofNode | null;
  try {
    computed = await recompute(proof);
  } catch (error) {
    throw new InputError(`the proof is malformed: ${(error as Error).message}`);
  }
  if (computed === null) {
    console.log("MISMATCH: the leaf's hash is not the hash of its nonce and balance.");
    return 1;
  }
  console.log(`Compared with: ${target.root.hash} (sum ${target.root.sum}), from ${target.from}`);
  if (target.snapshotId !== null && target.snapshotId !== proof.snapshotId) {
    console.log(
      `MISMATCH: the proof is for snapshot ${proof.snapshotId}, the published root for ${target.snapshotId}; download your proof again.`,
    );
    return 1;
  }
  // The verdict is the shared checkProof's, the same function the browser runs.
  const check = await checkProof(sha256, proof, target.root);
  if (!check.ok) {
    console.log("MISMATCH: the computed root is not the published one: your balance is not shown to be included.");
    return 1;
  }
  const balance = `BDT ${formatBdt(BigInt(proof.leaf.balance))}`;
  if (target.from === selfConsistent) console.log(`OK, self-consistent only: your balance of ${balance} adds up to the proof's own root.`);
  else console.log(`OK: your balance of ${balance} is included in the published root.`);
  return 0;
}

try {
  process.exitCode = await verify(process.argv.slice(2));
} catch (error) {
  // Anything unforeseen is also exit 2: neither a match nor a mismatch was shown.
  const message = error instanceof InputError ? error.message : `unexpected error: ${String(error)}`;
  console.error(`por-verify: ${message}`);
  process.exitCode = 2;
}
