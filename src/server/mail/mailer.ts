// Real e-mail through nodemailer. With SMTP_URL set, messages go to that server; without it each
// message is written as a real RFC 822 file to $DATA_DIR/mail/<time>-<to>.eml (readable by any
// mail client, and by the tests), and the log names that file. The log never shows the message's
// text or links: a password-reset link carries a token that is as good as the password, and logs
// are read by more people than mailboxes. A developer opens the file to follow a link.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };
type Log = { info: (obj: object, msg: string) => void };

export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string; log: Log }): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (options.smtpUrl) return;
      const raw = (info as unknown as { message: Buffer }).message;
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^A-Za-z0-9@._-]/g, "_");
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
      await writeFile(file, raw);
      options.log.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
    },
  };
}
