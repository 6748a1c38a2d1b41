// What writing one outbox e-mail costs the server's CPU, our one-pass writer against nodemailer's
// own stream transport (decision 027), in the same process and the same minute. Each round sends
// the same approval e-mail N times in a row into a temp folder and reads process.cpuUsage() around
// it; the rounds alternate between the two, after one warm-up round each.
//
//   node --import tsx bench/api/mail-cost.ts            # 3,000 messages a round, 3 rounds each
//   node --import tsx bench/api/mail-cost.ts 5000 5
import { mkdtempSync, rmSync, writeFile } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import nodemailer from "nodemailer";
import { composeDecisionMail } from "../../src/server/mail/decision-templates.ts";
import { createMailer } from "../../src/server/mail/mailer.ts";
import { messageIdOf } from "../../src/server/mail/outbox-sender.ts";

const perRound = Number(process.argv[2] ?? 3000);
const rounds = Number(process.argv[3] ?? 3);
const dir = mkdtempSync(path.join(os.tmpdir(), "nexapay-mail-cost-"));
const from = "Nexapay <no-reply@nexapay.test>";

const ours = createMailer({ smtpUrl: undefined, from, outboxDir: dir, log: { info() {} } });

// nodemailer's stream transport, written to a file the way the mailer did before decision 027.
const streamTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
const writeFileAsync = promisify(writeFile);
const theirs = {
  async send(message: { to: string; subject: string; text: string; html: string; messageId: string; fileKey: string }) {
    const { fileKey, ...mail } = message;
    const info = await streamTransport.sendMail({ from, ...mail, baseBoundary: "0123456789abcdef" });
    await writeFileAsync(path.join(dir, `${fileKey}-nodemailer.eml`), (info as unknown as { message: Buffer }).message);
  },
};

async function round(mailer: typeof theirs, label: string): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < perRound; i++) {
    const key = `transaction.completed:${label}-${i}`;
    const mail = composeDecisionMail(
      "deposit.completed",
      { amountMinor: "250000", reference: "20 USDT from TXYZ" },
      "Bench Customer",
      "en",
    );
    await mailer.send({ to: `customer${i % 48}@example.test`, ...mail, messageId: messageIdOf(key, "nexapay.test"), fileKey: key });
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / perRound;
}

const results: Record<string, number[]> = { "one pass (ours)": [], "nodemailer stream transport": [] };
try {
  await round(ours, "warm-ours");
  await round(theirs, "warm-theirs");
  for (let r = 0; r < rounds; r++) {
    results["one pass (ours)"]!.push(await round(ours, `ours-${r}`));
    results["nodemailer stream transport"]!.push(await round(theirs, `theirs-${r}`));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`CPU per message (${perRound} messages a round, ms):`);
for (const [name, figures] of Object.entries(results)) console.log(`  ${name.padEnd(30)} ${figures.map((f) => f.toFixed(3)).join("  ")}`);
