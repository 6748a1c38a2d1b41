// Row-change events leave their transaction through change_events and the relay (decision 029,
// docs/architecture.md, Realtime). What must hold: an event exists only if its change committed; each
// one is told exactly once, even with two relays (two server processes) at work, and two changes of
// one row are told as two; no transaction but the relay's sends a NOTIFY (a notifying transaction
// makes every other notifying one wait for its flush to disk); and the relay's own relaxed commit
// never outlives its transaction.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, queryRows, type Database, type Db } from "../../../src/server/db/client.ts";
import { changesChannel } from "../../../src/server/realtime/notify.ts";
import { createTestApp, type SignedUpUser, type TestApp } from "../../support/test-app.ts";

let t: TestApp;
let rahim: SignedUpUser;
/** Every payload heard on the changes channel since the test began. */
const heard: string[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  rahim = await t.signUp();
  stopListening = await t.database.listen(changesChannel, (payload) => heard.push(payload));
});
afterAll(async () => {
  await stopListening();
  await t.close();
});

type Heard = { table: string; userId: string; id: string; event: number };
const heardFor = (rowId: string): Heard[] => heard.map((payload) => JSON.parse(payload) as Heard).filter((event) => event.id === rowId);

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const notifyChange = (db: Db, rowId: string) => db.execute(sql`select nexapay_notify_change('transactions', ${rahim.userId}, ${rowId})`);
const relay = async (db: Db) =>
  (await queryRows<{ relayed: number }>(db, sql`select nexapay_relay_change_events(500) as relayed`))[0]!.relayed;
/** Ids as one array parameter (drizzle would spread a JavaScript array into a list of parameters). */
const uuidArray = (ids: string[]) => `{${ids.join(",")}}`;
const waiting = async (rowIds: string[]) =>
  (
    await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from change_events where row_id = any(${uuidArray(rowIds)}::uuid[])`)
  )[0]!.n;

describe("change events", () => {
  test("a change that rolls back leaves no event; one that commits is told once", async () => {
    const rolledBack = crypto.randomUUID();
    const committed = crypto.randomUUID();
    await expect(
      t.db.transaction(async (tx) => {
        await notifyChange(tx, rolledBack);
        throw new Error("the change fails after its event was written");
      }),
    ).rejects.toThrow("the change fails");
    await notifyChange(t.db, committed);
    await relay(t.db);
    await until(() => heardFor(committed).length === 1, "the committed change's event");
    expect(await waiting([rolledBack, committed])).toBe(0);
    expect(heardFor(rolledBack)).toEqual([]);
    const [told, ...more] = heardFor(committed);
    expect(more).toEqual([]);
    expect(told).toMatchObject({ table: "transactions", userId: rahim.userId, id: committed });
    expect(Number.isInteger(told!.event)).toBe(true);
  });

  test("two changes of one row in one transaction are told as two, oldest first", async () => {
    const row = crypto.randomUUID();
    await t.db.transaction(async (tx) => {
      await notifyChange(tx, row);
      await notifyChange(tx, row);
    });
    await relay(t.db);
    await until(() => heardFor(row).length === 2, "both events");
    const [first, second] = heardFor(row);
    expect(first!.event).toBeLessThan(second!.event);
  });

  test("a request's change reaches the listeners without anyone relaying by hand", async () => {
    const response = await rahim.browser.post("/api/deposits", { fromAddress: "TKBTfBqELELT4JwJepyXTD18pcAVTpGe74", usdtAmount: "20" });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    await until(() => heardFor(id).length === 1, "the deposit's event");
    expect(await waiting([id])).toBe(0);
  });

  test("no function but the relay sends a NOTIFY", async () => {
    const senders = await queryRows<{ name: string }>(
      t.db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prosrc ilike '%pg_notify%' order by 1`,
    );
    expect(senders.map((row) => row.name)).toEqual(["nexapay_relay_change_events"]);
  });

  test("the relay's commit that does not wait for the disk ends with its transaction", async () => {
    // One connection throughout (PGlite has only one; on PostgreSQL a client of its own), so the
    // setting read after the relay is that same session's.
    // The session waits for the disk (the test cluster itself does not, to run faster).
    const readAfterRelay = async (rowsOf: (text: string) => Promise<Record<string, unknown>[]>) => {
      await rowsOf("set synchronous_commit = on");
      await rowsOf("select nexapay_relay_change_events(500)");
      const after = (await rowsOf("show synchronous_commit"))[0]!.synchronous_commit;
      await rowsOf("reset synchronous_commit");
      return after;
    };
    if (t.databaseUrl === null) {
      expect(await readAfterRelay((text) => queryRows<Record<string, unknown>>(t.db, sql.raw(text)))).toBe("on");
      return;
    }
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      expect(await readAfterRelay(async (text) => (await client.query<Record<string, unknown>>(text)).rows)).toBe("on");
    } finally {
      await client.end();
    }
  });

  test("two relays at once (two server processes) tell each event exactly once", async ({ skip }) => {
    if (t.databaseUrl === null) skip("PGlite has one connection: there is no second process to race");
    const other: Database = await openDatabase({ kind: "postgres", url: t.databaseUrl! });
    try {
      const rows = Array.from({ length: 1200 }, () => crypto.randomUUID());
      await t.db.execute(
        sql`insert into change_events (change_table, user_id, row_id)
            select 'transactions', ${rahim.userId}, unnest(${uuidArray(rows)}::uuid[])`,
      );
      await Promise.all([relay(t.db), relay(other.db), relay(t.db), relay(other.db), relay(t.db), relay(other.db)]);
      await until(() => rows.every((row) => heardFor(row).length > 0), "every event", 10_000);
      expect(rows.filter((row) => heardFor(row).length !== 1)).toEqual([]);
      expect(await waiting(rows)).toBe(0);
    } finally {
      await other.close();
    }
  });
});
