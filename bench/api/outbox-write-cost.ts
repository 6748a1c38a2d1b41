// What writing one .eml file of the e-mail outbox costs the server's CPU, through libuv's thread pool
// (the asynchronous fs calls) against the synchronous calls the mailer uses (decision 030). Each
// round writes N files of a typical message's size into a fresh temp folder, as the mailer does: a
// ".partial" name first, then a rename to the .eml name. It reads process.cpuUsage() around the
// round; the rounds alternate between the two ways.
//
//   node --import tsx bench/api/outbox-write-cost.ts            # 3,000 files a round, 3 rounds each
//   node --import tsx bench/api/outbox-write-cost.ts 5000 5
import { mkdtempSync, rename, renameSync, rmSync, writeFile, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const perRound = Number(process.argv[2] ?? 3000);
const rounds = Number(process.argv[3] ?? 3);
/** About the size of an approval's e-mail: text and HTML parts, headers. */
const message = Buffer.alloc(3500, "a");
const writeFileAsync = promisify(writeFile);
const renameAsync = promisify(rename);

const ways: Record<string, (file: string) => Promise<void> | void> = {
  "thread pool (async calls)": async (file) => {
    await writeFileAsync(`${file}.partial`, message);
    await renameAsync(`${file}.partial`, file);
  },
  "synchronous calls": (file) => {
    writeFileSync(`${file}.partial`, message);
    renameSync(`${file}.partial`, file);
  },
};

const results = new Map<string, string[]>();
for (let round = 0; round <= rounds; round++) {
  for (const [name, write] of Object.entries(ways)) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "nexapay-outbox-write-"));
    const before = process.cpuUsage();
    for (let i = 0; i < perRound; i++) await write(path.join(dir, `message-${i}.eml`));
    const used = process.cpuUsage(before);
    rmSync(dir, { recursive: true });
    // Round 0 warms up (the disk's metadata, V8's code) and is not shown.
    if (round === 0) continue;
    const perFile = (microseconds: number) => (microseconds / 1000 / perRound).toFixed(3);
    const line = results.get(name) ?? [];
    line.push(`${perFile(used.user + used.system)} (kernel ${perFile(used.system)})`);
    results.set(name, line);
  }
}
console.log(`CPU per .eml file (${perRound} files a round, ms):`);
for (const [name, line] of results) console.log(`  ${name.padEnd(28)} ${line.join("  ")}`);
