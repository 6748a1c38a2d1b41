// Who may act: the rules a session must pass, written once (the table `whoMayAct` below). Each rule
// is one condition on the session's facts, written in a few terms (RuleTerms) that read either as
// JavaScript or as SQL:
// - the guards (auth/guards.ts) read it as JavaScript on the facts of the one-statement session
//   lookup, rule by rule in order, and do what a broken rule asks: refuse, end the session, or write
//   (a sliding expiry, an activity) and go on;
// - the statements that check the session inside a route's own statement (auth/admission.ts) read it
//   as SQL and ask that every rule pass: the guard would admit *and write nothing* (decisions 028, 034).
// So the statement can refuse more than the guard (it then asks the guard) but never admit more.
// Times are compared to the millisecond on both sides: the driver truncates a stored time to the
// millisecond when JavaScript reads it, and the SQL truncates it the same way.
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { adminUsers, profiles, session, user } from "../db/schema.ts";
import { sessionLifetimeSeconds, sessionRefreshAgeSeconds } from "./auth.ts";
import type { SessionFacts } from "./session-lookup.ts";

/** How long an admin session may live, however busy: a stolen one is useful for half a day at most. */
export const adminSessionLifetimeMs = 12 * 60 * 60 * 1000;
/** An admin session unused this long ends: a back office left open on a shared desk closes itself. */
export const adminIdleTimeoutMs = 15 * 60 * 1000;

/** Admin activity is written at most this often: a busy back office should not rewrite its session row per request. */
const activityWriteEveryMs = 30_000;

/**
 * A customer session's last use is written at most this often: often enough for the owner's list of
 * where they are signed in to be honest (decision 039), rarely enough that a busy customer does not
 * rewrite their session row on every request.
 */
export const userActivityWriteEveryMs = 5 * 60 * 1000;

/** The values of selectQuietlyAdmittedUser's placeholders for one request: the token, and times worked out from `now`. */
export type QuietUserAdmission = ReturnType<typeof quietUserAdmission>;

export function quietUserAdmission(token: string, now: Date) {
  const nowMs = now.getTime();
  return {
    token,
    notExpiredAt: isoAt(nowMs),
    noRefreshUntil: isoAt(nowMs + (sessionLifetimeSeconds - sessionRefreshAgeSeconds) * 1000),
    noActivityDueSince: isoAt(nowMs - userActivityWriteEveryMs),
  };
}

/** The values of selectQuietlyAdmittedAdmin's placeholders for one request: the token, and times worked out from `now`. */
export type QuietAdmission = ReturnType<typeof quietAdmission>;

export function quietAdmission(token: string, now: Date, idleMs: number) {
  const nowMs = now.getTime();
  return {
    ...quietUserAdmission(token, now),
    createdSince: isoAt(nowMs - adminSessionLifetimeMs),
    activeSince: isoAt(nowMs - adminIdleTimeoutMs),
    idleReportAllowed: idleMs <= adminIdleTimeoutMs,
    recordedActivitySince: isoAt(nowMs - idleMs - activityWriteEveryMs),
  };
}

const isoAt = (millis: number) => new Date(millis).toISOString();

type TimeFact = "expiresAt" | "createdAt" | "lastActiveAt";
type TimeBound = Exclude<keyof QuietAdmission, "token" | "idleReportAllowed">;

/** The words the rules are written in; `T` is a boolean (JavaScript) or a SQL condition. */
type RuleTerms<T> = {
  /** The stored time is at or after the bound. */
  notBefore: (fact: TimeFact, bound: TimeBound) => T;
  /** The stored time is strictly after the bound. */
  after: (fact: TimeFact, bound: TimeBound) => T;
  isAdmin: T;
  notSuspended: T;
  twoFactorEnabled: T;
  twoFactorVerified: T;
  /** The browser's report of how long its person has been away is within the idle timeout. */
  idleReportAllowed: T;
  either: (a: T, b: T) => T;
};

/**
 * What the guard does when a session breaks a rule. `forget`: the session is deleted and the request
 * is as if it had none (401). `refresh` and the two `record…` go on after a write. `endSuspended`
 * ends all the user's sessions (403). `forbid…` and `requireTwoFactor` refuse with 403 and write
 * nothing. `end…` deletes the session and says why (401, sessionEndedError).
 */
