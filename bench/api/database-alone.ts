// The money functions with no server in front of them: pgbench calls nexapay_approve_transaction,
// nexapay_request_deposit and nexapay_request_withdrawal straight, at the same clients as the
// yardstick, with prepared statements, on the product's database once its HTTP phases are done.
//
// Not a target. It answers a question the HTTP figures cannot: how much of a money action's cost is
// the database's own work (the conditional update, the balance, the ledger and audit entries, the
// outbox row, the change event, the commit), and so the highest rate any server in front of this
// schema could reach on this machine. If PostgreSQL alone runs an approval at less than 40 % of
// pgbench's rate, no work on the server meets issue #11's money targets (bench/api/README.md).
//
// What the product adds and this leaves out: the session check in the same statement (a join of
// four small tables), and everything in Node: HTTP, validation, the e-mail's composition and file.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { formatBdt } from "#shared/money.ts";
import { depositUsdt, fromAddress } from "./seed.ts";
import { runToEnd, treeCpuSeconds } from "./processes.ts";

export type AloneFigure = {
  name: string;
  /** Rows the function changed or made in the window, per second: not pgbench's own count of calls. */
  rate: number;
  done: number;
  /** PostgreSQL's CPU (every backend, pgbench's included) per action. */
  databaseCpuMs: number;
  /** The queue of pending deposits ran dry before the window ended (approve only): the rate is a floor. */
  ranOut: boolean;
};

type Options = {
  db: pg.Client;
  databaseUrl: string;
  postmaster: number;
  clients: number;
  seconds: number;
  scriptDir: string;
  /** The withdrawal each request makes, as the HTTP phase's. */
  withdrawalPoisha: bigint;
  withdrawalReference: string;
  dailyMaxPoisha: bigint;
};

/** The product's own arguments (wallet/request-deposit.ts and wallet/request-withdrawal.ts, depositArguments and withdrawalArguments) for the bench's amounts. */
function scripts(options: Options): Record<"approve" | "deposit" | "withdrawal", string> {
  const depositDetails = JSON.stringify({ usdtAmount: depositUsdt, fromAddress });
  const withdrawalDetails = JSON.stringify({ amount: formatBdt(options.withdrawalPoisha), reference: options.withdrawalReference });
  // Customers in turn, by a sequence, as the HTTP phases take them: two clients never wait on one profile.
  const nextCustomer = "(select nextval('bench_alone_turn') % :customers + 1)";
  return {
    // One pending deposit each, by a sequence: no two clients take the same, and no search for one.
    // The server's arguments since migration 0023: four eyes off, the claimed credit, no reason.
    approve: `select nexapay_approve_transaction(q.id, :admin::uuid, '127.0.0.1', false, false, null, 0::bigint, 'claimed', null)
  from bench_alone_queue q where q.n = (select nextval('bench_alone_queue_n'));\n`,
    // The figure asked for varies, as in the HTTP phase (seed.ts, depositUsdtAt): each is given an
    // exact amount to pay of its own (decision 038), 10,000 per figure.
    deposit: `\\set asked random(20, 1019)
select nexapay_request_deposit(c.id, (:asked * 1000000)::bigint, 12500::bigint, '125', gen_random_uuid()::text,
  '${depositDetails}'::jsonb, '${fromAddress}', null, 60, 0)
  from bench_alone_customers c where c.n = ${nextCustomer};\n`,
    withdrawal: `select nexapay_request_withdrawal(c.id, ${options.withdrawalPoisha}::bigint, '${options.withdrawalReference}', gen_random_uuid()::text,
  ${options.dailyMaxPoisha}::bigint, (date_trunc('day', now() at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka'), '${withdrawalDetails}'::jsonb,
  ${options.dailyMaxPoisha}::bigint, 0, 'off', null, null, '', '{}'::jsonb, gen_random_uuid()::text)
  from bench_alone_customers c where c.n = ${nextCustomer};\n`,
  };
}

async function count(db: pg.Client, sql: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(sql);
  return Number(rows[0]!.n);
}

