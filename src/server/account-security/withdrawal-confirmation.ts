// The owner's confirmation of a withdrawal (decision 039), the parts the database cannot do: making
// and hashing e-mailed codes, matching an authenticator code to its time step, and the e-mail that
// carries a code. Which code is valid, and whether it was used, is decided in the withdrawal's own
// statement (nexapay_request_withdrawal, migration 0022), under the profile's row lock, so twenty
// parallel requests with one code create one withdrawal at most.
//
// Neither a code nor a freeze token is ever logged: they are passed as values, never in messages.
import { createHash, randomInt } from "node:crypto";
import { createOTP } from "@better-auth/utils/otp";
import { base32 } from "@better-auth/utils/base32";
import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { twoFactor, user } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { composeWithdrawalCodeMail } from "../mail/withdrawal-code-mail.ts";
import { createFreezeLink } from "./security-alerts.ts";

/** A fresh 6-digit code, uniformly drawn. */
export function newConfirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** What the database keeps of a code: its SHA-256, hex. */
export function hashConfirmationCode(code: string): string {
  return createHash("sha256").update(code, "utf8").digest("hex");
}

/** The authenticator's period and the steps either side of now it may be off by, as better-auth allows at sign-in. */
const totpPeriodSeconds = 30;
const totpWindow = 1;

/**
 * The time step (30-second counter) whose TOTP equals `code` for this user's authenticator, within
 * one step of now; -1 when none does; null when the user has no authenticator secret. The step lets
 * the database refuse a code already used (a replayed code is the same step).
 */
export async function matchTotpStep(db: Db, authSecret: string, userId: string, code: string, now = Date.now()): Promise<number | null> {
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) return null;
  const decrypted = await symmetricDecrypt({ key: authSecret, data: row.secret });
  // Secrets imported from elsewhere are stored as "base32:<secret>" (better-auth's convention).
  const secret = decrypted.startsWith("base32:") ? new TextDecoder().decode(base32.decode(decrypted.slice(7).toUpperCase())) : decrypted;
  const otp = createOTP(secret, { period: totpPeriodSeconds, digits: 6 });
  const current = Math.floor(now / 1000 / totpPeriodSeconds);
  // Every candidate is computed and compared, so the time taken does not tell which one matched.
  let matched = -1;
  for (let step = current - totpWindow; step <= current + totpWindow; step += 1) {
    if (equalCodes(await otp.hotp(step), code) && matched === -1) matched = step;
  }
  return matched;
}

function equalCodes(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return difference === 0;
}

/** "r•••@gmail.com": enough for the owner to recognise the address, not enough to give it away. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/**
 * Sends the code of a withdrawal to its owner, with the amount, the number and a "This wasn't me"
 * link. Sent at once, not through the outbox: a code is useful for ten minutes, and it should not
 * sit in a table in clear. Answers the masked address it went to.
 */
export async function sendConfirmationCode(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  input: { userId: string; code: string; amountPoisha: bigint; walletType: string; walletNumber: string },
): Promise<string> {
  const [owner] = await deps.db
    .select({ email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(eq(user.id, input.userId));
  if (!owner) throw new Error("the owner of a withdrawal has no user row");
  const freezeToken = await createFreezeLink(deps.db, input.userId);
  const mail = composeWithdrawalCodeMail(
    {
      code: input.code,
      amountPoisha: input.amountPoisha,
      walletType: input.walletType,
      walletNumber: input.walletNumber,
      freezeLink: `${deps.publicUrl}/freeze?token=${freezeToken}`,
      name: owner.name,
    },
    owner.language,
  );
  await deps.mailer.send({ to: owner.email, ...mail });
  return maskedEmail(owner.email);
}
