// `npm run seed:demo -- --users 100000 --transactions 1000000`
// Fills the database with demo customers and a consistent money history, for trying the back
// office and for the list benchmarks (bench/admin-lists). Everything is generated inside
// PostgreSQL with generate_series, so a million transactions take seconds, not hours. The result
// passes `npm run ledger:check`: every completed transaction has its ledger entry and every
// balance is the sum of its ledger. Demo accounts share one password: Demo-Password-2025.
// Safe to run again: ids derive from a run label, so a second run adds a second set.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { createAuth } from "../auth/auth.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase, type Db } from "../db/client.ts";
import { EmbeddedDatabaseBusyError } from "../db/embedded-lock.ts";
import { createMailer } from "../mail/mailer.ts";
import { findLedgerBreaches } from "../wallet/ledger-check.ts";

const argsSchema = z.object({
  users: z.coerce.number().int().min(1).max(5_000_000),
  transactions: z.coerce.number().int().min(0).max(50_000_000),
  label: z.string().regex(/^[a-z0-9]{1,12}$/, "--label: lower-case letters and digits"),
});

export const demoPassword = "Demo-Password-2025";

type SeedInput = { users: number; transactions: number; label: string; passwordHash: string };

/** All or nothing: a seed that fails half-way leaves no half-made customers behind. */
export async function seedDemo(db: Db, input: SeedInput): Promise<void> {
  await db.transaction((tx) => insertDemoData(tx, input));
  // Fresh statistics and visibility map, as autovacuum would leave them after such a load.
  await db.execute(sql`vacuum analyze`);
}

