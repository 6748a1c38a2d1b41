// The bench's HTTP side: a small keep-alive client with a cookie jar (setup), wrk for the load (the
// GET rates, and the money actions from a prepared list), and a closed loop of N parallel workers in
// this process, kept to compare the two ways of loading (--money-load node). node:http rather than fetch:
// the client shares the 2 CPUs with the server and PostgreSQL, and fetch costs several times more
// CPU per request, which would be taken from the thing being measured.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";

export type Answer = { status: number; body: string };

/** A browser, as far as the API can tell: its own cookies, and our Origin on every request. */
export class Client {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly agent: http.Agent,
    /** Where requests go (the server listens on 127.0.0.1). */
    private readonly baseUrl: string,
    /** PUBLIC_URL: state-changing requests must carry it as Origin (decision 004). */
    private readonly origin: string,
  ) {}

  /** The Cookie header this client sends, to hand to wrk or a bare handler. */
  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(path: string): Promise<Answer> {
    return this.request("GET", path);
  }

  post(path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request("POST", path, json, headers);
  }

  /** Like post(), but anything else than `status` is an error (setup steps must not fail). */
  async expect(status: number, path: string, json?: unknown): Promise<unknown> {
    const answer = await this.post(path, json);
    if (answer.status !== status)
      throw new Error(`POST ${path} answered ${answer.status}, expected ${status}: ${answer.body.slice(0, 300)}`);
    return JSON.parse(answer.body) as unknown;
  }

  async request(method: string, path: string, json?: unknown, extraHeaders: Record<string, string> = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const { answer, setCookie } = await send(this.agent, `${this.baseUrl}${path}`, this.origin, method, headers, json);
    this.keepCookies(setCookie);
    return answer;
  }

  /** Whatever Set-Cookie said, sent back as it is: in production the names carry a __Secure- prefix. */
  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      const pair = line.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** One request with our Origin (and a JSON body, if any); the answer and its Set-Cookie lines. */
function send(
  agent: http.Agent,
  url: string,
  origin: string,
  method: string,
  extraHeaders: Record<string, string>,
  json?: unknown,
): Promise<{ answer: Answer; setCookie: string[] }> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const headers: Record<string, string> = { origin, ...extraHeaders };
  if (body !== undefined) headers["content-type"] = "application/json";
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          answer: { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") },
          setCookie: response.headers["set-cookie"] ?? [],
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A listed request (see wrkRequests) sent from this process, for the closed loop. */
export async function sendListed(agent: http.Agent, baseUrl: string, origin: string, r: ListedRequest): Promise<Answer> {
  const headers: Record<string, string> = { cookie: r.cookie };
  if (r.idempotencyKey !== undefined) headers["idempotency-key"] = r.idempotencyKey;
  return (await send(agent, `${baseUrl}${r.path}`, origin, r.method, headers, r.json)).answer;
}

/** One keep-alive agent per server under test, enough sockets for setup's and the load's parallelism. */
export function keepAliveAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 32 });
}

export type Tally = {
  /** 2xx answers. */
  ok: number;
  /** Everything else, by status ("error" for a failed connection). */
  failed: Record<string, number>;
  /** The first few failed answers, to say what went wrong. */
  samples: string[];
  seconds: number;
  /** True when a worker ran out of work (no pending id left) before the time was up. */
  ranOut: boolean;
};

/**
 * A closed loop: `workers` parallel clients, each sending its next request when the last one is
 * answered, for `seconds`. `next(worker)` sends one request and answers it, or null when that
 * worker has no work left. The rate is 2xx answers over the time until the last one came back.
 */