export type WhenBroken =
  | "forget"
  | "refresh"
  | "endSuspended"
  | "recordUserActivity"
  | "forbidNonAdmin"
  | "requireTwoFactor"
  | "endPasswordOnly"
  | "endExpired"
  | "endIdle"
  | "recordAdminActivity";

/**
 * The stages a guard checks: `signedIn` (any request that names a session), `user` (requireUser:
 * any signed-in, unsuspended user) and `admin` (requireAdmin: the back office).
 */
export type Stage = "signedIn" | "user" | "admin";

type Rule = { stage: Stage; name: string; whenBroken: WhenBroken; passes: <T>(terms: RuleTerms<T>) => T };

/** Who may act, in the order the guards check it. */
export const whoMayAct: readonly Rule[] = [
  // An expired session is deleted, as better-auth does.
  { stage: "signedIn", name: "not expired", whenBroken: "forget", passes: (t) => t.notBefore("expiresAt", "notExpiredAt") },
  // better-auth's sliding expiry, kept as it was: a session used a day or more after its expiry was
  // last pushed out is given a full lifetime again. A customer who comes back daily stays signed in;
  // one who stays away a week signs in again.
  { stage: "signedIn", name: "sliding expiry not due", whenBroken: "refresh", passes: (t) => t.after("expiresAt", "noRefreshUntil") },
  // Suspension ends every session at once; this catches one that outlived it.
  { stage: "user", name: "not suspended", whenBroken: "endSuspended", passes: (t) => t.notSuspended },
  // A customer's use of the session, for their list of where they are signed in (decision 039). An
  // admin's activity is the admin stage's, which writes the time the person was last seen (the idle
  // report), not the time of the request; a write here would keep an idle back office alive.
  {
    stage: "user",
    name: "customer's use recorded lately",
    whenBroken: "recordUserActivity",
    passes: (t) => t.either(t.isAdmin, t.notBefore("lastActiveAt", "noActivityDueSince")),
  },
  { stage: "admin", name: "an admin", whenBroken: "forbidNonAdmin", passes: (t) => t.isAdmin },
  { stage: "admin", name: "second factor enrolled", whenBroken: "requireTwoFactor", passes: (t) => t.twoFactorEnabled },
  // The session must have passed the second-factor step itself: a code proved on another device, or
  // before this session existed, does not count.
  { stage: "admin", name: "second factor proved on this session", whenBroken: "endPasswordOnly", passes: (t) => t.twoFactorVerified },
  { stage: "admin", name: "younger than 12 hours", whenBroken: "endExpired", passes: (t) => t.notBefore("createdAt", "createdSince") },
  // It ends after 15 minutes without a person. The stored last activity decides, compared with now
  // before anything is updated, so a request after hours cannot revive it. The browser also reports
  // how long its person has been away (a polling page is not a person); that report can only end a
  // session sooner, never keep one alive.
  {
    stage: "admin",
    name: "a person seen within 15 minutes",
    whenBroken: "endIdle",
    passes: (t) => t.notBefore("lastActiveAt", "activeSince"),
  },
  { stage: "admin", name: "the person's own report within 15 minutes", whenBroken: "endIdle", passes: (t) => t.idleReportAllowed },
  {
    stage: "admin",
    name: "the person's last activity recorded lately",
    whenBroken: "recordAdminActivity",
    passes: (t) => t.notBefore("lastActiveAt", "recordedActivitySince"),
  },
];

/** Whether a broken rule still lets the request through (after a write). */
export const goesOnAfterWrite = (whenBroken: WhenBroken) =>
  whenBroken === "refresh" || whenBroken === "recordUserActivity" || whenBroken === "recordAdminActivity";

/** The rules as JavaScript on the facts of one session, for one request's admission values. */
function javascriptTerms(facts: SessionFacts, admission: QuietAdmission): RuleTerms<boolean> {
  const bound = (name: TimeBound) => Date.parse(admission[name]);
  return {
    notBefore: (fact, name) => facts[fact].getTime() >= bound(name),
    after: (fact, name) => facts[fact].getTime() > bound(name),
    isAdmin: facts.adminRole !== null,
    notSuspended: !facts.isSuspended,
    twoFactorEnabled: facts.twoFactorEnabled,
    twoFactorVerified: facts.twoFactorVerifiedAt !== null,
    idleReportAllowed: admission.idleReportAllowed,
    either: (a, b) => a || b,
  };
}