async function insertDemoData(db: Db, input: SeedInput): Promise<void> {
  const { users, label } = input;
  // Each user's first transaction is an opening deposit of 2,000–5,000 USDT (250,000–625,000 BDT),
  // more than the year of withdrawals that follows can take (about four of 500–20,000 BDT each);
  // the rest are random. The check at the end (ledger:check) proves no balance went below zero.
  const others = Math.max(0, input.transactions - users);
  const userId = (n: string) => sql.raw(`md5('${label}-user-' || ${n})::uuid`);

  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select ${userId("g")}, 'Demo ' || g, ${label} || '.' || g || '@demo.nexapay.test', true,
           now() - (random() * interval '400 days'), now()
    from generate_series(1, ${users}) g`);
  await db.execute(sql`
    insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select gen_random_uuid(), ${userId("g")}::text, 'credential', ${userId("g")}, ${input.passwordHash}, now(), now()
    from generate_series(1, ${users}) g`);
  await db.execute(sql`
    insert into profiles (id, username, country, full_name, phone, is_suspended, created_at)
    select ${userId("g")}, ${label} || '_' || g,
           (array['BD','BD','BD','IN','NP','MY','AE','SA','GB','US'])[1 + (g % 10)],
           (array['Rahim','Karim','Ayesha','Nusrat','Tanvir','Farhana','Sabbir','Mehjabin','Arif','Sadia'])[1 + (g % 10)] || ' ' ||
           (array['Ahmed','Hossain','Rahman','Islam','Chowdhury','Khan','Uddin','Akter','Sarkar','Das'])[1 + ((g / 10) % 10)],
           '01' || (3 + g % 7)::text || lpad((g::bigint * 7919 % 100000000)::text, 8, '0'),
           g % 50 = 0, now() - (random() * interval '400 days')
    from generate_series(1, ${users}) g`);

  // Opening deposits (completed) and the random history.
  await db.execute(sql`
    insert into transactions (id, user_id, type, amount_minor, usdt_micro, rate, status, reference, origin, created_at, processed_at)
    select gen_random_uuid(), ${userId("g")}, 'deposit', o.usdt * 12500, o.usdt * 1000000, '125', 'completed',
           o.usdt || ' USDT from TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'customer', o.at, o.at
    from generate_series(1, ${users}) g
    cross join lateral (select (2000 + g::bigint * 37 % 3000) as usdt, now() - interval '366 days' - random() * interval '30 days' as at) o`);
  await db.execute(sql`
    with r as (
      select 1 + floor(random() * ${users})::int as u, random() as kind, random() as state,
             now() - (random() * interval '365 days') as at, (10 + floor(random() * 1990))::bigint as usdt,
             (500 + floor(random() * 19500))::bigint as bdt, (array['bKash','Nagad','Upay'])[1 + floor(random() * 3)::int] as wallet
      from generate_series(1, ${others})
    )
    insert into transactions (id, user_id, type, amount_minor, usdt_micro, rate, status, reference, origin, created_at, processed_at)
    select gen_random_uuid(), ${userId("r.u")},
           case when kind < 0.55 then 'deposit' else 'withdraw' end,
           case when kind < 0.55 then usdt * 12500 else bdt * 100 end,
           case when kind < 0.55 then usdt * 1000000 end,
           case when kind < 0.55 then '125' end,
           case when state < 0.75 then 'completed' when state < 0.9 then 'pending' else 'rejected' end,
           case when kind < 0.55 then usdt || ' USDT from TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'
                else wallet || ':01' || (3 + u % 7)::text || lpad((u::bigint * 7919 % 100000000)::text, 8, '0') end,
           'customer', at, case when state < 0.75 or state >= 0.9 then at + interval '20 minutes' end
    from r`);

  // The ledger of the demo users' completed transactions, then balances that match it.
  await db.execute(sql`
    insert into ledger_entries (id, user_id, transaction_id, delta_minor, balance_after_minor, created_at)
    select gen_random_uuid(), t.user_id, t.id, d.delta,
           sum(d.delta) over (partition by t.user_id order by t.created_at, t.id), t.processed_at
    from transactions t
    cross join lateral (select case when t.type = 'deposit' then t.amount_minor else -t.amount_minor end as delta) d
    join profiles p on p.id = t.user_id
    where t.status = 'completed' and p.username like ${label} || '\\_%'`);
  await db.execute(sql`
    update profiles p set balance_minor = l.total
    from (select user_id, sum(delta_minor) as total from ledger_entries group by user_id) l
    where l.user_id = p.id and p.username like ${label} || '\\_%'`);

  // Some SIMs and verifications, so those lists have something to show.
  await db.execute(sql`
    insert into sims (id, user_id, phone_number, wallet_type, status, created_at)
    select gen_random_uuid(), ${userId("g")}, '01' || (3 + g % 7)::text || lpad((g::bigint * 104729 % 100000000)::text, 8, '0'),
           case when g % 3 = 0 then 'Merchant' else 'Personal' end,
           (array['pending','active','rejected'])[1 + g % 3], now() - (random() * interval '300 days')
    from generate_series(1, ${users}) g where g % 4 = 0`);
  await db.execute(sql`
    insert into verifications (id, user_id, document_type, status, created_at, updated_at)
    select gen_random_uuid(), ${userId("g")}, (array['national_id','driving_license','passport'])[1 + g % 3],
           (array['pending','approved','rejected'])[1 + g % 3], now() - (random() * interval '300 days'), now()
    from generate_series(1, ${users}) g where g % 5 = 0`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      users: { type: "string", default: "1000" },
      transactions: { type: "string", default: "10000" },
      label: { type: "string", default: "" },
    },
  });
  const args = argsSchema.parse({ ...values, label: values.label || `d${Date.now().toString(36)}` });
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    const log = { info: () => undefined, error: (obj: object, msg: string) => console.error(msg, obj) };
    const auth = createAuth({
      db: database.db,
      config,
      mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: "/dev/null", log }),
      log,
    });
    const passwordHash = await (await auth.$context).password.hash(demoPassword);
    const started = Date.now();
    console.log(`Seeding ${args.users} users and ${args.transactions} transactions (label ${args.label})…`);
    await seedDemo(database.db, { ...args, passwordHash });
    const breaches = await findLedgerBreaches(database.db);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s; ledger breaches: ${breaches.length}.`);
    console.log(
      `Demo customers: ${args.label}.1@demo.nexapay.test … ${args.label}.${args.users}@demo.nexapay.test, password ${demoPassword}`,
    );
    if (breaches.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    if (error instanceof z.ZodError) console.error(error.issues.map((i) => i.message).join("\n"));
    else if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
