// What operations watch (decision 045): GET /metrics behind its bearer token, with business gauges
// that count exactly what the back office shows and read the database at most once per 15 s; the
// liveness and readiness probes; and the request id on every answer, in the log lines, and in every
// 5xx error object.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { buildApp, type App } from "../../../src/server/app.ts";
import type { Config } from "../../../src/server/config.ts";
import { emailOutbox, transactions } from "../../../src/server/db/schema.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { fund, tronAddress } from "../../support/wallet/money.ts";

type Sample = { value?: string; labels?: Record<string, string>; count?: string; buckets?: Record<string, string> };
type Family = { name: string; type: string; help: string; metrics: Sample[] };
// The parser has no type declarations: loaded untyped, and its answer described above.
const parsePrometheus = createRequire(import.meta.url)("parse-prometheus-text-format") as (text: string) => Family[];

const token = "metrics-token-for-the-test-0123456789";
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
let admin: EnrolledAdmin;
let customer: SignedUpUser;
/** Apps built beside t on its database (other settings), closed at the end. */
const extraApps: App["app"][] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: token, CONTACT_MESSAGES_PER_IP_PER_HOUR: "1" } });
  admin = await signUpAdmin(t);
  customer = await t.signUp();
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t.close();
});

/** Another app on t's database with some settings changed (and a logger, when given). */
async function appWith(
  changes: Partial<Config>,
  logger: Parameters<typeof buildApp>[0]["logger"] = false,
  webDir: string | null = null,
): Promise<App["app"]> {
  const { app } = await buildApp({ config: { ...t.config, ...changes }, database: t.database, logger, webDir });
  await app.ready();
  extraApps.push(app);
  return app;
}

function scrapeWith(app: App["app"], authorization?: string): Promise<TestResponse> {
  return app.inject({ method: "GET", url: "/metrics", headers: authorization === undefined ? {} : { authorization } });
}

async function scrape(app: App["app"] = t.app): Promise<Family[]> {
  const response = await scrapeWith(app, `Bearer ${token}`);
  expect(response.statusCode, response.body).toBe(200);
  return parsePrometheus(response.body);
}

function family(families: Family[], name: string): Family | undefined {
  return families.find((f) => f.name === name);
}

