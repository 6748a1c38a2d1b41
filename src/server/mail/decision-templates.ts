// The wording of every decision e-mail (decision 020). A decision queues only its facts in the
// outbox (a template name and its params, migration 0014); the sender composes the message from
// them here, when it sends. Keeping the words out of the database keeps them out of the money
// transaction (the composing was a third of an approval's database time) and in one file.
import { z } from "zod";
import { displayBdt } from "#shared/money.ts";
import { decisionTemplates } from "../db/schema.ts";

export type DecisionTemplate = (typeof decisionTemplates)[number];

/** What the database functions put in `params`; a field a template needs and lacks fails the send. */
const paramsSchema = z.object({
  amountMinor: z.string().regex(/^\d+$/).optional(),
  reference: z.string().nullish(),
  payoutReference: z.string().nullish(),
  rejectReason: z.string().nullish(),
  phoneNumber: z.string().optional(),
  walletType: z.string().optional(),
});
type Params = z.infer<typeof paramsSchema>;

export type ComposedMail = { subject: string; text: string; html: string };

/** The subject and paragraphs (plain text) of one template with its facts. */
function wordsOf(template: DecisionTemplate, params: Params): { subject: string; paragraphs: string[] } {
  const amount = () => {
    if (params.amountMinor === undefined) throw new Error(`${template}: no amount`);
    return displayBdt(BigInt(params.amountMinor)); // "1,500.00 BDT"
  };
  const request = params.reference ?? "deposit";
  // A withdrawal's reference is "bKash:01712345678": the wallet and its number.
  const [method = "", wallet = ""] = (params.reference ?? "").split(":");
  const reason = params.rejectReason?.trim() ? `Reason: ${params.rejectReason}` : undefined;
  const sim = () => {
    if (params.phoneNumber === undefined || params.walletType === undefined) throw new Error(`${template}: no SIM`);
    return { phone: params.phoneNumber, type: params.walletType };
  };
  const present = (lines: (string | undefined)[]) => lines.filter((line): line is string => line !== undefined);

  switch (template) {
    case "deposit.completed":
      return {
        subject: `Your deposit of ${amount()} has been credited`,
        paragraphs: [
          `Your deposit of ${amount()} has been credited to your Nexapay wallet.`,
          `Request: ${request}`,
          "Sign in to Nexapay to see your balance and transactions.",
        ],
      };
    case "deposit.rejected":
      return {
        subject: "Your deposit request was rejected",
        paragraphs: present([
          `Your deposit request of ${amount()} (${request}) was rejected. Nothing was credited.`,
          reason,
          "If you have questions, contact our support.",
        ]),
      };
    case "withdraw.completed":
      return {
        subject: `Your withdrawal of ${amount()} has been paid`,
        paragraphs: present([
          `We have paid ${amount()} to your ${method} wallet ${wallet}.`,
          params.payoutReference ? `${method} transaction ID (TrxID): ${params.payoutReference}` : undefined,
          "Sign in to Nexapay to see your balance and transactions.",
        ]),
      };
    case "withdraw.rejected":
      return {
        subject: "Your withdrawal request was rejected",
        paragraphs: present([
          `Your withdrawal request of ${amount()} to your ${method} wallet ${wallet} was rejected.`,
          reason,
          "The money is available in your Nexapay wallet again.",
        ]),
      };
    case "verification.approved":
      return {
        subject: "Your identity has been verified",
        paragraphs: ["We have checked your documents: your identity is verified.", "Sign in to Nexapay to continue."],
      };
    case "verification.rejected":
      return {
        subject: "Your identity verification was rejected",
        paragraphs: present([
          "We could not verify your identity with the documents you uploaded.",
          params.rejectReason == null ? undefined : `Reason: ${params.rejectReason}`,
          "Sign in to Nexapay and upload new documents on the Verification page.",
        ]),
      };
    case "sim.active":
      return {
        subject: `Your SIM ${sim().phone} has been approved`,
        paragraphs: [`Your SIM ${sim().phone} (${sim().type}) has been approved and is active.`],
      };
    case "sim.rejected":
      return {
        subject: `Your SIM ${sim().phone} was rejected`,
        paragraphs: [`Your SIM ${sim().phone} (${sim().type}) was rejected.`, "If you have questions, contact our support."],
      };
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * The message of one queued decision, to the customer named `recipientName`. The text body is the
 * paragraphs between a greeting and our name; the HTML body is the same, each paragraph escaped
 * (a reject reason is an admin's free text), in a plain card any mail client shows.
 */
export function composeDecisionMail(template: string, params: unknown, recipientName: string): ComposedMail {
  if (!(decisionTemplates as readonly string[]).includes(template)) throw new Error(`unknown mail template ${template}`);
  const { subject, paragraphs } = wordsOf(template as DecisionTemplate, paramsSchema.parse(params));
  const body = [`Hello ${recipientName},`, ...paragraphs, "Nexapay"];
  return {
    subject,
    text: `${body.join("\n\n")}\n`,
    html:
      '<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6">' +
      '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;' +
      'font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">' +
      `<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(subject)}</h1>` +
      body.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join("") +
      "</div></body></html>",
  };
}
