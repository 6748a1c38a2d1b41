// The .eml outbox writes messages with its own one-pass writer (outboxFileOf). These tests hold it
// to the bytes nodemailer's own stream transport writes for the same message, for every decision
// e-mail and the password reset in each language, and for text that exercises each transfer
// encoding. Only the Date header is left out of the comparison: each side stamps its own clock.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import nodemailer from "nodemailer";
import { describe, expect, test } from "vitest";
import { languages } from "#shared/language.ts";
import { decisionTemplates } from "../db/schema.ts";
import { composeDecisionMail, isDecisionTemplate } from "./decision-templates.ts";
import { createMailer, outboxFileOf } from "./mailer.ts";
import { composeResetPasswordMail } from "./reset-password-mail.ts";
import { composeSecurityMail } from "./security-templates.ts";

const streamTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

type Mail = Parameters<typeof outboxFileOf>[0];

async function nodemailerFileOf(mail: Mail): Promise<Buffer> {
  const info = await streamTransport.sendMail(mail);
  return (info as unknown as { message: Buffer }).message;
}

const withoutDate = (file: Buffer) => file.toString("utf8").replace(/^Date: .*\n/m, "Date: (left out)\n");

async function expectSameFile(mail: Mail) {
  const ours = outboxFileOf(mail);
  const theirs = await nodemailerFileOf(mail);
  expect(withoutDate(ours)).toBe(withoutDate(theirs));
  expect(ours.toString("utf8")).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/m);
}

const envelope = {
  from: "Nexapay <no-reply@nexapay.test>",
  to: "rahim@example.test",
  messageId: "<outbox.0123456789abcdef0123456789abcdef@nexapay.test>",
  baseBoundary: "0123456789abcdef",
};

const params = {
  // The security alerts' facts (decision 039) beside the decisions'.
  freezeToken: "q3JxY0T2bQ9rL8wN1vP4sZ7uK6hG5fD2aS0eR9tY1uI",
  device: "Chrome, Windows",
  ip: "203.0.113.7",
  at: "2026-11-27T11:52:00.000Z",
  change: "two_factor_disabled",
  amountMinor: "3000000",
  reference: "Nagad:01812345678",
  payoutReference: "9K3LQ2PA7X",
  rejectReason: "The transaction hash does not match a transfer to our address.",
  phoneNumber: "01712345678",
  walletType: "bkash",
};

const transactionId = "3f2a9c1e-7b4d-4e8a-9c0f-1d2e3f4a5b6c";

describe("outboxFileOf writes what nodemailer writes", () => {
  for (const language of languages) {
    for (const template of decisionTemplates) {
      test(`${template} in ${language}`, async () => {
        const name = language === "bn" ? "রহিম উদ্দিন" : "Rahim Uddin";
        // With its row's event key and our site's address, as the sender composes it: the button and reference too.
        const eventKey = `transaction.completed:${transactionId}`;
        const composed = isDecisionTemplate(template)
          ? composeDecisionMail(template, params, name, language, { eventKey, publicUrl: "https://nexapay.example" })
          : composeSecurityMail(template, params, name, language, "https://nexapay.example", eventKey);
        await expectSameFile({ ...envelope, ...composed });
      });
    }
    test(`the password reset in ${language} (text only)`, async () => {
      const link = "http://localhost:3000/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH";
      await expectSameFile({ ...envelope, ...composeResetPasswordMail(link, language) });
    });
  }

  test("long lines, trailing spaces, '=' signs, a lone dot, emoji and a non-ASCII sender name", async () => {
    const text = `${"a".repeat(120)}\nends with spaces   \n= and =3D\n.\nমিশ্র text with emoji 🙂 \n`;
    await expectSameFile({
      ...envelope,
      from: "নেক্সাপে <no-reply@nexapay.test>",
      subject: `${"Long subject ".repeat(10)}🙂`,
      text,
      html: `<p>${text}</p>`,
    });
  });

  test("a line break in the recipient, subject or text adds no header", async () => {
    const mail = {
      ...envelope,
      to: "victim@example.test\r\nBcc: evil@example.test",
      subject: "Hello\r\nBcc: evil@example.test",
      text: "Hello\r\nBcc: evil@example.test\n",
    };
    await expectSameFile(mail);
    const headers = outboxFileOf(mail).toString("utf8").split("\n\n")[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
  });

  test("an empty body and a subject of one word", async () => {
    await expectSameFile({ ...envelope, subject: "Hello", text: "" });
  });

  test("a part that is not text (a stream) is refused, not written half", () => {
    expect(() => outboxFileOf({ ...envelope, subject: "Hello", text: "text", html: Readable.from(["<p>html</p>"]) })).toThrow(
      "an outbox message part that is not text",
    );
  });
});

describe("the .eml outbox folder", () => {
  // The reader runs on a thread of its own (a worker), as a person's mail tool or a test in another
  // process would: the mailer writes synchronously, so a reader on the same thread could only ever
  // look between two messages. Against a writer that creates the file and then fills it (two
  // synchronous writes), this found files empty or cut short in each of five runs.
  test("a reader listing the folder while messages are written never finds one empty or cut short, and nothing else stays", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "nexapay-outbox-"));
    const mailer = createMailer({ smtpUrl: undefined, from: envelope.from, outboxDir: dir, log: { info() {} } });
    const mail = composeDecisionMail("deposit.completed", params, "Rahim Uddin", "en");
    // Reads every .eml file as soon as it is listed, until told to stop; answers what it read.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const reader = new Worker(
      `const { readdirSync, readFileSync } = require("node:fs");
       const { parentPort, workerData: { dir, stop } } = require("node:worker_threads");
       const seen = [];
       parentPort.postMessage("reading");
       while (Atomics.load(stop, 0) === 0) {
         for (const name of readdirSync(dir).filter((file) => file.endsWith(".eml"))) {
           try { seen.push({ name, length: readFileSync(dir + "/" + name, "utf8").length }); } catch {}
         }
       }
       parentPort.postMessage(seen);`,
      { eval: true, workerData: { dir, stop } },
    );
    const next = () => new Promise<unknown>((resolve, reject) => reader.once("message", resolve).once("error", reject));
    await next();
    const seenAtEnd = next();
    try {
      // 600 messages, 50 at a time, to 100 keys: each sent again, as after a crash between send and mark.
      for (let batch = 0; batch < 12; batch++) {
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            mailer.send({ ...mail, to: envelope.to, messageId: `<m${i}@nexapay.test>`, fileKey: `key-${batch % 2}-${i}` }),
          ),
        );
      }
    } finally {
      Atomics.store(stop, 0, 1);
    }
    const seen = (await seenAtEnd) as { name: string; length: number }[];
    await reader.terminate();
    const files = await readdir(dir);
    await rm(dir, { recursive: true, force: true });
    expect(files.filter((file) => !file.endsWith(".eml"))).toEqual([]);
    expect(files).toHaveLength(100);
    expect(seen.length).toBeGreaterThan(0);
    const whole = outboxFileOf({ from: envelope.from, to: envelope.to, ...mail, messageId: "<m0@nexapay.test>" }).length;
    expect(seen.filter((read) => Math.abs(read.length - whole) > 40)).toEqual([]);
    // 600 files written against a reader that never pauses: seconds on a machine busy elsewhere.
  }, 30_000);
});
