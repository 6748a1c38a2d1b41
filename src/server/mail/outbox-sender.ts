// The e-mail outbox's sender (decision 020). Decisions write their customer's message into
// email_outbox in their own transaction; this delivers the rows afterwards, in the server process:
//
//   1. claim: in a short transaction, the due unsent rows are locked with FOR UPDATE SKIP LOCKED
//      (several processes never take the same row), counted as an attempt, and leased: their
//      next_attempt_at moves past the time a send may take, so no one else takes them meanwhile;
//   2. compose each (decision-templates.ts, or security-templates.ts for the security alerts of decision 039,
//      with the customer's address, name and language read in the claim)
//      and send it through the mailer, with a Message-ID and .eml file name derived from its event key;
//   3. mark the batch's sent rows sent, in one statement; or, for a row that failed, keep the error
//      and try again later, waiting longer each time.
//
// A crash between 2 and 3 sends the batch's rows again once their lease ends: the same Message-ID and
// the same file, which the new one overwrites, so the customer still sees one message. The marks are
// one statement per batch, not one per message: each statement outside a transaction is a commit,
// and on PostgreSQL a commit waits for its flush to disk, as long as the decision's own took. It is woken right after
// each decision (kick) and polls every MAIL_OUTBOX_POLL_SECONDS for the rest (retries, other processes).
import { createHash } from "node:crypto";
import { setImmediate as setImmediatePromise } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Language } from "#shared/language.ts";
import { queryRows, type Db } from "../db/client.ts";
import { oneRunAtATime } from "../db/one-run-at-a-time.ts";
import { composeDecisionMail } from "./decision-templates.ts";
import type { ComposedMail } from "./mail-layout.ts";
import { composeSecurityMail, isSecurityTemplate } from "./security-templates.ts";
import type { Mailer } from "./mailer.ts";

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type OutboxSender = {
  /** Polls every `pollSeconds` from now on, and delivers at once. */
  start: () => void;
  /** Stops polling, lets the message being sent finish, and gives back the rest of the batch. */
  stop: () => Promise<void>;
  /** Delivers soon (after a decision). Does nothing unless started. */
  kick: () => void;
  /** Claims and sends due messages until none is due, or the sender stops; answers how many were sent. */
  deliverDue: () => Promise<number>;
};

type OutboxRow = {
  id: string;
  event_key: string;
  /** A decision's template and facts (migration 0014), composed at sending time… */
  template: string | null;
  params: unknown;
  /** …to the customer's address and name, in their language, as they are now (decision 025). */
  recipient_email: string | null;
  recipient_name: string | null;
  recipient_language: Language | null;
  /** A row queued before migration 0014 carries its composed message instead. */
  to_address: string | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  attempts: number;
  created_at: string | Date;
};

/**
 * The address and message of a claimed row; throws (a failed attempt, retried) when it cannot be made.
 * Every message's button, and a security alert's "This wasn't me" link, point at our site
 * (`publicUrl`); the row's event key names the transaction a message is about
 * ('transaction.completed:<id>'), for its link and its reference.
 */
function messageOf(row: OutboxRow, publicUrl: string | undefined): ComposedMail & { to: string } {
  if (row.template !== null) {
    if (row.recipient_email === null || row.recipient_name === null) throw new Error("the customer has no address or name");
    const language = row.recipient_language ?? "en";
    if (!isSecurityTemplate(row.template)) {
      const context = { eventKey: row.event_key, ...(publicUrl === undefined ? {} : { publicUrl }) };
      return { to: row.recipient_email, ...composeDecisionMail(row.template, row.params, row.recipient_name, language, context) };
    }
    if (publicUrl === undefined) throw new Error("no PUBLIC_URL for a security alert's link");
    return {
      to: row.recipient_email,
      ...composeSecurityMail(row.template, row.params, row.recipient_name, language, publicUrl, row.event_key),
    };
  }
  if (row.to_address === null || row.subject === null || row.text_body === null || row.html_body === null) {
    throw new Error("an outbox row with neither a template nor a message");
  }
  return { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body };
}

/**
 * An error's message as the log and last_error may keep it: a security alert's freeze token is as
 * good as a freeze of the account (decision 039), so if a mailer's or composer's error ever
 * quotes the message or its facts, the token is cut out.
 */
export function withoutFreezeToken(message: string, params: unknown): string {
  const token = typeof params === "object" && params !== null ? (params as { freezeToken?: unknown }).freezeToken : undefined;
  if (typeof token !== "string" || token === "") return message;
  return message.replaceAll(token, "[redacted]").replaceAll(encodeURIComponent(token), "[redacted]");
}