/**
 * The three functions, each for `seconds` after a VACUUM and CHECKPOINT (as the HTTP phases), with
 * what each did counted in the database afterwards. Leaves the ledger as the product would: every
 * call is the product's own function, so ledger:check still applies.
 */
export async function databaseAlone(options: Options): Promise<AloneFigure[]> {
  const { db } = options;
  await db.query(`create table bench_alone_customers (n int primary key, id uuid not null)`);
  // The bench's customers: money left for a whole phase of withdrawals (500,000 BDT; the wallet readers have less).
  const customers = await count(
    db,
    `with made as (
       insert into bench_alone_customers
       select row_number() over (order by p.id), p.id from profiles p
       where not exists (select 1 from admin_users a where a.user_id = p.id) and p.balance_minor - p.held_minor >= 50000000
       returning 1)
     select count(*) as n from made`,
  );
  if (customers === 0) throw new Error("database alone: no customer has money left for the withdrawals");
  await db.query(`create table bench_alone_queue (n bigint primary key, id uuid not null)`);
  // Their pending deposits (not the wallet readers'), customer by customer in turn, as approvePhase's
  // ids: consecutive approvals are for different profiles.
  await db.query(`insert into bench_alone_queue
    select row_number() over (order by turn, user_id), id
    from (select id, user_id, row_number() over (partition by user_id order by id) as turn
          from transactions where type = 'deposit' and status = 'pending'
            and user_id in (select id from bench_alone_customers)) pending`);
  await db.query(`create sequence bench_alone_queue_n; create sequence bench_alone_turn`);
  const queued = await count(db, "select count(*) as n from bench_alone_queue");
  const admin = (await db.query<{ user_id: string }>("select user_id from admin_users limit 1")).rows[0]!.user_id;
  await db.query("analyze");

  const files = scripts(options);
  const phases: { name: string; script: keyof typeof files; done: string }[] = [
    { name: "approve", script: "approve", done: "select count(*) as n from transactions where type = 'deposit' and status = 'completed'" },
    { name: "deposit requests", script: "deposit", done: "select count(*) as n from transactions where type = 'deposit'" },
    { name: "withdrawal requests", script: "withdrawal", done: "select count(*) as n from transactions where type = 'withdraw'" },
  ];
  const figures: AloneFigure[] = [];
  for (const phase of phases) {
    await db.query("vacuum");
    await db.query("checkpoint");
    const file = path.join(options.scriptDir, `alone-${phase.script}.sql`);
    writeFileSync(file, files[phase.script]);
    const before = await count(db, phase.done);
    const cpuBefore = treeCpuSeconds(options.postmaster);
    const threads = String(Math.min(2, options.clients));
    const run = await runToEnd("pgbench", [
      ...["-n", "-M", "prepared", "-c", String(options.clients), "-j", threads, "-T", String(options.seconds)],
      ...["-D", `admin=${admin}`, "-D", `customers=${customers}`, "-f", file, options.databaseUrl],
    ]);
    const cpu = treeCpuSeconds(options.postmaster) - cpuBefore;
    if (run.code !== 0) throw new Error(`database alone, ${phase.name}: pgbench failed:\n${run.stdout}${run.stderr}`);
    const done = (await count(db, phase.done)) - before;
    const ranOut = phase.script === "approve" && (await count(db, "select last_value as n from bench_alone_queue_n")) >= queued;
    const figure = { name: phase.name, rate: done / options.seconds, done, databaseCpuMs: (cpu * 1000) / done, ranOut };
    figures.push(figure);
    console.log(
      `${`database alone: ${phase.name}`.padEnd(34)} ${`${Math.round(figure.rate)}/s`.padStart(8)}  (${done} in ${options.seconds} s, PostgreSQL ${figure.databaseCpuMs.toFixed(2)} ms CPU each${ranOut ? ", RAN OUT OF WORK" : ""})`,
    );
  }
  await db.query("drop table bench_alone_queue, bench_alone_customers; drop sequence bench_alone_queue_n, bench_alone_turn");
  return figures;
}
