// Real e-mail through nodemailer. With SMTP_URL set, messages go to that server; without it each
// message is written as a real RFC 822 file to $DATA_DIR/mail/<time>-<to>.eml (readable by any
// mail client, and by the tests), and the log names that file. A message from the outbox
// (outbox-sender.ts) carries a stable Message-ID and file key of its own, so that sending it again
// after a crash writes the same file (and, by SMTP, lets the recipient's mail system see a duplicate). The log never shows the message's
// text or links: a password-reset link carries a token that is as good as the password, and logs
// are read by more people than mailboxes. A developer opens the file to follow a link.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID header (with its angle brackets); nodemailer makes a random one when absent. */
  messageId?: string;
  /** In .eml mode, the file is <fileKey>-<to>.eml instead of <now>-<to>.eml: the same key, the same file. */
  fileKey?: string;
};
export type Mailer = { send: (message: MailMessage) => Promise<void> };
type Log = { info: (obj: object, msg: string) => void };

export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string; log: Log }): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    async send({ fileKey, ...message }) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (options.smtpUrl) return;
      const raw = (info as unknown as { message: Buffer }).message;
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^A-Za-z0-9@._-]/g, "_");
      const prefix = fileKey === undefined ? new Date().toISOString().replace(/[:.]/g, "-") : fileKey.replace(/[^A-Za-z0-9._-]/g, "_");
      const file = path.join(options.outboxDir, `${prefix}-${safeTo}.eml`);
      await writeFile(file, raw);
      options.log.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
    },
  };
}
