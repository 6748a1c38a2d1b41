// Drizzle applies a migration only if its journal time is later than the newest one a database
// has applied (migration-clock.ts). These keep the journal in an order that rule can follow.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { movedMigrationTimes } from "./migration-clock.ts";

type Journal = { entries: { idx: number; when: number; tag: string }[] };
const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, "migrations/meta/_journal.json"), "utf8")) as Journal;

describe("the migrations journal", () => {
  it("gives each migration a later time than the one before it", () => {
    const late = journal.entries.filter((entry, i) => i > 0 && entry.when <= (journal.entries[i - 1]?.when ?? 0));
    // A migration listed here would never be applied to a database that has the one before it.
    // drizzle-kit stamps a new one with the clock; set its `when` above the previous entry's.
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });

  it("holds the moved migrations at their new times", () => {
    for (const moved of movedMigrationTimes) {
      expect(journal.entries.find((entry) => entry.tag === moved.tag)?.when).toBe(moved.now);
      expect(moved.was).toBeLessThan(moved.now);
    }
  });
});
