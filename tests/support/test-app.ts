// One Nexapay server per API test file: a fresh database (in-memory PGlite, or a
// database of its own on the test PostgreSQL), a temp DATA_DIR, the real mailer writing .eml files
// there, and buildApp() exactly as main.ts uses it. Requests go through app.inject(); a Browser
// keeps its own cookies and IP address, so a test can act as several people at once.
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import type { ApiErrorBody } from "../../src/shared/api-error.ts";
import { buildApp, type App, type AppDeps } from "../../src/server/app.ts";
import { sql } from "drizzle-orm";
import { grantAdminRole } from "../../src/server/admins/create-admin.ts";
import type { AdminRole } from "../../src/server/auth/admin-roles.ts";
import { loadConfig, type Config } from "../../src/server/config.ts";
import { openDatabase, type Database, type Db } from "../../src/server/db/client.ts";
import type { DbKind } from "./provided-context.ts";
import { withClient } from "./pg-client.ts";

export const publicUrl = "http://localhost:3000";
/** A password that passes every rule, customer and admin alike (≥ 12, mixed case, a digit, not common). */
export const goodPassword = "Correct-Horse-42";

export type JsonRequest = {
  /** Sent as JSON with content-type application/json. */
  json?: unknown;
  /** Sent as it is (with `contentType`, if given); for malformed and oversized bodies. */
  raw?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** The Origin header; our own site unless given, none when null. */
  origin?: string | null;
  /** The client's IP for this one request; the browser's own otherwise. */
  remoteAddress?: string;
};

export type TestResponse = LightMyRequestResponse;

export type Mail = {
  file: string;
  /** The whole message as written (RFC 822). */
  raw: string;
  subject: string;
  /** The text body, transfer encoding undone. */
  text: string;
  /** The first link to our reset page, and its token; null when the mail has none. */
  resetLink: string | null;
  resetToken: string | null;
};

export type SignedUpUser = {
  browser: Browser;
  userId: string;
  email: string;
  password: string;
  username: string;
  country: string;
};

