// The embedded database's lock (decision 046) against real files and real processes: a lock left by
// a dead process or by a pid now reused is taken over, a live holder is refused by name, and of
// several processes racing for one lock, stale or free, exactly one wins.
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, test } from "vitest";
import {
  EmbeddedDatabaseBusyError,
  currentHolder,
  lockEmbeddedDatabase,
  lockFileName,
  processStartTime,
  type LockHolder,
} from "./embedded-lock.ts";

const lockModule = fileURLToPath(new URL("./embedded-lock.ts", import.meta.url));
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "nexapay-lock-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, lockFileName);
const writeLock = (holder: Partial<LockHolder>) =>
  writeFile(lockFile(), JSON.stringify({ ...currentHolder(), command: "node old-server.js", ...holder }));
const readLock = async () => JSON.parse(await readFile(lockFile(), "utf8")) as LockHolder;

/** A pid that ran a moment ago and runs no more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  return Number(child.stdout.trim());
}

test("a lock left by a process that no longer runs is taken over", async () => {
  await writeLock({ pid: deadPid(), startTime: "1", nonce: "old" });
  const unlock = await lockEmbeddedDatabase(dir);
  const holder = await readLock();
  expect(holder.pid).toBe(process.pid);
  expect(holder.nonce).not.toBe("old");
  await unlock();
  expect(await readdir(dir)).toEqual([]);
});

test("a lock of a running process is refused with its pid, command and time, and left alone", async () => {
  const unlock = await lockEmbeddedDatabase(dir);
  const holder = await readLock();
  const second = lockEmbeddedDatabase(dir);
  await expect(second).rejects.toBeInstanceOf(EmbeddedDatabaseBusyError);
  await expect(second).rejects.toThrow(`pid ${process.pid} on ${hostname()}, "${holder.command}", since ${holder.since}`);
  expect(await readLock()).toEqual(holder);
  await unlock();
  // Given back: the next one takes it.
  await (
    await lockEmbeddedDatabase(dir)
  )();
});

test.runIf(processStartTime(process.pid) !== null)(
  "a pid that runs again, but as another process (another start time), is stale",
  async () => {
    // This test's own pid is alive; the lock says it started at another time: a reused pid.
    const reused = Number(processStartTime(process.pid)) + 1000;
    await writeLock({ pid: process.pid, startTime: String(reused), nonce: "reused" });
    const unlock = await lockEmbeddedDatabase(dir);
    expect((await readLock()).nonce).not.toBe("reused");
    await unlock();
  },
);

test("a lock from another machine (a shared folder) is refused: its liveness cannot be checked", async () => {
  await writeLock({ pid: deadPid(), hostname: "other-host.example", since: "2026-01-02T03:04:05.000Z" });
  await expect(lockEmbeddedDatabase(dir)).rejects.toThrow(
    `open in a process on another machine (pid ${(await readLock()).pid} on other-host.example, "node old-server.js", since 2026-01-02T03:04:05.000Z)`,
  );
  await expect(lockEmbeddedDatabase(dir)).rejects.toThrow(`remove ${lockFile()}`);
});

test("a file that is not our lock is refused, not overwritten", async () => {
  await writeFile(lockFile(), "garbage");
  await expect(lockEmbeddedDatabase(dir)).rejects.toThrow("not a lock Nexapay wrote");
  expect(await readFile(lockFile(), "utf8")).toBe("garbage");
});

test("two attempts at once in one process: exactly one wins", async () => {
  const results = await Promise.allSettled([lockEmbeddedDatabase(dir), lockEmbeddedDatabase(dir)]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  const refused = results.find((r) => r.status === "rejected");
  expect(refused?.reason).toBeInstanceOf(EmbeddedDatabaseBusyError);
  for (const r of results) if (r.status === "fulfilled") await r.value();
});

/**
 * Starts `count` processes; once all are loaded, tells them at once to take the lock. A winner holds
 * it until every process has answered, so that no late one finds it given back.
 */
async function race(count: number): Promise<string[]> {
  const code = `
    const { lockEmbeddedDatabase } = await import(${JSON.stringify(lockModule)});
    process.stdin.setEncoding("utf8");
    console.log("ready");
    await new Promise((r) => process.stdin.once("data", r));
    let unlock = async () => {};
    try {
      unlock = await lockEmbeddedDatabase(process.argv[1]);
      console.log("won");
    } catch (error) {
      console.log(error.constructor.name);
    }
    await new Promise((r) => process.stdin.once("end", r));
    await unlock();`;
  const children = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", code, dir]);
    const lines: string[] = [];
    let waiting: (() => void) | undefined;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      lines.push(...chunk.split("\n").filter(Boolean));
      waiting?.();
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => lines.push(chunk));
    const lineCount = (n: number) =>
      new Promise<void>((resolve) => {
        waiting = () => lines.length >= n && resolve();
        waiting();
      });
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    return { child, lines, lineCount, exited };
  });
  await Promise.all(children.map((c) => c.lineCount(1)));
  for (const c of children) c.child.stdin.write("go\n");
  await Promise.all(children.map((c) => c.lineCount(2)));
  for (const c of children) c.child.stdin.end();
  await Promise.all(children.map((c) => c.exited));
  return children.map((c) => c.lines.slice(1).join(" "));
}

test("processes racing for a free lock: exactly one wins, the others are refused", async () => {
  const results = await race(4);
  expect(results.sort()).toEqual(["EmbeddedDatabaseBusyError", "EmbeddedDatabaseBusyError", "EmbeddedDatabaseBusyError", "won"]);
}, 30_000);

test("processes racing to take over one stale lock: exactly one wins, the others are refused", async () => {
  await writeLock({ pid: deadPid(), nonce: "crashed" });
  const results = await race(4);
  expect(results.sort()).toEqual(["EmbeddedDatabaseBusyError", "EmbeddedDatabaseBusyError", "EmbeddedDatabaseBusyError", "won"]);
  // Nothing left behind: no lock (given back), no take-over guard, no file written aside.
  expect(await readdir(dir)).toEqual([]);
}, 30_000);

test("a process that died while taking over (its guard left behind) does not block the next one", async () => {
  await writeLock({ pid: deadPid(), nonce: "crashed" });
  await writeFile(`${lockFile()}.takeover-crashed`, JSON.stringify({ ...currentHolder(), pid: deadPid(), nonce: "taker" }));
  const unlock = await lockEmbeddedDatabase(dir);
  expect((await readLock()).pid).toBe(process.pid);
  await unlock();
  expect(await readdir(dir)).toEqual([]);
});
