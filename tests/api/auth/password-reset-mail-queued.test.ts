// The password-reset e-mail goes through the outbox (decision 046): the request writes the token and
// its e-mail together, before anything is sent; the outbox's sender delivers it once, and while SMTP
// is down it stays queued and is retried. The link still works, and no log line shows the token.
import { createServer, type Server, type Socket } from "node:net";
import { Writable } from "node:stream";
import { and, eq, isNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { emailOutbox, verification } from "../../../src/server/db/schema.ts";
import { createTestApp, publicUrl, type TestApp } from "../../support/test-app.ts";

const newPassword = "Fresh-Start-2025";

async function askForReset(t: TestApp, email: string): Promise<void> {
  const response = await t.browser().post("/api/auth/request-password-reset", { email, redirectTo: `${publicUrl}/reset-password` });
  expect(response.statusCode).toBe(200);
}

/** The outbox rows addressed to `email`, with the token's verification rows. */
async function resetRowsOf(t: TestApp, userId: string) {
  const outbox = await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId));
  const tokens = await t.db
    .select()
    .from(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, "reset-password:%")));
  return { outbox, tokens };
}

describe("with the outbox written to files", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test("a reset request queues its e-mail with its token; the sender delivers it once; the link works", async () => {
    const customer = await t.signUp();
    await askForReset(t, customer.email);

    // Queued, not sent: the row and the token exist together, no file yet.
    const { outbox, tokens } = await resetRowsOf(t, customer.userId);
    expect(tokens).toHaveLength(1);
    const token = tokens[0]!.identifier.slice("reset-password:".length);
    expect(outbox).toHaveLength(1);
    const row = outbox[0]!;
    expect(row).toMatchObject({ category: "security", toAddress: customer.email, sentAt: null, attempts: 0 });
    expect(row.eventKey).toBe(`password_reset:${tokens[0]!.id}`);
    // The key is logged and names the file: never the token.
    expect(row.eventKey).not.toContain(token);
    expect(await t.mailFilesTo(customer.email)).toEqual([]);

    // Delivered once, by the outbox's sender; a second run sends nothing more.
    expect(await t.outboxSender.deliverDue()).toBe(1);
    expect(await t.outboxSender.deliverDue()).toBe(0);
    expect(await t.mailFilesTo(customer.email)).toHaveLength(1);
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(sent!.sentAt).not.toBeNull();

    // The message as it always was: text only, its subject, the link to our page with the token.
    const mail = await t.readLatestMail(customer.email);
    expect(mail.subject).toBe("Reset your Nexapay password");
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.raw).not.toMatch(/text\/html/);
    expect(mail.resetLink).toBe(`${publicUrl}/reset-password?token=${token}`);
    expect(mail.text).toContain("Open this link within one hour to choose a new password");

    const reset = await t.browser().post("/api/auth/reset-password", { token: mail.resetToken, newPassword });
    expect(reset.statusCode).toBe(200);
    await t.signIn(customer.email, newPassword);
    // Used: the token is gone, and so is the link's power; the outbox row keeps a dead token.
    expect((await resetRowsOf(t, customer.userId)).tokens).toEqual([]);
  });

  test("an unknown e-mail queues nothing and is answered the same", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    await askForReset(t, t.uniqueEmail("nobody"));
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  test("each request queues its own e-mail: two requests, two messages, the newest link works", async () => {
    const customer = await t.signUp();
    await askForReset(t, customer.email);
    await askForReset(t, customer.email);
    expect((await resetRowsOf(t, customer.userId)).outbox).toHaveLength(2);
    // (The earlier test's sign-in and reset queued alerts of their own: delivered in the same run.)
    await t.outboxSender.deliverDue();
    expect((await resetRowsOf(t, customer.userId)).outbox.filter((row) => row.sentAt !== null)).toHaveLength(2);
    expect((await t.mailFilesTo(customer.email)).filter((file) => file.includes("password_reset"))).toHaveLength(2);
    const mail = await t.readLatestMail(customer.email);
    expect((await t.browser().post("/api/auth/reset-password", { token: mail.resetToken, newPassword })).statusCode).toBe(200);
  });
});

/**
 * A minimal SMTP server (RFC 5321's plain exchange, no extensions): enough for nodemailer to hand
 * over a message, which it keeps. Listens only when told to, so that SMTP can be "down" first.
 */
function smtpServer(port: number) {
  const messages: string[] = [];
  let server: Server | undefined;
  const serve = (socket: Socket) => {
    let buffer = "";
    let inData = false;
    socket.setEncoding("utf8");
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write("250 OK queued\r\n");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (line.startsWith("EHLO") || line.startsWith("HELO")) socket.write("250 test\r\n");
        else if (line.startsWith("DATA")) {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (line.startsWith("QUIT")) socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
    socket.on("error", () => undefined);
  };
  return {
    messages,
    start: () =>
      new Promise<void>((resolve) => {
        server = createServer(serve);
        server.listen(port, "127.0.0.1", resolve);
      }),
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

describe("with SMTP", () => {
  // One port per project: the two projects may run this file at the same time.
  const port = inject("dbKind") === "pglite" ? 3278 : 3279;
  const smtp = smtpServer(port);
  const logLines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, logger: { level: "trace", stream } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  test("while SMTP is down the e-mail stays queued; it is sent once when it is back; no log shows the token", async () => {
    const customer = await t.signUp();
    await askForReset(t, customer.email);
    const [token] = (await resetRowsOf(t, customer.userId)).tokens.map((row) => row.identifier.slice("reset-password:".length));

    // Down: nothing listens. The attempt fails, is counted, and waits for a later one.
    expect(await t.outboxSender.deliverDue()).toBe(0);
    const [failed] = (await resetRowsOf(t, customer.userId)).outbox;
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await t.outboxSender.deliverDue()).toBe(0); // not due yet

    // Back, and the retry is due (as after its wait): sent once.
    await smtp.start();
    await t.db.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(isNull(emailOutbox.sentAt));
    expect(await t.outboxSender.deliverDue()).toBe(1);
    expect(await t.outboxSender.deliverDue()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toContain(`To: ${customer.email}`);
    expect(smtp.messages[0]).toContain("Subject: Reset your Nexapay password");
    const [sent] = (await resetRowsOf(t, customer.userId)).outbox;
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(sent!.sentAt).not.toBeNull();

    // The link in what SMTP got works.
    const unfolded = smtp.messages[0]!.replace(/=\r\n/g, "").replace(/=3D/g, "=");
    expect(unfolded).toContain(`${publicUrl}/reset-password?token=${token}`);
    expect((await t.browser().post("/api/auth/reset-password", { token, newPassword })).statusCode).toBe(200);

    // The log at its most talkative level (requests, the failed send, the retry) never shows it.
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("")).not.toContain(token!);
  });
});
