// The day's figures (decision 053): one solvency row and one proof per Dhaka day, however often
// the check runs; with the chain watcher on, not before every reserve address was read once.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { queryRows } from "../../../src/server/db/db-handle.ts";
import { createDailySnapshots, dhakaDate } from "../../../src/server/proof-of-reserves/daily-snapshots.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function counts(): Promise<{ rows: number; proofs: number; day: string | null }> {
  const [row] = await queryRows<{ rows: number; proofs: number; day: string | null }>(
    t.db,
    sql`select (select count(*)::int from solvency_snapshots) as rows, (select count(*)::int from por_snapshots) as proofs,
          (select max(day)::text from por_snapshots) as day`,
  );
  return row!;
}

test("Dhaka's day starts at 18:00 UTC the evening before", () => {
  expect(dhakaDate(new Date("2026-11-27T17:59:59Z"))).toBe("2026-11-27");
  expect(dhakaDate(new Date("2026-11-27T18:00:00Z"))).toBe("2026-11-28");
});

test("with the watcher on, the day's figures wait for the reserves' first read, then are taken once", async () => {
  const settings = { reserveAddresses: t.config.reserveAddresses, rateBdtPerUsdt: t.config.rateBdtPerUsdt };
  const daily = createDailySnapshots({ db: t.db, settings, chainOn: true, log: t.app.log });
  await daily.runOnce();
  expect(await counts()).toEqual({ rows: 0, proofs: 0, day: null });

  await t.db.execute(
    sql`insert into reserve_readings (address, amount_micro, read_at) values (${t.config.depositAddress}, 5000000, now())`,
  );
  await daily.runOnce();
  await daily.runOnce();
  await Promise.all([daily.runOnce(), daily.runOnce()]);
  expect(await counts()).toEqual({ rows: 1, proofs: 1, day: dhakaDate(new Date()) });
  const [row] = await queryRows<{ usdt: string }>(t.db, sql`select usdt_micro::text as usdt from solvency_snapshots`);
  expect(row!.usdt).toBe("5000000");
  await daily.stop();
});
