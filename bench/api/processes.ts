// The processes the bench runs: the product as `npm start` runs it, the bare handler, one-off
// commands; how to find the real server under its launcher, read its memory, and stop it all.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync, readlinkSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** A child whose output is shown with a prefix, so the server's warnings are told apart from ours. */
export type Running = { child: ChildProcess; name: string; exited: Promise<number | null> };

export function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString("utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => `  [${name}] ${line}\n`)
      .join("");
  child.stdout?.on("data", (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, name, exited };
}

/**
 * The product, started the way `npm start` starts it: package.json's start script (`node
 * <flags> scripts/start.mjs`: it builds what is missing, then runs the compiled server), without
 * npm's own process in between. How start.mjs runs the server is its own business; the bench
 * finds the server process under it (see listenerPid).
 */
export function startProduct(env: NodeJS.ProcessEnv, extraNodeFlags: string[] = []): Running {
  const [command, ...args] = startScript().split(/\s+/);
  if (command !== "node") throw new Error(`package.json's start script should begin with "node": ${startScript()}`);
  return start("server", process.execPath, [...extraNodeFlags, ...args], env);
}

function startScript(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
  return pkg.scripts.start;
}

/**
 * The process that serves HTTP on `port`: the one, among the launcher and its descendants, that
 * holds the listening socket. Not simply the deepest child: under `--import tsx` the server has
 * an esbuild child of its own, and a later start.mjs may run the server in-process.
 */
export function listenerPid(launcherPid: number, port: number): number {
  const inodes = listeningInodes(port);
  for (const pid of [launcherPid, ...descendants(launcherPid)]) {
    for (const fd of readdirSafe(`/proc/${pid}/fd`)) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? "")) return pid;
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  throw new Error(`no process under ${launcherPid} listens on port ${port}`);
}

/** Inodes of the sockets listening on `port` (/proc/net/tcp and tcp6: state 0A is LISTEN). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const localPort = parseInt(fields[1]?.split(":")[1] ?? "", 16);
      if (localPort === port && fields[3] === "0A" && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

function childrenOf(pid: number): number[] {
  const taskDir = `/proc/${pid}/task`;
  if (!existsSync(taskDir)) return [];
  const children: number[] = [];
  for (const task of readdirSafe(taskDir)) {
    try {
      const text = readFileSync(path.join(taskDir, task, "children"), "utf8").trim();
      if (text) children.push(...text.split(/\s+/).map(Number));
    } catch {
      // The task ended while we looked.
    }
  }
  return children;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Resident and peak memory of a process, in MB, from /proc/<pid>/status. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? "NaN");
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/** Kernel clock ticks per second, the unit of /proc/<pid>/stat's times (100 on Linux, whatever the CPU). */
const ticksPerSecond = 100;

/**
 * CPU seconds used so far by a process and every process under it, the ones already ended
 * included (the kernel adds those to their parent's cutime and cstime). For PostgreSQL, the
 * postmaster's tree: every backend and background worker of the cluster.
 */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const each of [pid, ...descendants(pid)]) {
    try {
      const stat = readFileSync(`/proc/${each}/stat`, "utf8");
      // Fields after the command name (which may hold spaces) in parentheses: utime, stime, cutime, cstime are 14–17.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    } catch {
      // Ended while we looked: its time is now in its parent's cutime, read or not yet.
    }
  }
  return ticks / ticksPerSecond;
}

/** The parent of a process (field 4 of /proc/<pid>/stat). */
export function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM to the launcher (start.mjs passes it on and the server closes its database cleanly),
 * then SIGKILL to whatever is left after `graceMs`. Answers once every process of it is gone:
 * PGlite's files must not be opened by anyone else before.
 */
export async function stop(running: Running, graceMs = 20_000): Promise<void> {
  const launcher = running.child.pid;
  // Once the launcher has exited its pid may belong to someone else: never signal it again. (The
  // launcher exits after its server: start.mjs waits for it, a bare handler has none.)
  if (launcher === undefined || running.child.exitCode !== null || running.child.signalCode !== null) return;
  const pids = [launcher, ...descendants(launcher)];
  running.child.kill("SIGTERM");
  const deadline = Date.now() + graceMs;
  while (pids.some(isAlive) && Date.now() < deadline) await sleep(100);
  for (const pid of pids.filter(isAlive)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone in between.
    }
  }
  const killDeadline = Date.now() + 10_000;
  while (pids.some(isAlive) && Date.now() < killDeadline) await sleep(50);
}

function descendants(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendants(child)]);
}

/** Runs a command to its end; answers its exit code and what it printed. */
export function runToEnd(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

export async function waitFor(url: string, running: Running, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`${running.name} exited with ${running.child.exitCode} before answering ${url}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
