// Who may act is written once (src/server/auth/who-may-act.ts) and read twice: as JavaScript by the
// guards, as SQL by the statements that check the session inside a route's own statement. Here
// sessions in every state that matters are written to the database (suspended, unknown token,
// expired, sliding expiry due, admin idle or past 12 hours, second factor missing or not proved on
// this session, customer activity due, idle report too long, and times at the boundaries, below the
// millisecond too), and the statement must admit exactly the sessions the guard admits without
// writing anything. Both are also held to the rules as the documentation states them, so a rule
// changed in the table fails here too.
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { selectQuietlyAdmittedAdmin, selectQuietlyAdmittedUser } from "../../../src/server/auth/admission.ts";
import { sessionLifetimeSeconds, sessionRefreshAgeSeconds } from "../../../src/server/auth/auth.ts";
import { findSession, type SessionFacts } from "../../../src/server/auth/session-lookup.ts";
import { brokenRules, quietAdmission, quietUserAdmission, type Stage } from "../../../src/server/auth/who-may-act.ts";
import { profiles, session, user } from "../../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin } from "../../support/wallet/admin.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const refreshDueInMs = (sessionLifetimeSeconds - sessionRefreshAgeSeconds) * 1000;

/** The rules as docs/architecture.md and the guards' comments state them, written plainly: the test's own oracle. */
function documentedAdmitsQuietly(facts: SessionFacts | null, now: Date, idleMs: number, asAdmin: boolean): boolean {
  if (facts === null) return false;
  const nowMs = now.getTime();
  const expired = facts.expiresAt.getTime() < nowMs;
  const refreshDue = facts.expiresAt.getTime() - sessionLifetimeSeconds * 1000 + sessionRefreshAgeSeconds * 1000 <= nowMs;
  if (expired || refreshDue || facts.isSuspended) return false;
  const sinceActiveMs = nowMs - facts.lastActiveAt.getTime();
  if (!asAdmin) return facts.adminRole !== null || sinceActiveMs <= 5 * minute;
  if (facts.adminRole === null || !facts.twoFactorEnabled || facts.twoFactorVerifiedAt === null) return false;
  if (nowMs - facts.createdAt.getTime() > 12 * hour) return false;
  if (sinceActiveMs > 15 * minute || idleMs > 15 * minute) return false;
  // No activity to record: the person's time (now less the idle report) is within 30 s of the record.
  return new Date(nowMs - idleMs).getTime() - facts.lastActiveAt.getTime() <= 30 * second;
}

/** A time offset in milliseconds: mostly at a boundary (±1 ms, and below the millisecond), sometimes anywhere. */
const offsetAround = (boundaries: number[], spreadMs: number) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...boundaries), fc.constantFrom(0, 1, -1, 0.4, -0.4, 0.5, -0.5, 0.999)).map(([at, delta]) => at + delta),
    fc.integer({ min: -spreadMs, max: spreadMs }),
  );

const idleReport = fc.oneof(
  fc.constantFrom(0, 15 * minute, 15 * minute + 1, 15 * minute - 1, 15 * minute + 0.5),
  fc.integer({ min: 0, max: 60 * minute }),
  fc.double({ min: 0, max: 20 * minute, noNaN: true }),
  fc.integer({ min: 0, max: 5 * minute }),
);

/** `value` nine times in ten: most sessions pass most rules, so admitted ones are common enough to compare. */
const mostly = (value: boolean) => fc.oneof({ arbitrary: fc.constant(value), weight: 9 }, { arbitrary: fc.constant(!value), weight: 1 });

const sessionState = fc.record({
  admin: fc.boolean(),
  // Mostly a session that exists; sometimes one revoked or deleted (its token names nothing).
  known: mostly(true),
  suspended: mostly(false),
  twoFactorEnabled: mostly(true),
  proved: mostly(true),
  idleMs: idleReport,
  expiresIn: fc.oneof(
    offsetAround([0, refreshDueInMs, sessionLifetimeSeconds * 1000], 8 * 24 * hour),
    // Refreshed lately: neither expired nor due.
    fc.integer({ min: refreshDueInMs + 1, max: sessionLifetimeSeconds * 1000 }),
  ),
  createdAgo: offsetAround([0, 12 * hour], 24 * hour),
  lastActiveAgo: fc.oneof(
    offsetAround([0, 30 * second, 5 * minute, 15 * minute], 30 * minute),
    // Right at the admin's activity write: the idle report plus 30 s.
    fc.constantFrom(0, 1, -1, 0.4, -0.4, 0.5).map((delta) => ({ afterIdleReport: 30 * second + delta })),
    fc.integer({ min: 0, max: 30 * second }).map((delta) => ({ afterIdleReport: delta })),
  ),
});

