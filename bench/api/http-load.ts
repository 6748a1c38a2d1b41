// The bench's HTTP side: a small keep-alive client with a cookie jar (setup and the money actions),
// a closed-loop load of N parallel workers, and wrk for the GET rates. node:http rather than fetch:
// the client shares the 2 CPUs with the server and PostgreSQL, and fetch costs several times more
// CPU per request, which would be taken from the thing being measured.
import { spawn } from "node:child_process";
import http from "node:http";

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

  request(method: string, path: string, json?: unknown, extraHeaders: Record<string, string> = {}): Promise<Answer> {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const headers: Record<string, string> = { origin: this.origin, ...extraHeaders };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (body !== undefined) headers["content-type"] = "application/json";
    return new Promise((resolve, reject) => {
      const request = http.request(`${this.baseUrl}${path}`, { method, headers, agent: this.agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          this.keepCookies(response.headers["set-cookie"] ?? []);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
        });
      });
      request.on("error", reject);
      request.end(body);
    });
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
