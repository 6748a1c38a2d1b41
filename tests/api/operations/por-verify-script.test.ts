// `npm run por:verify` (scripts/por-verify.ts, docs/proof-of-reserves.md), run as a customer runs it:
// a separate Node process through tsx, on proof files from the independent reference vectors
// (tests/fixtures/proof-of-liabilities). A good proof exits 0, a tampered one 1, a file that is not
// a proof or a wrong command line 2; the published root is read from a file or from a URL.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { LiabilityProof, ProofNode } from "../../../src/shared/proof-of-liabilities.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const fixtures = path.join(root, "tests/fixtures/proof-of-liabilities");
const script = path.join(root, "scripts/por-verify.ts");

type Vector = { name: string; snapshotId: string; root: ProofNode; proofs: LiabilityProof[] };
const { vectors } = JSON.parse(readFileSync(path.join(fixtures, "vectors.json"), "utf8")) as { vectors: Vector[] };
const workedExample = vectors[0]!;
const publishedFile = path.join(fixtures, "worked-example-published.json");
const proofFile = path.join(fixtures, "worked-example-proof.json");

type Run = { code: number; stdout: string; stderr: string };

/** The script as `npm run por:verify` starts it (tsx); npm sets INIT_CWD to where the command was typed. */
function verify(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const env = { ...process.env, INIT_CWD: root };
    execFile(process.execPath, ["--import", "tsx", script, ...args], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr });
    });
  });
}

// The script touches no database: one run is enough, on PGlite's project.
describe.skipIf(inject("dbKind") === "postgres")("npm run por:verify", () => {
  let folder: string;
  let server: Server;
  let baseUrl: string;

  /** A proof (or anything) written to a file of its own. */
  async function fileOf(name: string, body: unknown): Promise<string> {
    const file = path.join(folder, name);
    await writeFile(file, typeof body === "string" ? body : JSON.stringify(body));
    return file;
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "por-verify-"));
    const published = readFileSync(publishedFile, "utf8");
    // A stand-in for GET /api/proof-of-reserves: the worked example's published answer, or 404.
    server = createServer((request, response) => {
      if (request.url === "/api/proof-of-reserves") response.writeHead(200, { "content-type": "application/json" }).end(published);
      else response.writeHead(404, { "content-type": "application/json" }).end('{"error":{"code":"NOT_FOUND"}}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  test("a good proof against a published answer saved as a file: exit 0, each step and the computed root printed", async () => {
    const run = await verify(proofFile, "--published", publishedFile);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("Leaf: balance 125050 poisha (BDT 1250.50)");
    expect(run.stdout).toContain("Step 1: sibling on the right");
    expect(run.stdout).toContain("Step 2: sibling on the left");
    expect(run.stdout).toContain(`Computed root: ${workedExample.root.hash} (sum 135049 poisha, BDT 1350.49)`);
    expect(run.stdout).toContain("OK: your balance of BDT 1250.50 is included in the published root.");
  });

  test("a good proof against the published answer fetched from a URL: exit 0", async () => {
    const run = await verify(proofFile, "--published", `${baseUrl}/api/proof-of-reserves`);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("OK: your balance");
  });

  test.each(vectors.filter((vector) => vector.proofs.length > 0).map((vector) => ({ name: vector.name, vector })))(
    "the last proof of $name against --root and --sum: exit 0",
    async ({ vector }) => {
      const file = await fileOf(`good-${vector.snapshotId}.json`, vector.proofs.at(-1));
      const run = await verify(file, "--root", vector.root.hash, "--sum", vector.root.sum);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Computed root: ${vector.root.hash} (sum ${vector.root.sum} poisha`);
    },
  );

  test("without a published root it checks the proof against itself, and warns that this proves little", async () => {
    const run = await verify(proofFile);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("only shows that the proof is self-consistent");
    expect(run.stdout).toContain("OK, self-consistent only");
  });

  test("a balance changed: exit 1", async () => {
    const proof = structuredClone(workedExample.proofs[0]!);
    proof.leaf.balance = "125051";
    const run = await verify(await fileOf("balance.json", proof), "--published", publishedFile);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("MISMATCH: the leaf's hash is not the hash of its nonce and balance.");
  });

  test("a sibling's sum lowered (a liability hidden): exit 1", async () => {
    const proof = structuredClone(workedExample.proofs[0]!);
    proof.path[1]!.sum = "9998";
    proof.root = { hash: proof.root.hash, sum: "135048" };
    const run = await verify(await fileOf("sum.json", proof), "--published", publishedFile);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("MISMATCH: the computed root is not the published one");
  });

  test("a root given by hand that is one poisha off: exit 1", async () => {
    const run = await verify(proofFile, "--root", workedExample.root.hash, "--sum", "135048");
    expect(run.code).toBe(1);
  });

  test("a published answer for another snapshot: exit 1, and it says to download the proof again", async () => {
    const published = { ...(JSON.parse(readFileSync(publishedFile, "utf8")) as object), snapshotId: vectors[2]!.snapshotId };
    const run = await verify(proofFile, "--published", await fileOf("other-snapshot.json", published));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("download your proof again");
  });

  test.each([
    ["no proof file", [], "usage: npm run por:verify"],
    ["two proof files", [proofFile, proofFile], "usage: npm run por:verify"],
    ["--root without --sum", [proofFile, "--root", "ab".repeat(32)], "--root and --sum go together"],
    ["--root that is not a hash", [proofFile, "--root", "xyz", "--sum", "1"], "--root must be 64 hex characters"],
    ["--published and --root together", [proofFile, "--published", publishedFile, "--root", "ab".repeat(32), "--sum", "1"], "not both"],
    ["an unknown option", [proofFile, "--roots", "x"], "Unknown option"],
    ["a missing file", [path.join(fixtures, "missing.json")], "cannot read proof"],
    ["a published answer that is a proof", [proofFile, "--published", proofFile], "is not a published proof of reserves"],
  ])("%s: exit 2", async (_name, args, message) => {
    const run = await verify(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  test("a published URL that answers 404: exit 2", async () => {
    const run = await verify(proofFile, "--published", `${baseUrl}/nothing-here`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("answered 404");
  });

  test.each([
    ["not JSON", "garbage {", "is not JSON"],
    ["JSON that is not a proof", { hello: "world" }, "is not a proof of liabilities"],
    [
      "a nonce in upper case",
      { ...workedExample.proofs[0]!, leaf: { ...workedExample.proofs[0]!.leaf, nonce: "AB".repeat(32) } },
      "malformed",
    ],
    [
      "a balance with a leading zero",
      { ...workedExample.proofs[0]!, leaf: { ...workedExample.proofs[0]!.leaf, balance: "0125050" } },
      "malformed",
    ],
    [
      "a sum of 2^64",
      { ...workedExample.proofs[0]!, path: [{ ...workedExample.proofs[0]!.path[0]!, sum: (2n ** 64n).toString() }] },
      "malformed",
    ],
  ])("a proof file with %s: exit 2", async (name, body, message) => {
    const run = await verify(await fileOf(`bad-${name.replace(/\W+/g, "-")}.json`, body), "--published", publishedFile);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