/** How long a claimed row is left to its sender before another may take it (a crash's worst delay). */
export const leaseSeconds = 120;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, … at most 1 hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** The Message-ID of an event's message: the same for every attempt, unique per event. */
export function messageIdOf(eventKey: string, domain: string): string {
  return `<outbox.${createHash("sha256").update(eventKey).digest("hex").slice(0, 32)}@${domain}>`;
}

export type OutboxSenderOptions = {
  db: Db;
  mailer: Mailer;
  pollSeconds: number;
  /** The domain of our Message-IDs (MAIL_FROM's). */
  domain: string;
  /**
   * Our site's address (PUBLIC_URL), for every message's button and the links in security alerts;
   * app.ts always gives it. A sender without it (a test's, for decision mail) sends decisions without
   * their button and fails security rows, which then wait for one with it.
   */
  publicUrl?: string;
  log: Log;
  batchSize?: number;
};

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { log } = options;
  // 50 a claim: a busy hour's messages cost few claims and marks, and 50 sends end well inside the lease.
  const batchSize = options.batchSize ?? 50;
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

  const deliverAll = () => deliverAllDue(options, batchSize, () => stopping);

  /** One delivery run at a time; a kick during a run asks for one more right after it. */
  const { run: deliverDue, finished } = oneRunAtATime(deliverAll, () => stopping);

  const runLogged = () => {
    deliverDue().catch((error: unknown) => log.error({ err: error }, "outbox: delivery run failed"));
  };

  const schedule = () => {
    if (stopping) return;
    timer = setTimeout(() => {
      runLogged();
      schedule();
    }, options.pollSeconds * 1000);
    timer.unref();
  };

  return {
    start() {
      if (started) return;
      started = true;
      stopping = false;
      runLogged();
      schedule();
    },
    async stop() {
      stopping = true;
      started = false;
      clearTimeout(timer);
      await finished();
    },
    kick() {
      if (started && !stopping) runLogged();
    },
    deliverDue,
  };
}

/** Step 1: a short transaction of its own; the rows are leased when it commits (migration 0019). */
function claim(db: Db, batchSize: number): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(db, sql`select * from nexapay_claim_outbox(${batchSize}, ${leaseSeconds})`);
}

/** Step 2 for one row (and step 3 when it fails): answers whether it was sent. */
async function deliver(options: OutboxSenderOptions, row: OutboxRow): Promise<boolean> {
  try {
    await options.mailer.send({
      ...messageOf(row, options.publicUrl),
      messageId: messageIdOf(row.event_key, options.domain),
      // Time first, so that the outbox folder lists messages in the order they were written.
      fileKey: `${new Date(row.created_at).toISOString().replace(/[:.]/g, "-")}-${row.event_key}`,
    });
  } catch (error) {
    const message = withoutFreezeToken(error instanceof Error ? error.message : String(error), row.params);
    await options.db.execute(sql`update email_outbox
      set last_error = ${message.slice(0, 500)}, next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})
      where id = ${row.id} and sent_at is null`);
    options.log.warn({ eventKey: row.event_key, attempts: row.attempts, err: message }, "outbox: sending failed, will retry");
    return false;
  }
  return true;
}

/** Step 3 for the rows sent. */
async function markSent(db: Db, rows: OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`update email_outbox set sent_at = now(), last_error = null
    where id in (${sql.join(
      rows.map((row) => sql`${row.id}`),
      sql`, `,
    )})`);
}

/** A stopped sender hands back the rows it claimed but did not send: due at once for the next one. */
async function release(db: Db, rows: OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`update email_outbox set attempts = attempts - 1, next_attempt_at = now()
    where sent_at is null and id in (${sql.join(
      rows.map((row) => sql`${row.id}`),
      sql`, `,
    )})`);
}

/** Claims and sends batches until fewer than a batch are due, or the sender stops; answers how many were sent. */
async function deliverAllDue(options: OutboxSenderOptions, batchSize: number, isStopping: () => boolean): Promise<number> {
  const { db } = options;
  let sent = 0;
  for (;;) {
    const rows = await claim(db, batchSize);
    const delivered: OutboxRow[] = [];
    for (const [index, row] of rows.entries()) {
      if (isStopping()) {
        await markSent(db, delivered);
        await release(db, rows.slice(index));
        return sent + delivered.length;
      }
      if (await deliver(options, row)) delivered.push(row);
      // The mailer writes an .eml file synchronously (decision 030): requests that came in
      // meanwhile go first, so a batch holds the event loop for one message at a time.
      await setImmediatePromise();
    }
    await markSent(db, delivered);
    sent += delivered.length;
    if (rows.length < batchSize || isStopping()) return sent;
  }
}
