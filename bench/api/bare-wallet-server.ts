// The yardstick for GET /api/wallet: the least a Node server can do for the same answer. Plain
// node:http, no framework; per request it checks the session cookie's signature (HMAC-SHA256 with
// AUTH_SECRET, as better-auth signs it) and then, in ONE query, that the session exists and has
// not expired and what its user's balance is. What the product does beyond this (recent
// transactions, held money, suspension and framework work) is what the ratio measures.
//
//   PORT=… AUTH_SECRET=… DATABASE_URL=postgres://… node --import tsx bench/api/bare-wallet-server.ts
//   PORT=… AUTH_SECRET=… PGLITE_DIR=<DATA_DIR>/db   node --import tsx bench/api/bare-wallet-server.ts
//
// It prints "ready" once listening. PGLITE_DIR opens the product's embedded database (the product
// must be stopped: PGlite's files take one process at a time).
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { formatBdt } from "#shared/money.ts";

const port = Number(process.env.PORT);
const secret = process.env.AUTH_SECRET ?? "";
const walletQuery = `
  select p.balance_minor::text as balance
  from session s join profiles p on p.id = s.user_id
  where s.token = $1 and s.expires_at > now()`;

type Query = (token: string) => Promise<{ balance: string }[]>;

async function openQuery(): Promise<{ query: Query; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    // The product's pool size (src/server/db/client.ts).
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      query: async (token) => (await pool.query<{ balance: string }>(walletQuery, [token])).rows,
      close: () => pool.end(),
    };
  }
  const dir = process.env.PGLITE_DIR;
  if (!dir) throw new Error("set DATABASE_URL or PGLITE_DIR");
  // Loaded only here, so that the PostgreSQL handler's memory holds no PGlite.
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  return { query: async (token) => (await db.query<{ balance: string }>(walletQuery, [token])).rows, close: () => db.close() };
}

/** The session token from a better-auth cookie (`token.signature`, URL-encoded), or null if forged. */
function sessionToken(cookieHeader: string | undefined): string | null {
  const match = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/.exec(cookieHeader ?? "");
  if (!match) return null;
  const value = decodeURIComponent(match[1]!);
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const { query, close } = await openQuery();

const server = http.createServer((request, response) => {
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(body));
  };
  if (request.method !== "GET" || request.url !== "/api/wallet") return send(404, { error: "not found" });
  const token = sessionToken(request.headers.cookie);
  if (token === null) return send(401, { error: "unauthenticated" });
  query(token).then(
    ([row]) => (row ? send(200, { balance: formatBdt(BigInt(row.balance)) }) : send(401, { error: "unauthenticated" })),
    (error: unknown) => send(500, { error: String(error) }),
  );
});
server.keepAliveTimeout = 60_000;

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close();
    void close().finally(() => process.exit(0));
  });
}

server.listen(port, "127.0.0.1", () => console.log("ready"));