/**
 * The rules of these stages that the session breaks, in order, up to and including the first that
 * refuses it: what the guard will do. None: the guard admits it and writes nothing.
 */
export function brokenRules(facts: SessionFacts, admission: QuietAdmission, stages: readonly Stage[]): Rule[] {
  const terms = javascriptTerms(facts, admission);
  const broken: Rule[] = [];
  for (const rule of whoMayAct) {
    if (!stages.includes(rule.stage) || rule.passes(terms)) continue;
    broken.push(rule);
    if (!goesOnAfterWrite(rule.whenBroken)) break;
  }
  return broken;
}

/** A stored time truncated to the millisecond, as the driver truncates it when JavaScript reads it. */
const toMillisecond = (column: AnyPgColumn) => sql`date_trunc('milliseconds', ${column})`;
/** One of the admission's times, as a placeholder of the prepared statement. */
const admissionTime = (name: TimeBound) => sql`${sql.placeholder(name)}::timestamptz`;
const timeColumns: Record<TimeFact, AnyPgColumn> = {
  expiresAt: session.expiresAt,
  createdAt: session.createdAt,
  lastActiveAt: session.lastActiveAt,
};

/** The rules as SQL on the session row joined to user, profiles and admin_users, with the admission's placeholders. */
const sqlTerms: RuleTerms<SQL> = {
  notBefore: (fact, bound) => sql`${toMillisecond(timeColumns[fact])} >= ${admissionTime(bound)}`,
  after: (fact, bound) => sql`${toMillisecond(timeColumns[fact])} > ${admissionTime(bound)}`,
  isAdmin: sql`${adminUsers.adminRole} is not null`,
  notSuspended: sql`not coalesce(${profiles.isSuspended}, false)`,
  twoFactorEnabled: sql`${user.twoFactorEnabled}`,
  twoFactorVerified: sql`${session.twoFactorVerifiedAt} is not null`,
  idleReportAllowed: sql`${sql.placeholder("idleReportAllowed")}::boolean`,
  either: (a, b) => sql`(${a} or ${b})`,
};

/** The session with the `token` placeholder passes every rule of these stages: the guard would admit it and write nothing. */
export function passesQuietlySql(stages: readonly Stage[]): SQL {
  const conditions = whoMayAct.filter((rule) => stages.includes(rule.stage)).map((rule) => rule.passes(sqlTerms));
  return sql.join([sql`${session.token} = ${sql.placeholder("token")}`, ...conditions], sql` and `);
}

/**
 * better-auth's sliding expiry is due (the "sliding expiry not due" rule broken): the guard pushes
 * the expiry out. A customer who comes back daily stays signed in.
 */
export function needsRefresh(facts: SessionFacts, now: Date): boolean {
  return brokenRules(facts, quietAdmission(facts.token, now, 0), ["signedIn"]).some((rule) => rule.whenBroken === "refresh");
}

/** Whether requireUser records this use of a session now: only a customer's (the rule "customer's use recorded lately"). */
export function userActivityDue(facts: SessionFacts, now: Date): boolean {
  const rule = whoMayAct.find((candidate) => candidate.whenBroken === "recordUserActivity")!;
  return !rule.passes(javascriptTerms(facts, quietAdmission(facts.token, now, 0)));
}

export type AdminSessionVerdict = "active" | "gone" | "password_only" | "expired" | "idle";

const verdictOfEnding: Partial<Record<WhenBroken, Exclude<AdminSessionVerdict, "active" | "gone">>> = {
  endPasswordOnly: "password_only",
  endExpired: "expired",
  endIdle: "idle",
};

/** The verdict a broken admin rule gives, when it ends the session; undefined for the others. */
export const endingVerdictOf = (whenBroken: WhenBroken) => verdictOfEnding[whenBroken];

/**
 * The admin session rules (second factor proved on this session, 12 hours, 15 minutes idle) on a
 * session row already read: no database work. An admin role and an enrolled second factor are the
 * caller's to check.
 */
export function adminSessionVerdict(facts: SessionFacts, now: Date, idleMs: number): Exclude<AdminSessionVerdict, "gone"> {
  const terms = javascriptTerms(facts, quietAdmission(facts.token, now, idleMs));
  const ending = whoMayAct.find((rule) => endingVerdictOf(rule.whenBroken) !== undefined && !rule.passes(terms));
  return ending ? endingVerdictOf(ending.whenBroken)! : "active";
}