type SessionState = typeof sessionState extends fc.Arbitrary<infer S> ? S : never;

describe("the in-statement admission admits exactly what the guard admits without writing", () => {
  let admin: { userId: string; token: string };
  let customer: { userId: string; token: string };
  const quietUser = () => selectQuietlyAdmittedUser(t.db, {}).prepare("test_who_may_act_user");
  const quietAdmin = () => selectQuietlyAdmittedAdmin(t.db, {}).prepare("test_who_may_act_admin");

  async function tokenOf(userId: string): Promise<string> {
    const [row] = await t.db.select({ token: session.token }).from(session).where(eq(session.userId, userId));
    return row!.token;
  }

  beforeAll(async () => {
    const enrolled = await signUpAdmin(t);
    admin = { userId: enrolled.userId, token: await tokenOf(enrolled.userId) };
    const signedUp = await t.signUp();
    customer = { userId: signedUp.userId, token: await tokenOf(signedUp.userId) };
  });

  /** Writes the state to the session row and its user, times relative to `now` to the microsecond. */
  async function writeState(state: SessionState, now: Date): Promise<{ userId: string; token: string }> {
    const who = state.admin ? admin : customer;
    const lastActiveAgo =
      typeof state.lastActiveAgo === "number" ? state.lastActiveAgo : state.idleMs + state.lastActiveAgo.afterIdleReport;
    const at = (offsetMs: number) => sql`${now.toISOString()}::timestamptz + make_interval(secs => ${offsetMs / 1000})`;
    await t.db.execute(sql`update session set
      created_at = ${at(-state.createdAgo)},
      last_active_at = ${at(-lastActiveAgo)},
      expires_at = ${at(state.expiresIn)},
      two_factor_verified_at = ${state.proved ? at(-state.createdAgo) : null}
      where token = ${who.token}`);
    await t.db.update(user).set({ twoFactorEnabled: state.twoFactorEnabled }).where(eq(user.id, who.userId));
    await t.db.update(profiles).set({ isSuspended: state.suspended }).where(eq(profiles.id, who.userId));
    return who;
  }

  let outcomes = { admitted: 0, refused: 0 };

  async function check(state: SessionState, stages: Stage[]): Promise<void> {
    const now = new Date();
    const who = await writeState(state, now);
    const token = state.known ? who.token : `${who.token}-revoked`;
    const facts = await findSession(t.db, token);
    const asAdmin = stages.includes("admin");
    const guardAdmitsQuietly = facts !== null && brokenRules(facts, quietAdmission(token, now, state.idleMs), stages).length === 0;
    const rows = asAdmin
      ? await quietAdmin().execute(quietAdmission(token, now, state.idleMs))
      : await quietUser().execute(quietUserAdmission(token, now));
    expect(rows.length === 1, "the statement admits iff the guard admits without writing").toBe(guardAdmitsQuietly);
    outcomes[guardAdmitsQuietly ? "admitted" : "refused"] += 1;
    expect(guardAdmitsQuietly, "the guard follows the documented rules").toBe(documentedAdmitsQuietly(facts, now, state.idleMs, asAdmin));
  }

  beforeEach(() => {
    outcomes = { admitted: 0, refused: 0 };
  });

  test("customer routes (requireUser, selectQuietlyAdmittedUser)", async () => {
    await fc.assert(
      fc.asyncProperty(sessionState, (state) => check(state, ["signedIn", "user"])),
      { numRuns: 150 },
    );
    // Both answers were seen often enough for the agreement to mean something.
    expect(outcomes.admitted).toBeGreaterThan(2);
    expect(outcomes.refused).toBeGreaterThan(2);
  }, 120_000);

  test("back-office routes (requireAdmin, selectQuietlyAdmittedAdmin)", async () => {
    await fc.assert(
      fc.asyncProperty(sessionState, (state) => check(state, ["signedIn", "user", "admin"])),
      { numRuns: 150 },
    );
    // Both answers were seen often enough for the agreement to mean something.
    expect(outcomes.admitted).toBeGreaterThan(2);
    expect(outcomes.refused).toBeGreaterThan(2);
  }, 120_000);
});
