// Where an account signs in from (decision 039): its devices (the browser's user agent) and its
// networks (the IPv4 /24 or IPv6 /48 around the address), kept only as SHA-256 hashes. A sign-in
// from a device or network the account has not used before is told to the owner at once, by an
// e-mail with a "This wasn't me" link, and shown to admins beside a withdrawal for 24 hours.
import { createHash, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import Bowser from "bowser";
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { signInPlaces } from "../db/schema.ts";
import { queueSecurityAlert } from "./security-alerts.ts";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * The network an address belongs to, as one string: the IPv4 /24 ("203.0.113.0/24") or the IPv6
 * /48 ("2001:db8:abcd::/48"). A phone moving between towers, or a home router given a new address,
 * stays in it; another provider or country does not. An IPv4 address written as IPv6
 * ("::ffff:203.0.113.7") is the IPv4 one. Anything else is itself.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  if (isIPv4(address)) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 3).join(":")}::/48`;
  return address;
}

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001, db8, 0, …, 1). */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split("%")[0]!;
  const [head = "", tail] = withoutZone.split("::");
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  // An embedded IPv4 tail ("::1.2.3.4") counts as two groups.
  const expandV4 = (groups: string[]) =>
    groups.flatMap((group) => {
      if (!group.includes(".")) return [group];
      const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const l = expandV4(left);
  const r = expandV4(right);
  const zeros = Array.from({ length: Math.max(0, 8 - l.length - r.length) }, () => "0");
  return [...l, ...zeros, ...r].map((group) => Number.parseInt(group, 16).toString(16));
}

/** What the owner reads about the device: "Chrome, Windows"; the raw user agent (at most 120 characters) when it is not recognised. */
export function deviceLabelOf(userAgent: string): string {
  const trimmed = userAgent.trim();
  if (trimmed === "") return "";
  const parsed = Bowser.parse(trimmed);
  const label = [parsed.browser.name, parsed.os.name].filter((part): part is string => Boolean(part)).join(", ");
  return label === "" ? trimmed.slice(0, 120) : label;
}

/**
 * Records a successful sign-in's device and network for `userId`, in one transaction.
 *
 * - `firstSession` (sign-up): the places are the account's own from the start, not news to anyone.
 * - An account with no places yet (one made before decision 039, or by the back office's command)
 *   starts its list the same way: its first sign-in is not a "new device" either.
 * - Otherwise a device or network not seen before is new to the account: the owner is alerted
 *   (security.new_sign_in, with the device, IP address and time), and admins see it for 24 hours.
 *
 * Answers whether an alert was queued.
 */
export async function recordSignInPlace(
  db: Db,
  input: { userId: string; ip: string; userAgent: string | undefined; firstSession: boolean },
): Promise<{ alerted: boolean }> {
  const userAgent = input.userAgent ?? "";
  const places = [
    { kind: "device" as const, valueHash: sha256(userAgent) },
    { kind: "network" as const, valueHash: sha256(networkOf(input.ip)) },
  ];
  const now = new Date();
  return db.transaction(async (tx) => {
    // The account's row lock: two sign-ins at once do not both see "no places yet", nor both alert.
    await tx.execute(sql`select 1 from profiles where id = ${input.userId} for update`);
    const [known] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(signInPlaces)
      .where(eq(signInPlaces.userId, input.userId));
    const newToAccount = !input.firstSession && (known?.n ?? 0) > 0;
    const inserted = await tx
      .insert(signInPlaces)
      .values(places.map((place) => ({ userId: input.userId, ...place, firstSeenAt: now, lastSeenAt: now, newToAccount })))
      .onConflictDoUpdate({
        target: [signInPlaces.userId, signInPlaces.kind, signInPlaces.valueHash],
        set: { lastSeenAt: now },
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ kind: signInPlaces.kind, inserted: sql<boolean>`(xmax = 0)` });
    const isNew = inserted.some((row) => row.inserted);
    if (!newToAccount || !isNew) return { alerted: false };
    await queueSecurityAlert(tx, {
      userId: input.userId,
      template: "security.new_sign_in",
      eventKey: `security.new_sign_in:${input.userId}:${now.getTime()}:${randomBytes(4).toString("hex")}`,
      facts: { device: deviceLabelOf(userAgent), ip: input.ip, at: now.toISOString() },
    });
    return { alerted: true };
  });
}

/** Whether `userId` signed in from a device or network new to the account in the last `hours` hours. */
export async function newSignInWithin(db: Db, userId: string, hours: number): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(signInPlaces)
    .where(
      and(
        eq(signInPlaces.userId, userId),
        eq(signInPlaces.newToAccount, true),
        gt(signInPlaces.firstSeenAt, sql`now() - make_interval(hours => ${hours})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The same fact as a boolean SQL expression about the user in `userIdColumn`, for a list's rows (one index probe each). */
export function newSignInWithinSql(userIdColumn: SQL | SQL.Aliased | { getSQL(): SQL }, hours: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from sign_in_places sp
    where sp.user_id = ${userIdColumn} and sp.new_to_account
      and sp.first_seen_at > now() - make_interval(hours => ${hours}))`;
}