/** A web browser with its own cookie jar and IP address. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: App["app"],
    readonly ip: string,
  ) {}

  get(url: string, options: JsonRequest = {}): Promise<TestResponse> {
    return this.request("GET", url, options);
  }

  post(url: string, json?: unknown, options: JsonRequest = {}): Promise<TestResponse> {
    return this.request("POST", url, json === undefined ? options : { ...options, json });
  }

  async request(method: InjectOptions["method"], url: string, options: JsonRequest = {}): Promise<TestResponse> {
    const headers: Record<string, string> = {};
    const origin = options.origin === undefined ? publicUrl : options.origin;
    if (origin !== null) headers.origin = origin;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let payload: string | Buffer | undefined;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers["content-type"] = "application/json";
    } else if (options.raw !== undefined) {
      payload = options.raw;
    }
    if (options.contentType !== undefined) headers["content-type"] = options.contentType;
    Object.assign(headers, options.headers);
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: options.remoteAddress ?? this.ip,
      ...(payload === undefined ? {} : { payload }),
    });
    this.keepCookies(response);
    return response;
  }

  /** The session cookie's value, to replay it from elsewhere; undefined when signed out. */
  get sessionCookie(): string | undefined {
    for (const [name, value] of this.cookies) if (name.endsWith("session_token")) return value;
    return undefined;
  }

  private keepCookies(response: TestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired =
        cookie.value === "" ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

export type TestApp = {
  app: App["app"];
  auth: App["auth"];
  /** The app's chain watcher; null unless `env` sets TRON_API_URL. Not started: tests call pollOnce(). */
  chainWatcher: App["chainWatcher"];
  /** The app's e-mail outbox sender. Not started: tests call deliverDue() (or start() it themselves). */
  outboxSender: App["outboxSender"];
  db: Db;
  database: Database;
  /** The test database's URL on PostgreSQL (to open a second handle on it, like a second process); null on PGlite. */
  databaseUrl: string | null;
  config: Config;
  kind: DbKind;
  dataDir: string;
  /** A new browser with an empty cookie jar and an IP address of its own. */
  browser: () => Browser;
  /** A fresh IP address, to send one request from somewhere else. */
  nextIp: () => string;
  /** A unique e-mail address for a new account. */
  uniqueEmail: (prefix?: string) => string;
  /** A unique valid username. */
  uniqueUsername: (prefix?: string) => string;
  /** Signs a new customer up through the API (in a new browser unless given); throws unless it worked. */
  signUp: (input?: Partial<Omit<SignedUpUser, "browser" | "userId">> & { browser?: Browser }) => Promise<SignedUpUser>;
  /** Signs in through the API (in a new browser unless given); throws unless it worked. */
  signIn: (email: string, password: string, browser?: Browser) => Promise<Browser>;
  /** Gives an existing user an admin role (the service behind /make-admin and admin:create). */
  /** Grants the role from the command line's side (no appointing admin); `appointed: "now"` keeps the appointment's time (decision 040). */
  makeAdmin: (userId: string, role?: AdminRole, options?: { appointed?: "established" | "now" }) => Promise<void>;
  /** Waits for the newest message to `to` in the outbox (newer than `after`, when given). */
  readLatestMail: (to: string, options?: { after?: Mail; timeoutMs?: number }) => Promise<Mail>;
  /** The outbox files addressed to `to`, oldest first. */
  mailFilesTo: (to: string) => Promise<string[]>;
  close: () => Promise<void>;
};

/**
 * Builds the app on a fresh database of the project's kind; call close() in afterAll. It logs
 * nothing unless given `logger` (the logger options main.ts would pass, e.g. a level and a stream).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    logger?: AppDeps["logger"];
    eventStreamRecheckMs?: number;
    /**
     * "defaults": the owner's checks on withdrawals as shipped (decision 039: a code for each
     * withdrawal, identity required). Otherwise, for the files about other rules, withdrawals are
     * configured as a deployment that confirms them another way: WITHDRAWAL_CONFIRMATION=off and
     * UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT at the daily maximum. `env` overrides either.
     */
    customerProtection?: "defaults" | "lifted";
    /**
     * A second server on another test app's database, with a DATA_DIR of its own (like a second
     * machine): on PostgreSQL a connection pool of its own, on in-memory PGlite the same handle.
     * close() leaves the database to its owner; close this one first.
     */
    databaseOf?: TestApp;
  } = {},
): Promise<TestApp> {
  const kind = inject("dbKind");
  const dataDir = await mkdtemp(path.join(tmpdir(), "nexapay-test-"));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  let config: Config;
  try {
    config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      ...(options.customerProtection === "defaults" ? {} : liftedCustomerProtection),
      ...options.env,
    });
  } catch (error) {
    await removeDataDir();
    throw error;
  }
  const fresh = await (options.databaseOf ? sharedDatabase(options.databaseOf) : freshDatabase(kind)).catch(async (error: unknown) => {
    await removeDataDir();
    throw error;
  });
  const buildReady = async () => {
    const built = await buildApp({
      config,
      database: fresh.database,
      logger: options.logger ?? false,
      webDir: null,
      ...(options.eventStreamRecheckMs ? { eventStreamRecheckMs: options.eventStreamRecheckMs } : {}),
    });
    await built.app.ready();
    return built;
  };
  const { app, auth, chainWatcher, outboxSender } = await buildReady().catch(async (error: unknown) => {
    await fresh.drop().finally(removeDataDir);
    throw error;
  });

  let ipCount = 0;
  const nextIp = () => {
    ipCount += 1;
    return `10.${(ipCount >> 16) & 255}.${(ipCount >> 8) & 255}.${ipCount & 255}`;
  };
  let nameCount = 0;
  const uniqueSuffix = () => `${(nameCount += 1)}${randomBytes(3).toString("hex")}`;
  const uniqueEmail = (prefix = "user") => `${prefix}-${uniqueSuffix()}@example.com`;
  const uniqueUsername = (prefix = "user") => `${prefix}_${uniqueSuffix()}`;
  const browser = () => new Browser(app, nextIp());
  const outboxDir = path.join(config.dataDir, "mail");

  const mailFilesTo = async (to: string): Promise<string[]> => {
    const names = await readdir(outboxDir).catch(() => [] as string[]);
    const suffix = `-${to.replace(/[^A-Za-z0-9@._-]/g, "_")}.eml`;
    return names.filter((name) => name.endsWith(suffix)).sort();
  };

  const testApp: TestApp = {
    app,
    auth,
    chainWatcher,
    outboxSender,
    db: fresh.database.db,
    database: fresh.database,
    databaseUrl: fresh.url,
    config,
    kind,
    dataDir,
    browser,
    nextIp,
    uniqueEmail,
    uniqueUsername,

    async signUp(input = {}) {
      const user = {
        email: input.email ?? uniqueEmail(),
        password: input.password ?? goodPassword,
        username: input.username ?? uniqueUsername(),
        country: input.country ?? "BD",
      };
      const b = input.browser ?? browser();
      const response = await b.post("/api/auth/sign-up/email", user);
      if (response.statusCode !== 200) throw new Error(`sign-up of ${user.email} answered ${response.statusCode}: ${response.body}`);
      const { user: created } = response.json<{ user: { id: string } }>();
      return { ...user, browser: b, userId: created.id };
    },

    async signIn(email, password, b = browser()) {
      const response = await b.post("/api/auth/sign-in/email", { email, password });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${email} answered ${response.statusCode}: ${response.body}`);
      return b;
    },

    async makeAdmin(userId, role = "admin", { appointed = "established" } = {}) {
      await grantAdminRole(fresh.database.db, { userId, role, actorId: null });
      // The files about other rules act with established admins, past NEW_ADMIN_COOLDOWN_HOURS
      // (decision 040); the cooldown's own tests ask for one appointed now.
      if (appointed === "established") {
        await fresh.database.db.execute(
          sql`update admin_appointments set appointed_at = now() - interval '30 days' where admin_id = ${userId}`,
        );
      }
    },

    async readLatestMail(to, { after, timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // Mail queued in the outbox (a password reset, decision 046) is sent by a sender that tests
        // do not start: deliver what is due, as the running server's sender would right after the request.
        await outboxSender.deliverDue();
        const newest = (await mailFilesTo(to)).at(-1);
        if (newest !== undefined && (after === undefined || newest > after.file)) {
          // The mailer renames a message into place whole (decision 027): an .eml file is never empty.
          const raw = await readFile(path.join(outboxDir, newest), "utf8");
          if (raw.length === 0) throw new Error(`${newest} is empty: the mailer let a reader see a message before it was written`);
          return parseMail(newest, raw);
        }
        if (Date.now() > deadline) throw new Error(`no new mail to ${to} in ${outboxDir} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    mailFilesTo,

    async close() {
      // With the database already gone, the app's own onClose hooks (LISTEN) cannot end cleanly.
      const closedEarly = fresh.database.closedEarly();
      try {
        await app.close().catch((error: unknown) => {
          if (!closedEarly) throw error;
        });
      } finally {
        // Whatever happened above, leave no database and no temp folder behind.
        await fresh.drop().finally(removeDataDir);
      }
    },
  };
  return testApp;
}

