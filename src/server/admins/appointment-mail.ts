// Every other admin hears of a new admin (decision 040): a creation or a promotion is the one step
// an insider needs to make a second pair of eyes of their own, so the whole team is told at once,
// by e-mail, in the same transaction as the appointment. The message is composed here and queued
// whole (the outbox sends composed rows as they are): an admin made on the command line may have
// no profile, so no name or language for a template to use.
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { adminUsers, emailOutbox, user } from "../db/schema.ts";
import { appLink, buttonText, escapeHtml, mailCardHtml } from "../mail/mail-layout.ts";

type Appointment = {
  appointmentId: string;
  adminId: string;
  role: "admin" | "super_admin";
  /** Null: made on the command line. */
  actorId: string | null;
  publicUrl?: string | undefined;
};

const roleName = { admin: "an admin", super_admin: "a super admin" } as const;

/** Queues the message to every admin but the new one, in the caller's transaction. */
export async function queueAppointmentMail(tx: Pick<Db, "select" | "insert">, appointment: Appointment): Promise<void> {
  const [appointed] = await tx.select({ email: user.email }).from(user).where(eq(user.id, appointment.adminId));
  const [actor] = appointment.actorId ? await tx.select({ email: user.email }).from(user).where(eq(user.id, appointment.actorId)) : [];
  const others = await tx
    .select({ id: adminUsers.userId, email: user.email })
    .from(adminUsers)
    .innerJoin(user, eq(user.id, adminUsers.userId))
    .where(and(ne(adminUsers.userId, appointment.adminId)));
  if (!appointed || others.length === 0) return;
  const subject = `${appointed.email} is now ${roleName[appointment.role]} of Nexapay`;
  const by = actor ? `by ${actor.email}` : "from the command line";
  const paragraphs = [
    `${appointed.email} was made ${roleName[appointment.role]} ${by}.`,
    "A new admin confirms no second approval for their first day, and never one requested by the admin who appointed them.",
    "If you did not expect this, tell the other admins and check the audit log now.",
  ];
  const button = appointment.publicUrl
    ? { label: "Open the audit log", url: appLink(appointment.publicUrl, "/admin/audit-log") }
    : undefined;
  const text = ["Hello,", ...paragraphs, ...(button ? [buttonText(button)] : []), "Nexapay"].join("\n\n") + "\n";
  const html = mailCardHtml({
    language: "en",
    subject,
    paragraphsHtml: ["Hello,", ...paragraphs].map(escapeHtml),
    button,
    afterButtonHtml: ["Nexapay"],
  });
  await tx.insert(emailOutbox).values(
    others.map((other) => ({
      userId: other.id,
      eventKey: `admin.appointed:${appointment.appointmentId}:${other.id}`,
      category: "security" as const,
      toAddress: other.email,
      subject,
      textBody: text,
      htmlBody: html,
    })),
  );
}
