// Real e-mail through nodemailer. With SMTP_URL set, messages go to that server; without it each
// message is written as a real RFC 822 file to $DATA_DIR/mail/<time>-<to>.eml (readable by any
// mail client, and by the tests), and the log names that file. A message from the outbox
// (outbox-sender.ts) carries a stable Message-ID and file key of its own, so that sending it again
// after a crash writes the same file (and, by SMTP, lets the recipient's mail system see a duplicate). The log never shows the message's
// text or links: a password-reset link carries a token that is as good as the password, and logs
// are read by more people than mailboxes. A developer opens the file to follow a link.
import { createHash } from "node:crypto";
import { writeFile } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import nodemailer from "nodemailer";

// The callback form of writeFile: the promise form opens a FileHandle and wires an abort signal
// for every file, which a profile of the outbox sender showed as a sixth of a message's cost.
const writeFileAsync = promisify(writeFile);

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

  // The folder is made when a write finds it missing (the first message, or after someone removed
  // it), not before every message: a busy hour writes thousands.
  const writeToOutbox = async (file: string, raw: Buffer) => {
    try {
      await writeFileAsync(file, raw);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await mkdir(options.outboxDir, { recursive: true });
      await writeFileAsync(file, raw);
    }
  };

  return {
    async send({ fileKey, ...message }) {
      // A message with a Message-ID of its own (the outbox's) gets its MIME boundaries from it too,
      // so a message sent again differs only in its Date. nodemailer would otherwise draw random
      // bytes for every part, which a profile of the outbox sender showed as a tenth of a message's cost.
      const baseBoundary =
        message.messageId === undefined ? undefined : createHash("sha256").update(message.messageId).digest("hex").slice(0, 16);
      const info = await transport.sendMail({ from: options.from, ...message, ...(baseBoundary && { baseBoundary }) });
      if (options.smtpUrl) return;
      const raw = (info as unknown as { message: Buffer }).message;
      const safeTo = message.to.replace(/[^A-Za-z0-9@._-]/g, "_");
      const prefix = fileKey === undefined ? new Date().toISOString().replace(/[:.]/g, "-") : fileKey.replace(/[^A-Za-z0-9._-]/g, "_");
      const file = path.join(options.outboxDir, `${prefix}-${safeTo}.eml`);
      await writeToOutbox(file, raw);
      options.log.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
    },
  };
}
