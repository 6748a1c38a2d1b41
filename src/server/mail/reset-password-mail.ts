// The password-reset e-mail, in the language of the person it goes to (decision 025). A security
// message: it ignores the decision-mail preference (decision 020). It is queued in the e-mail outbox
// in the same transaction as its token (decision 046, queuePasswordResetMail below), so that a crash
// after the answer cannot lose it; the outbox's sender delivers it, and retries it while SMTP is down.
// A Record over the languages: a language without these words does not compile.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Language } from "#shared/language.ts";
import type { Db } from "../db/client.ts";
import { emailOutbox, user, verification } from "../db/schema.ts";

export type ResetPasswordMail = { subject: string; text: string };

const wordings: Record<Language, (link: string) => ResetPasswordMail> = {
  en: (link) => ({
    subject: "Reset your Nexapay password",
    text: [
      "Someone asked to reset the password of your Nexapay account.",
      "",
      `Open this link within one hour to choose a new password: ${link}`,
      "",
      "If it was not you, ignore this message: your password stays as it is.",
    ].join("\n"),
  }),
  bn: (link) => ({
    subject: "আপনার Nexapay পাসওয়ার্ড রিসেট করুন",
    text: [
      "আপনার Nexapay অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে।",
      "",
      // The link stays alone at the end of its line, so that mail clients find where it ends.
      `নতুন পাসওয়ার্ড বেছে নিতে এক ঘণ্টার মধ্যে এই লিংকটি খুলুন: ${link}`,
      "",
      "অনুরোধটি আপনি না করে থাকলে এই মেসেজটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।",
    ].join("\n"),
  }),
};

export function composeResetPasswordMail(link: string, language: Language): ResetPasswordMail {
  return wordings[language](link);
}

/** The prefix better-auth gives a reset token's verification row: `reset-password:<token>`. */
export const resetIdentifierPrefix = "reset-password:";

/** The outbox's event key of a reset e-mail: the verification row's id, never the token (keys are logged). */
export const resetEventKey = (verificationId: string) => `password_reset:${verificationId}`;

type ResetTokenRow = { identifier: string; value: string; expiresAt: Date; createdAt?: Date; updatedAt?: Date };

/**
 * Writes the reset token's verification row and its e-mail in the outbox, in one transaction: both
 * or neither. `row` is the row better-auth was about to write (its identifier carries the token in
 * plain text, as better-auth stores it by default); `value` is the user's id. The message is composed
 * now, in the user's language, with the address the token was asked for: the link must reach that
 * address, and the token is useless an hour later anyway.
 */
export async function queuePasswordResetMail(db: Db, row: ResetTokenRow, publicUrl: string): Promise<void> {
  const token = row.identifier.slice(resetIdentifierPrefix.length);
  const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    const [recipient] = await tx.select({ email: user.email, language: user.language }).from(user).where(eq(user.id, row.value));
    const id = randomUUID();
    await tx.insert(verification).values({ id, ...row });
    // better-auth found the user a moment ago; if it was deleted since, there is no one to write to.
    if (!recipient) return;
    const mail = composeResetPasswordMail(link, recipient.language);
    await tx.insert(emailOutbox).values({
      userId: row.value,
      eventKey: resetEventKey(id),
      category: "security",
      toAddress: recipient.email,
      subject: mail.subject,
      textBody: mail.text,
      // Text only, as this message has always been: an empty HTML body adds no HTML part.
      htmlBody: "",
    });
  });
}