/** The one sample of `name` whose labels include `labels`; throws when there is none. */
function valueOf(families: Family[], name: string, labels: Record<string, string> = {}): number {
  const sample = family(families, name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  if (sample?.value === undefined) throw new Error(`no sample ${name} ${JSON.stringify(labels)}`);
  return Number(sample.value);
}

describe("GET /metrics: who may read it", () => {
  test("without METRICS_TOKEN there is no /metrics: our usual 404", async () => {
    const app = await appWith({ metricsToken: undefined });
    const response = await scrapeWith(app, `Bearer ${token}`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("NOT_FOUND");
  });

  test("without METRICS_TOKEN, /metrics is a 404 even where the web app answers every other page", async () => {
    // The web app's fallback answers its page (200) to a GET of a path no route has.
    const webDir = await mkdtemp(path.join(tmpdir(), "nexapay-web-"));
    await writeFile(path.join(webDir, "index.html"), "<!doctype html><title>Nexapay</title>");
    try {
      const app = await appWith({ metricsToken: undefined }, false, webDir);
      expect((await app.inject({ method: "GET", url: "/dashboard" })).statusCode).toBe(200);
      const response = await scrapeWith(app);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe("NOT_FOUND");
    } finally {
      await rm(webDir, { recursive: true, force: true });
    }
  });

  test.each([
    ["no Authorization header", undefined],
    ["a wrong token of the same length", `Bearer ${token.replace(/.$/, "X")}`],
    ["a shorter token", `Bearer ${token.slice(0, 16)}`],
    ["a longer token", `Bearer ${token}0`],
    ['"Bearer" alone', "Bearer"],
    ['"Bearer " and nothing', "Bearer "],
    ["the token without its scheme", token],
    ["another scheme", `Basic ${Buffer.from(`metrics:${token}`).toString("base64")}`],
  ])("%s: 401 with our error object", async (_what, authorization) => {
    const response = await scrapeWith(t.app, authorization);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("UNAUTHENTICATED");
    expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(response.body).not.toContain("nexapay_");
  });

  test("is not in the OpenAPI document; the probes are, as public", async () => {
    const spec = (await t.browser().get("/api/openapi.json")).json<{ paths: Record<string, { get?: { tags?: string[] } }> }>();
    expect(spec.paths["/metrics"]).toBeUndefined();
    expect(spec.paths["/api/health/live"]?.get?.tags).toEqual(["public"]);
    expect(spec.paths["/api/health/ready"]?.get?.tags).toEqual(["public"]);
  });
});

describe("GET /metrics: what it says", () => {
  // Arranged before t's first scrape: its business gauges are then read once, with all of this in place.
  beforeAll(async () => {
    const deposit = async () => {
      const response = await customer.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>();
    };
    const old = await deposit();
    // Two hours old, and its window long over: an expired request is still pending until someone rejects it.
    await t.db
      .update(transactions)
      .set({ createdAt: sql`now() - interval '2 hours'`, expiresAt: sql`now() - interval '1 hour'` })
      .where(eq(transactions.id, old.id));
    const rejected = await deposit();
    await deposit();
    // A decision queues the customer's e-mail in the outbox (nothing sends it in this test).
    const reject = await admin.browser.post(`/api/admin/transactions/${rejected.id}/reject`, { reason: "No transfer arrived." });
    expect(reject.statusCode, reject.body).toBe(200);
    await fund(t, { userId: customer.userId, amount: "60000", adminId: admin.userId });
    const withdrawal = await customer.browser.post("/api/withdrawals", {
      walletType: "Nagad",
      walletNumber: "01812345678",
      amount: "1000",
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    // At FOUR_EYES_MIN_BDT (25,000) an adjustment waits for a second admin.
    const adjustment = await admin.browser.post(`/api/admin/users/${customer.userId}/balance-adjustments`, {
      direction: "add",
      amount: "25000",
      note: "Refund",
    });
    expect(adjustment.statusCode, adjustment.body).toBe(202);
  });

  test("the business gauges count what the back office shows for the same state", async () => {
    const families = await scrape();
    const stats = (await admin.browser.get("/api/admin/stats")).json<{
      pendingDeposits: number;
      pendingWithdrawals: number;
      awaitingSecondApproval: number;
    }>();
    const listTotal = async (url: string) => (await admin.browser.get(url)).json<{ total: number }>().total;
    expect(stats).toMatchObject({ pendingDeposits: 2, pendingWithdrawals: 1, awaitingSecondApproval: 1 });
    expect(valueOf(families, "nexapay_pending_transactions", { type: "deposit" })).toBe(stats.pendingDeposits);
    expect(valueOf(families, "nexapay_pending_transactions", { type: "deposit" })).toBe(
      await listTotal("/api/admin/transactions?status=pending&type=deposit"),
    );
    expect(valueOf(families, "nexapay_pending_transactions", { type: "withdraw" })).toBe(stats.pendingWithdrawals);
    expect(valueOf(families, "nexapay_pending_transactions", { type: "withdraw" })).toBe(
      await listTotal("/api/admin/transactions?status=pending&type=withdraw"),
    );
    expect(valueOf(families, "nexapay_second_approvals_awaiting")).toBe(stats.awaitingSecondApproval);
    expect(valueOf(families, "nexapay_second_approvals_awaiting")).toBe(await listTotal("/api/admin/second-approvals?status=awaiting"));

    // The oldest pending deposit is the two-hour-old one; the withdrawal was made seconds ago.
    const oldestDeposit = valueOf(families, "nexapay_oldest_pending_seconds", { type: "deposit" });
    expect(oldestDeposit).toBeGreaterThanOrEqual(7200);
    expect(oldestDeposit).toBeLessThan(7200 + 120);
    const oldestWithdrawal = valueOf(families, "nexapay_oldest_pending_seconds", { type: "withdraw" });
    expect(oldestWithdrawal).toBeGreaterThanOrEqual(0);
    expect(oldestWithdrawal).toBeLessThan(120);

    const [unsent] = await t.db.select({ n: count() }).from(emailOutbox).where(isNull(emailOutbox.sentAt));
    expect(unsent?.n).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, "nexapay_email_outbox_backlog")).toBe(unsent?.n);
    expect(valueOf(families, "nexapay_email_outbox_oldest_seconds")).toBeGreaterThanOrEqual(0);
    expect(valueOf(families, "nexapay_email_outbox_oldest_seconds")).toBeLessThan(300);

    // No chain watcher configured: no gauge for it.
    expect(family(families, "nexapay_chain_last_success_age_seconds")).toBeUndefined();
    // The process's own metrics, on the app's registry.
    expect(valueOf(families, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(family(families, "nodejs_eventloop_lag_seconds")).toBeDefined();
    expect(valueOf(families, "nexapay_metrics_refresh_failures_total")).toBe(0);
  });

  test("within 15 s the gauges are not read again: after the outbox is sent, they still say what they said", async () => {
    const before = await scrape();
    expect(await t.outboxSender.deliverDue()).toBeGreaterThanOrEqual(1);
    const after = await scrape();
    expect(valueOf(after, "nexapay_email_outbox_backlog")).toBe(valueOf(before, "nexapay_email_outbox_backlog"));
    expect(valueOf(after, "nexapay_metrics_refreshes_total")).toBe(valueOf(before, "nexapay_metrics_refreshes_total"));
  });

  test("200 scrapes in a tight loop, half of them at once, read the database once", async () => {
    const app = await appWith({});
    const at = (families: Family[]) => valueOf(families, "nexapay_metrics_refreshes_total");
    await Promise.all(Array.from({ length: 100 }, () => scrape(app)));
    for (let i = 0; i < 99; i++) await scrape(app);
    expect(at(await scrape(app))).toBe(1);
  });

  test("http_request_duration_seconds: by route pattern, never by the path asked for; /metrics itself is not counted", async () => {
    const unknown = "00000000-0000-4000-8000-00000000abcd";
    expect((await admin.browser.get(`/api/admin/transactions/${unknown}`)).statusCode).toBe(404);
    expect((await t.browser().get("/api/no-such-thing/12345")).statusCode).toBe(404);
    expect((await t.browser().get("/api/health/live")).statusCode).toBe(200);
    const response = await scrapeWith(t.app, `Bearer ${token}`);
    expect(family(parsePrometheus(response.body), "http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    // The parser leaves a histogram's labels out: its _count lines are read here instead.
    const series = response.body
      .split("\n")
      .filter((line) => line.startsWith("http_request_duration_seconds_count{"))
      .map((line) => ({
        labels: Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]])) as Record<string, string>,
        count: Number(line.split(" ").at(-1)),
      }));
    const routes = new Set(series.map((m) => m.labels.route));
    expect(routes).toContain("/api/admin/transactions/:id");
    expect(routes).toContain("/api/health/live");
    expect(routes).toContain("unmatched");
    expect(routes).not.toContain("/metrics");
    expect([...routes].some((route) => route?.includes("12345") || route?.includes(unknown))).toBe(false);
    const live = series.find((m) => m.labels.route === "/api/health/live");
    expect(live?.labels).toEqual({ method: "GET", route: "/api/health/live", status_class: "2xx" });
    expect(Number(live?.count)).toBeGreaterThanOrEqual(1);
  });

  test("every 429 is counted under its limit", async () => {
    const read = async () => {
      const sample = family(await scrape(), "nexapay_throttled_requests_total")?.metrics.find((m) => m.labels?.limit === "/api/contact");
      return Number(sample?.value ?? 0);
    };
    const before = await read();
    const visitor = t.browser();
    const message = { name: "Rahim", email: "rahim@example.com", subject: "Sales", message: "Please call me." };
    expect((await visitor.post("/api/contact", message)).statusCode).toBe(201);
    const refused = await visitor.post("/api/contact", message);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe("RATE_LIMITED");
    expect(await read()).toBe(before + 1);
  });

  test("with the chain watcher configured: seconds since its last successful poll, on the database's clock", async () => {
    await t.db.execute(sql`insert into chain_watcher_state (id, last_success_at) values (1, now() - interval '90 seconds')
      on conflict (id) do update set last_success_at = excluded.last_success_at`);
    const chain = {
      apiUrl: "http://127.0.0.1:9",
      apiKey: undefined,
      usdtContract: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      pollSeconds: 30,
      stallMinutes: 30,
      autoCredit: false,
    };
    const age = valueOf(await scrape(await appWith({ chain })), "nexapay_chain_last_success_age_seconds");
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(90 + 60);
  });
});

describe("request ids", () => {
  test.each([
    ["a 200", "/api/health/live", 200],
    ["a 404", "/api/no-such-thing", 404],
    ["a 401", "/api/me", 401],
  ])("%s carries a fresh X-Request-Id", async (_what, url, status) => {
    const response = await t.browser().get(url);
    expect(response.statusCode).toBe(status);
    expect(response.headers["x-request-id"]).toMatch(uuid);
  });

  test("a 400 (a body that is not JSON) carries one too, and each answer has its own", async () => {
    const first = await t.browser().post("/api/contact", undefined, { raw: "{not json", contentType: "application/json" });
    const second = await t.browser().post("/api/contact", undefined, { raw: "{not json", contentType: "application/json" });
    expect(first.statusCode).toBe(400);
    expect(first.headers["x-request-id"]).toMatch(uuid);
    expect(second.headers["x-request-id"]).toMatch(uuid);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  test("a router error (a malformed path) carries one", async () => {
    const response = await t.browser().get("/api/admin/users/%E0%A4%A");
    expect(response.statusCode).toBe(400);
    expect(response.headers["x-request-id"]).toMatch(uuid);
  });

  test("an id sent by a client we do not trust is not taken", async () => {
    const response = await t.browser().get("/api/health/live", { headers: { "x-request-id": "chosen-by-the-client" } });
    expect(response.headers["x-request-id"]).toMatch(uuid);
  });

  describe("behind a trusted proxy (TRUST_PROXY=127.0.0.1)", () => {
    let proxied: App["app"];
    beforeAll(async () => {
      proxied = await appWith({ trustProxy: ["127.0.0.1"] });
    });
    const get = (id: string, remoteAddress: string) =>
      proxied.inject({ method: "GET", url: "/api/health/live", remoteAddress, headers: { "x-request-id": id } });

    test("the proxy's id is kept", async () => {
      expect((await get("edge-4f1c.2026:abc_1-2", "127.0.0.1")).headers["x-request-id"]).toBe("edge-4f1c.2026:abc_1-2");
    });

    test("the same header from another address is not", async () => {
      expect((await get("edge-4f1c.2026:abc_1-2", "203.0.113.9")).headers["x-request-id"]).toMatch(uuid);
    });

    test.each([
      ["too long", "a".repeat(129)],
      ["with spaces and quotes", 'a b "c"'],
      ["with a newline", "abc\ninjected: yes"],
      ["with a carriage return and a line feed", "abc\r\nSet-Cookie: x=1"],
      ["empty", ""],
      ["with a non-ASCII letter", "ঢাকা"],
    ])("an id %s is replaced by a fresh one, never echoed", async (_what, id) => {
      const response = await get(id, "127.0.0.1");
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-request-id"]).toMatch(uuid);
    });
  });

  test("every log line of a request carries its id as requestId", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    });
    const app = await appWith({}, { level: "info", stream });
    const response = await app.inject({ method: "GET", url: "/api/health/ready" });
    const id = response.headers["x-request-id"];
    expect(id).toMatch(uuid);
    const ofRequest = lines.filter((line) => line.requestId === id);
    expect(ofRequest.map((line) => line.msg)).toEqual(expect.arrayContaining(["incoming request", "request completed"]));
    expect(lines.some((line) => "reqId" in line)).toBe(false);
  });
});

// Last: these close databases.
describe("probes and 5xx answers", () => {
  test("live and ready answer 200 {status: ok}", async () => {
    for (const url of ["/api/health/live", "/api/health/ready"]) {
      const response = await t.browser().get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: "ok" });
    }
    // GET /api/health is as it was.
    expect((await t.browser().get("/api/health")).json()).toEqual({ status: "ok", database: t.kind, chain: { state: "off" } });
  });

  // PostgreSQL only: PGlite runs inside our own thread, so a statement that hangs it hangs the whole
  // process, the timer and the liveness probe included (one reason production runs PostgreSQL).
  test.runIf(inject("dbKind") === "postgres")(
    "ready answers 503 within about 2 s when the database is busy past it; live still 200",
    async () => {
      // Every connection of the pool (ten) is held by a slow statement. (Promise.all starts them: a
      // drizzle query runs when it is awaited.)
      const held = Promise.all(Array.from({ length: 10 }, () => t.db.execute(sql`select pg_sleep(4)`)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      const response = await t.browser().get("/api/health/ready");
      const tookMs = performance.now() - started;
      expect(response.statusCode).toBe(503);
      expect(tookMs).toBeGreaterThanOrEqual(1900);
      expect(tookMs).toBeLessThan(3500);
      expect(errorOf(response)).toMatchObject({ code: "UNAVAILABLE", requestId: response.headers["x-request-id"] });
      expect((await t.browser().get("/api/health/live")).statusCode).toBe(200);
      await held;
      expect((await t.browser().get("/api/health/ready")).statusCode).toBe(200);
    },
  );

  test("a stopping server answers ready, and everything else, 503 with our error object", async () => {
    const { app } = await buildApp({ config: t.config, database: t.database, logger: false, webDir: null });
    const answers: { status: number; body: { error?: { code?: string; requestId?: string } }; id: string | null }[] = [];
    // Registered after buildApp's own: runs while the server stops, before its connections close.
    app.addHook("preClose", async () => {
      for (const path of ["/api/health/ready", "/api/health/live"]) {
        const response = await fetch(`${base}${path}`);
        answers.push({ status: response.status, body: (await response.json()) as never, id: response.headers.get("x-request-id") });
      }
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    const base = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "";
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    await app.close();
    expect(answers).toHaveLength(2);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body.error?.code).toBe("UNAVAILABLE");
      expect(answer.body.error?.requestId).toBe(answer.id);
      expect(answer.id).toMatch(uuid);
    }
  });

  test("once the database is gone: ready 503, live 200, the scrape 200 with the values it had, and every 5xx carries its request id", async () => {
    const own = await createTestApp({ env: { METRICS_TOKEN: token } });
    try {
      const before = await scrape(own.app);
      await own.database.close();
      const ready = await own.browser().get("/api/health/ready");
      expect(ready.statusCode).toBe(503);
      expect(errorOf(ready)).toMatchObject({ code: "UNAVAILABLE", requestId: ready.headers["x-request-id"] });
      expect((await own.browser().get("/api/health/live")).statusCode).toBe(200);

      for (const url of ["/api/health", "/api/setup"]) {
        const response = await own.browser().get(url);
        expect(response.statusCode, url).toBeGreaterThanOrEqual(500);
        expect(response.headers["x-request-id"]).toMatch(uuid);
        expect(errorOf(response).requestId, url).toBe(response.headers["x-request-id"]);
      }

      // The gauges' values are 15 s old at most; past that, the next scrape tries the database again.
      await new Promise((resolve) => setTimeout(resolve, 15_500));
      const after = await scrape(own.app);
      expect(valueOf(after, "nexapay_metrics_refresh_failures_total")).toBe(1);
      expect(valueOf(after, "nexapay_pending_transactions", { type: "deposit" })).toBe(
        valueOf(before, "nexapay_pending_transactions", { type: "deposit" }),
      );
      expect(valueOf(after, "nexapay_metrics_age_seconds")).toBeGreaterThanOrEqual(15);
    } finally {
      await own.close();
    }
  });
});