export async function closedLoop(workers: number, seconds: number, next: (worker: number) => Promise<Answer> | null): Promise<Tally> {
  const tally: Tally = { ok: 0, failed: {}, samples: [], seconds: 0, ranOut: false };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async (index: number) => {
    while (performance.now() < deadline) {
      const pending = next(index);
      if (pending === null) {
        tally.ranOut = true;
        return;
      }
      let answer: Answer;
      try {
        answer = await pending;
      } catch (error) {
        answer = { status: 0, body: String(error) };
      }
      if (answer.status >= 200 && answer.status < 300) {
        tally.ok += 1;
      } else {
        const key = answer.status === 0 ? "error" : String(answer.status);
        tally.failed[key] = (tally.failed[key] ?? 0) + 1;
        if (tally.samples.length < 3) tally.samples.push(`${key} ${answer.body.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

export function failedCount(tally: Pick<Tally, "failed">): number {
  return Object.values(tally.failed).reduce((sum, n) => sum + n, 0);
}

export type WrkResult = { rate: number; requests: number; non2xx: number; socketErrors: number; p50: string; p99: string };

/** wrk's own figures for one URL: requests/s, non-2xx answers, socket errors, latency percentiles. */
export async function wrk(
  url: string,
  cookie: string,
  opts: { threads: number; connections: number; seconds: number },
): Promise<WrkResult> {
  const args = [
    `-t${opts.threads}`,
    `-c${opts.connections}`,
    `-d${opts.seconds}s`,
    "--timeout",
    "10s",
    "--latency",
    "-H",
    `Cookie: ${cookie}`,
    url,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
  });
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? "NaN");
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const result: WrkResult = {
    rate: number(/Requests\/sec:\s+([\d.]+)/),
    requests: number(/(\d+) requests in/),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/) || 0,
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    p50: /\s50%\s+(\S+)/.exec(output)?.[1] ?? "?",
    p99: /\s99%\s+(\S+)/.exec(output)?.[1] ?? "?",
  };
  if (!Number.isFinite(result.rate)) throw new Error(`could not read wrk's output:\n${output}`);
  return result;
}

/** One request of a prepared list for wrk (wrk-requests.lua). */
export type ListedRequest = { method: "GET" | "POST"; path: string; cookie: string; idempotencyKey?: string; json?: unknown };

/**
 * Sends each request of `requests` once, `connections` at a time, from wrk (a C load generator)
 * rather than from this process: node:http costs the machine about as much CPU per request as a
 * third of the server's own work, which a closed loop here would take from the thing measured.
 * Answers are counted by status in the script; `seconds` bounds the run.
 */
export async function wrkRequests(
  baseUrl: string,
  origin: string,
  requests: ListedRequest[],
  opts: { threads: number; connections: number; seconds: number; listFile: string },
): Promise<Tally> {
  const line = (r: ListedRequest) => {
    const body = r.json === undefined ? "" : JSON.stringify(r.json);
    const fields = [r.method, r.path, r.cookie, r.idempotencyKey ?? "", body];
    if (fields.some((field) => /[\t\n]/.test(field))) throw new Error(`a listed request cannot hold a tab or a newline: ${r.path}`);
    return fields.join("\t");
  };
  writeFileSync(opts.listFile, requests.map(line).join("\n") + "\n");
  const script = fileURLToPath(new URL("./wrk-requests.lua", import.meta.url));
  const args = [`-t${opts.threads}`, `-c${opts.connections}`, `-d${opts.seconds}s`, "--timeout", "10s", "-s", script, baseUrl];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn("wrk", [...args, "--", opts.listFile, String(opts.threads), origin], { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
  });
  const lines = output.split("\n");
  const value = (name: string) => lines.find((l) => l.startsWith(`nexapay ${name} `))?.slice(`nexapay ${name} `.length);
  const ok = Number(value("ok"));
  const seconds = Number(value("seconds"));
  if (!Number.isFinite(ok) || !Number.isFinite(seconds)) throw new Error(`could not read the wrk script's counts:\n${output}`);
  const failed: Record<string, number> = {};
  for (const status of (value("failed") ?? "").split(" ").filter(Boolean)) failed[status] = (failed[status] ?? 0) + 1;
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  if (socketErrors > 0) failed.error = socketErrors;
  const samples = lines.filter((l) => l.startsWith("nexapay sample ")).map((l) => l.slice("nexapay sample ".length));
  return { ok, failed, samples, seconds, ranOut: value("ran-out") === "1" };
}
