// Real e-mail through nodemailer. With SMTP_URL set, messages go to that server; without it each
// message is written as a real RFC 822 file to $DATA_DIR/mail/<time>-<to>.eml (readable by any
// mail client, and by the tests), and the log names that file. A message from the outbox
// (outbox-sender.ts) carries a stable Message-ID and file key of its own, so that sending it again
// after a crash writes the same file (and, by SMTP, lets the recipient's mail system see a duplicate). The log never shows the message's
// text or links: a password-reset link carries a token that is as good as the password, and logs
// are read by more people than mailboxes. A developer opens the file to follow a link.
import { createHash } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import * as base64 from "nodemailer/lib/base64";
import MailComposer, { type MailComposerOptions } from "nodemailer/lib/mail-composer";
import type MimeNode from "nodemailer/lib/mime-node";
import * as qp from "nodemailer/lib/qp";

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
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  // A message appears in the folder whole or not at all: it is written under a name of its own that
  // does not end in .eml, then renamed to its .eml name (a rename within a folder is atomic). A
  // reader (a person, a mail tool, the tests) that lists the folder between the file's creation and
  // its write would otherwise find it empty. The rename also replaces a file sent before at once.
  // The folder is made when a write finds it missing (the first message, or after someone removed
  // it), not before every message: a busy hour writes thousands.
  //
  // The writes are synchronous (decision 030). A message is a few kilobytes on a local disk: the
  // open, write, close and rename take about a quarter of a millisecond together, and done through libuv's thread pool,
  // as the asynchronous calls do, the same four cost the server twice that in hand-offs between
  // threads (bench/api/outbox-write-cost.ts). The outbox sender lets waiting requests run between
  // two messages, so a batch never holds the event loop for longer than one message.
  let written = 0;
  const writeToOutbox = (file: string, raw: Buffer) => {
    written += 1;
    const partial = `${file}.${process.pid}-${written}.partial`;
    try {
      writeFileSync(partial, raw);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      mkdirSync(options.outboxDir, { recursive: true });
      writeFileSync(partial, raw);
    }
    renameSync(partial, file);
  };

  return {
    async send({ fileKey, ...message }) {
      // A message with a Message-ID of its own (the outbox's) gets its MIME boundaries from it too,
      // so a message sent again differs only in its Date. nodemailer would otherwise draw random
      // bytes for every part, which a profile of the outbox sender showed as a tenth of a message's cost.
      const baseBoundary =
        message.messageId === undefined ? undefined : createHash("sha256").update(message.messageId).digest("hex").slice(0, 16);
      const mail = { from: options.from, ...message, ...(baseBoundary && { baseBoundary }) };
      if (transport) {
        await transport.sendMail(mail);
        return;
      }
      const raw = outboxFileOf(mail);
      const safeTo = message.to.replace(/[^A-Za-z0-9@._-]/g, "_");
      const prefix = fileKey === undefined ? new Date().toISOString().replace(/[:.]/g, "-") : fileKey.replace(/[^A-Za-z0-9._-]/g, "_");
      const file = path.join(options.outboxDir, `${prefix}-${safeTo}.eml`);
      writeToOutbox(file, raw);
      options.log.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
    },
  };
}

/**
 * A message as an .eml file (decision 027): exactly the bytes nodemailer's stream transport writes with
 * `newline: "unix"` (mailer.test.ts compares the two), but built in one pass. nodemailer composes the
 * message (MailComposer: the headers, the addresses, the MIME tree, each part's transfer encoding)
 * and encodes the parts (its qp and base64 modules); only the writing out is ours. Its own writer
 * runs every part through a chain of streams, which a profile of the outbox sender showed as most of
 * a message's cost (bench/api/mail-cost.ts measures the two side by side).
 */
export function outboxFileOf(mail: MailComposerOptions): Buffer {
  const root = new MailComposer(mail).compile();
  const written = mimeNodeText(root);
  // As nodemailer's writer: a message ends with a line break, and "unix" drops every CR.
  return Buffer.from((written.endsWith("\n") ? written : `${written}\r\n`).replaceAll("\r", ""), "utf8");
}

/** One MIME node as nodemailer's MimeNode.stream writes it: headers, encoded content, child parts. */
function mimeNodeText(node: MimeNode): string {
  let text = `${node.buildHeaders()}\r\n\r\n`;
  const content = node.content;
  if (content) {
    if (typeof content !== "string" && !Buffer.isBuffer(content)) throw new Error("an outbox message part that is not text");
    const encoding = node.getTransferEncoding();
    if (encoding === "base64") text += base64.wrap(base64.encode(content), 76);
    else if (encoding === "quoted-printable") text += qp.wrap(qp.encode(content), 76);
    else text += content.toString();
  }
  if (node.multipart) {
    node.childNodes.forEach((child, index) => {
      text += `${index > 0 ? "\r\n" : ""}--${String(node.boundary)}\r\n${mimeNodeText(child)}`;
    });
    text += `\r\n--${String(node.boundary)}--\r\n`;
  }
  return text;
}
