// Server processes of their own for the object-storage journey (decision 042): each is
// `node --import tsx src/server/main.ts` with its own port and DATA_DIR, on a bucket given by the
// caller. Ready when /api/health answers; stop() ends it with SIGTERM, as an operator would.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";

export type ServerProcess = { baseUrl: string; stop: () => Promise<void>; output: () => string };

export async function startServerProcess(options: { port: number; dataDir: string; env: Record<string, string> }): Promise<ServerProcess> {
  const baseUrl = `http://localhost:${options.port}`;
  const child: ChildProcess = spawn("node", ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      ...options.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      PUBLIC_URL: baseUrl,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      NEW_ADMIN_COOLDOWN_HOURS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, "exit");
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on ${baseUrl} stopped at start:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the server on ${baseUrl} did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}
