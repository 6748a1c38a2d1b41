// Where the server's CPU went during each measured figure of a `bench/api/run.ts --profile DIR` run.
//
//   node --import tsx bench/api/profile-summary.ts DIR [--top 25]
//
// run.ts started the product with `--cpu-prof --cpu-prof-dir=DIR` (V8 writes one .cpuprofile per
// process when it exits) and wrote DIR/windows.json: each figure's measured window on the monotonic
// clock that V8's profile timestamps use too. For every profile that overlaps a window, this prints
// the share of the samples by owner (a package of node_modules, our own code, Node's internals, the
// garbage collector, idle) and the functions with the most self time.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
type Window = { name: string; startUs: number; endUs: number };

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "25" } } });
const dir = positionals[0];
if (!dir) throw new Error("usage: profile-summary.ts DIR [--top N]");
const top = Number(values.top);
const windows = JSON.parse(readFileSync(path.join(dir, "windows.json"), "utf8")) as Window[];

/** Who a frame belongs to: the package it was loaded from, our own code, or one of V8's pseudo-frames. */
function ownerOf(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/dist/server/") || url.includes("/src/server/")) return "our server code";
  return url;
}

const label = (frame: ProfileNode["callFrame"]) =>
  `${frame.functionName || "(anonymous)"} ${frame.url ? `${frame.url.replace(/^.*\/(node_modules|dist|src)\//, "$1/")}:${frame.lineNumber + 1}` : ""}`;

const bar = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`;

for (const file of readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"))) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // The sample times: the profile's start plus the running sum of the deltas.
  let time = profile.startTime;
  const times = profile.timeDeltas.map((delta) => (time += delta));
  for (const window of windows) {
    const selfCount = new Map<number, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      if (times[i]! < window.startUs || times[i]! > window.endUs) return;
      selfCount.set(id, (selfCount.get(id) ?? 0) + 1);
      total++;
    });
    if (total === 0) continue;
    const idle = [...selfCount].filter(([id]) => byId.get(id)!.callFrame.functionName === "(idle)").reduce((sum, [, n]) => sum + n, 0);
    const owners = new Map<string, number>();
    const functions = new Map<string, number>();
    for (const [id, count] of selfCount) {
      const frame = byId.get(id)!.callFrame;
      owners.set(ownerOf(frame), (owners.get(ownerOf(frame)) ?? 0) + count);
      functions.set(label(frame), (functions.get(label(frame)) ?? 0) + count);
    }
    console.log(`\n== ${window.name} — ${file}: ${total} samples, ${bar(1 - idle / total)} busy`);
    console.log("  by owner (share of busy samples):");
    const busy = total - idle;
    for (const [owner, count] of [...owners]
      .filter(([o]) => o !== "(idle)")
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15))
      console.log(`    ${bar(count / busy)}  ${owner}`);
    console.log(`  top ${top} functions by self time (share of busy samples):`);
    for (const [name, count] of [...functions]
      .filter(([n]) => !n.startsWith("(idle)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top))
      console.log(`    ${bar(count / busy)}  ${name}`);
  }
}
