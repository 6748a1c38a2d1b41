// The target's own triggers stay quiet while rows are copied in (decision 043). Copied rows already
// carry what the triggers would compute: transactions' AFTER INSERT trigger would add every pending
// withdrawal to its customer's held_minor a second time (the copied profile already holds it), and
// the search-text triggers would only write again what was copied.
//
// ALTER TABLE … DISABLE TRIGGER, by name, needs only to own the table, and the role that ran the
// migrations owns them all; `set session_replication_role = replica` would need a superuser. It runs
// inside the copy's transaction and the triggers are enabled again before its commit, so no other
// session ever sees a table without them (the ALTER's lock keeps everyone out until then). Foreign
// keys are system triggers and stay on: the tables are copied parents first.
import pg from "pg";

/** `enabled`: pg_trigger.tgenabled, O (as usual), A (always) or R (replica), to enable it again the same way. */
export type QuietTrigger = { table: string; trigger: string; enabled: string };

const enableAs: Record<string, string> = { O: "enable", A: "enable always", R: "enable replica" };

/** Disables every enabled user trigger of schema public; answers them, to enable again. */
export async function disableUserTriggers(target: pg.ClientBase): Promise<QuietTrigger[]> {
  const { rows } = await target.query<QuietTrigger>(`
    select c.relname as table, t.tgname as trigger, t.tgenabled::text as enabled
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal and t.tgenabled <> 'D'
    order by 1, 2`);
  for (const row of rows)
    await target.query(`alter table public.${pg.escapeIdentifier(row.table)} disable trigger ${pg.escapeIdentifier(row.trigger)}`);
  return rows;
}

export async function enableTriggers(target: pg.ClientBase, triggers: QuietTrigger[]): Promise<void> {
  for (const row of triggers) {
    await target.query(
      `alter table public.${pg.escapeIdentifier(row.table)} ${enableAs[row.enabled] ?? "enable"} trigger ${pg.escapeIdentifier(row.trigger)}`,
    );
  }
}
