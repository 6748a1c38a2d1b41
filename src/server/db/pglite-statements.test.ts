// The embedded database's prepared statements (pglite-statements.ts) answer exactly what the plain
// query answers, for every kind of value the server sends, and fall back where they cannot.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withPreparedStatements, type PgliteQueryClient } from "./pglite-statements.ts";

let client: PGlite;
let preparing: PgliteQueryClient;
// Starting PGlite (initdb inside WebAssembly) takes 2–5 s alone and over 10 s, the default hook
// limit, on a machine busy with other test runs: the set-up gets a minute.
beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table t (id serial primary key, name text not null unique, n bigint, at timestamptz, ok boolean, doc jsonb)`);
  preparing = withPreparedStatements(client);
}, 60_000);
afterAll(async () => {
  await client.close();
});

async function preparedNames(): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>("select name from pg_prepared_statements order by name");
  return rows.map((row) => row.name);
}

const insert = "insert into t (name, n, at, ok, doc) values ($1, $2, $3, $4, $5) returning *";
const select = "select id, name, n, at, ok, doc from t where name = $1";

describe("prepared statements on PGlite", () => {
  const names = ["plain", "it's", "quote''twice", "back\\slash", "ইউনিকোড ৳", "$1 and $$dollar$$", "semi; drop table t; --", " "];

  it("writes and reads every kind of value exactly as the plain query does", async () => {
    for (const [i, name] of names.entries()) {
      const values = [
        name,
        90071992547409930n + BigInt(i),
        new Date(Date.UTC(2026, 10, 23, 12, 0, i)),
        i % 2 === 0,
        { name, list: [i, "x'y"] },
      ];
      const written = await preparing.query<Record<string, unknown>>(insert, values);
      const plain = await client.query<Record<string, unknown>>(select, [name]);
      const viaPrepared = await preparing.query<Record<string, unknown>>(select, [name]);
      expect(written.rows).toEqual(plain.rows);
      expect(viaPrepared.rows).toEqual(plain.rows);
      expect(viaPrepared.fields).toEqual(plain.fields);
      expect(plain.rows[0]).toMatchObject({ name, ok: i % 2 === 0, doc: { name, list: [i, "x'y"] } });
    }
    expect(await client.query("select count(*)::int as n from t")).toMatchObject({ rows: [{ n: names.length }] });
    // Both statements were prepared on their second run; the table is still there.
    expect(await preparedNames()).toHaveLength(2);
  });

  it("keeps the row mode and parsers drizzle asks for", async () => {
    const options = { rowMode: "array" as const, parsers: { 1184: (value: string) => `raw:${value}` } };
    const plain = await client.query(select, ["plain"], options);
    const viaPrepared = await preparing.query(select, ["plain"], options);
    expect(viaPrepared.rows).toEqual(plain.rows);
    expect(String((viaPrepared.rows[0] as unknown[])[3])).toMatch(/^raw:2026-11-23/);
  });

  it("reads the date and time types as text, as drizzle asks, in and out of transactions", async () => {
    // drizzle's parsers for these types, as its PGlite driver sends them with every query.
    const drizzleParsers = Object.fromEntries(
      [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (text: string) => text]),
    );
    const options = { rowMode: "array" as const, parsers: drizzleParsers };
    const text = `select '2026-11-23 12:00:00+00'::timestamptz as at, array['2026-11-23'::date] as days, 1.50::numeric as n, '1 day'::interval as i`;
    const expected = [["2026-11-23 12:00:00+00", "{2026-11-23}", "1.50", "1 day"]];
    for (let i = 0; i < 3; i += 1) expect((await preparing.query(text, [], options)).rows).toEqual(expected);
    expect(await preparing.transaction(async (tx) => (await tx.query(text, [], options)).rows)).toEqual(expected);
  });

  it("answers NULL as NULL, and a statement without parameters", async () => {
    await preparing.query(insert, ["nulls", null, null, null, null]);
    const plain = await client.query(select, ["nulls"]);
    expect((await preparing.query(select, ["nulls"])).rows).toEqual(plain.rows);
    for (let i = 0; i < 3; i += 1) expect((await preparing.query("select 41 + 1 as answer")).rows).toEqual([{ answer: 42 }]);
  });

  it("fails as the plain query fails, naming the statement as sent, never the values written into it", async () => {
    const secret = "session-token-that-must-not-be-logged";
    await preparing.query(insert, [secret, 1n, null, null, null]);
    const failure = await preparing.query(insert, [secret, 1n, null, null, null]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "23505", constraint: "t_name_key", query: insert });
    const described = JSON.stringify(failure, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
    expect(described).not.toContain(`'${secret}'`);
    expect(described).not.toContain("execute nexapay_stmt");
  });

  it("leaves a value with a NUL byte, options it does not know and unpreparable statements to the plain path", async () => {
    const plainError = await client.query(select, ["a\0b"]).catch((error: unknown) => error);
    const preparedError = await preparing.query(select, ["a\0b"]).catch((error: unknown) => error);
    expect(preparedError).toEqual(plainError);
    await preparing.query("set application_name = 'nexapay-test'");
    await preparing.query("set application_name = 'nexapay-test'");
    expect((await preparing.query<{ name: string }>("show application_name")).rows).toEqual([{ application_name: "nexapay-test" }]);
    const before = await preparedNames();
    for (let i = 0; i < 3; i += 1) await preparing.query("select $1::text as v", ["x"], { paramTypes: [25] });
    expect(await preparedNames()).toEqual(before);
  });

  it("runs a transaction on the client's own connection, unprepared", async () => {
    const answer = await preparing.transaction(async (tx) => (await tx.query<{ v: number }>("select 7 as v")).rows[0]?.v);
    expect(answer).toBe(7);
  });
});