/** The test apps' settings for files about other rules than the owner's checks (createTestApp's customerProtection). */
export const liftedCustomerProtection = { WITHDRAWAL_CONFIRMATION: "off", UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT: "50000" };

/** The body of an error answer, typed; fails the caller's expectation loudly when it is not one. */
export function errorOf(response: TestResponse): ApiErrorBody["error"] {
  const body = response.json<Partial<ApiErrorBody>>();
  if (!body.error) throw new Error(`expected an error body, got ${response.statusCode}: ${response.body}`);
  return body.error;
}

async function freshDatabase(
  kind: DbKind,
): Promise<{ database: Database & { closedEarly: () => boolean }; url: string | null; drop: () => Promise<void> }> {
  if (kind === "pglite") {
    const database = closableOnce(await openDatabase({ kind: "pglite", dataDir: null }));
    return { database, url: null, drop: () => database.close() };
  }
  const adminUrl = inject("postgresAdminUrl");
  const name = `nexapay_test_${randomBytes(8).toString("hex")}`;
  await withClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = closableOnce(await openDatabase({ kind: "postgres", url: url.toString() }));
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await withClient(adminUrl, async (client) => {
        // pg's pool.end() resolves before its connections are gone; dropping the database "with
        // (force)" under them would make them report a FATAL error as they close. Wait for them.
        const deadline = Date.now() + 5000;
        while (Date.now() < deadline) {
          const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists "${name}" with (force)`);
      });
    },
  };
}

/** Another test app's database, seen by a second app; closing it is its owner's business. */
async function sharedDatabase(
  owner: TestApp,
): Promise<{ database: Database & { closedEarly: () => boolean }; url: string | null; drop: () => Promise<void> }> {
  if (owner.databaseUrl === null) {
    return { database: { ...owner.database, close: async () => {}, closedEarly: () => false }, url: null, drop: async () => {} };
  }
  const database = closableOnce(await openDatabase({ kind: "postgres", url: owner.databaseUrl }));
  return { database, url: owner.databaseUrl, drop: () => database.close() };
}

/**
 * A test may close the database itself (to see the app without one): close() then does nothing
 * more, and closedEarly() tells the teardown not to expect a clean app.close().
 */
function closableOnce(database: Database): Database & { closedEarly: () => boolean } {
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()), closedEarly: () => closing !== undefined };
}

function parseMail(file: string, raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const bodyRaw = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  // Folded header lines continue with whitespace.
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(bodyRaw)
      : encoding === "base64"
        ? Buffer.from(bodyRaw.replace(/\s+/g, ""), "base64").toString("utf8")
        : bodyRaw;
  const link = text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0] ?? null;
  const token = link === null ? null : new URL(link).searchParams.get("token");
  return { file, raw, subject: headers.get("subject") ?? "", text, resetLink: link, resetToken: token };
}

function decodeQuotedPrintable(input: string): string {
  const bytes = Buffer.from(input.replace(/=\r?\n/g, ""), "latin1");
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    const hex = byte === 0x3d ? bytes.subarray(i + 1, i + 3).toString("latin1") : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(byte);
    }
  }
  return Buffer.from(out).toString("utf8");
}
