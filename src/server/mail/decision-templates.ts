// The wording of every decision e-mail (decision 020), in each language we write to customers in
// (decision 025). A decision queues only its facts in the outbox (a template name and its params,
// migration 0014); the sender composes the message from them here, when it sends, in the language
// the customer has at that moment. Keeping the words out of the database keeps them out of the
// money transaction (the composing was a third of an approval's database time) and in one file.
//
// Every language has every template: `wordings` is a Record over the languages and each language's
// `templates` a record over the template names, so a language or a template without words does not
// compile.
import { z } from "zod";
import type { Language } from "#shared/language.ts";
import { bengaliDigits, displayBdt, displayBdtBangla } from "#shared/money.ts";
import type { simWalletTypes } from "#shared/sim-schemas.ts";
import type { verificationRejectReasons } from "#shared/verification-schemas.ts";
import { decisionTemplates } from "../db/schema.ts";

/** The admins' decisions; the security alerts (`security.*`) are worded in security-templates.ts. */
export type DecisionTemplate = Exclude<(typeof decisionTemplates)[number], `security.${string}`>;

/** Whether a row's template is an admin's decision (worded here) rather than a security alert. */
export function isDecisionTemplate(template: string): template is DecisionTemplate {
  return !template.startsWith("security.") && (decisionTemplates as readonly string[]).includes(template);
}

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

/** A template's facts, already written the way its language writes them. */
type Facts = {
  /** The amount ("1,500.00 BDT", "১,৫০০.০০ ৳"); throws when the row has none. */
  amount: () => string;
  /** A deposit's request ("12.5 USDT from T…"); English says "deposit" when it has none, Bangla nothing. */
  request: string | undefined;
  /** A withdrawal's wallet ("bKash") and its number, from its reference "bKash:01712345678". */
  method: string;
  wallet: string;
  payoutReference: string | null | undefined;
  rejectReason: string | null | undefined;
  /** The SIM's number and wallet type; throws when the row has none. */
  sim: () => { phone: string; type: string };
};

type Words = { subject: string; paragraphs: (string | undefined)[] };

type Wording = {
  /** The `lang` attribute of the HTML body, and its fonts. */
  htmlOpen: string;
  fontFamily: string;
  greeting: (name: string) => string;
  signature: string;
  amount: (poisha: bigint) => string;
  /** Phone and wallet numbers as the language writes digits. */
  digits: (text: string) => string;
  /** A deposit's request reference as this language shows it. */
  request: (reference: string | null | undefined) => string | undefined;
  simType: (walletType: string) => string;
  templates: { [T in DecisionTemplate]: (facts: Facts) => Words };
};

const english: Wording = {
  htmlOpen: "<html>",
  fontFamily: "Arial,Helvetica,sans-serif",
  greeting: (name) => `Hello ${name},`,
  signature: "Nexapay",
  amount: displayBdt, // "1,500.00 BDT"
  digits: (text) => text,
  request: (reference) => reference ?? "deposit",
  simType: (walletType) => walletType,
  templates: {
    "deposit.completed": (f) => ({
      subject: `Your deposit of ${f.amount()} has been credited`,
      paragraphs: [
        `Your deposit of ${f.amount()} has been credited to your Nexapay wallet.`,
        `Request: ${f.request ?? ""}`,
        "Sign in to Nexapay to see your balance and transactions.",
      ],
    }),
    "deposit.rejected": (f) => ({
      subject: "Your deposit request was rejected",
      paragraphs: [
        `Your deposit request of ${f.amount()} (${f.request ?? ""}) was rejected. Nothing was credited.`,
        f.rejectReason?.trim() ? `Reason: ${f.rejectReason}` : undefined,
        "If you have questions, contact our support.",
      ],
    }),
    "withdraw.completed": (f) => ({
      subject: `Your withdrawal of ${f.amount()} has been paid`,
      paragraphs: [
        `We have paid ${f.amount()} to your ${f.method} wallet ${f.wallet}.`,
        f.payoutReference ? `${f.method} transaction ID (TrxID): ${f.payoutReference}` : undefined,
        "Sign in to Nexapay to see your balance and transactions.",
      ],
    }),
    "withdraw.rejected": (f) => ({
      subject: "Your withdrawal request was rejected",
      paragraphs: [
        `Your withdrawal request of ${f.amount()} to your ${f.method} wallet ${f.wallet} was rejected.`,
        f.rejectReason?.trim() ? `Reason: ${f.rejectReason}` : undefined,
        "The money is available in your Nexapay wallet again.",
      ],
    }),
    "verification.approved": () => ({
      subject: "Your identity has been verified",
      paragraphs: ["We have checked your documents: your identity is verified.", "Sign in to Nexapay to continue."],
    }),
    "verification.rejected": (f) => ({
      subject: "Your identity verification was rejected",
      paragraphs: [
        "We could not verify your identity with the documents you uploaded.",
        f.rejectReason == null ? undefined : `Reason: ${f.rejectReason}`,
        "Sign in to Nexapay and upload new documents on the Verification page.",
      ],
    }),
    "sim.active": (f) => ({
      subject: `Your SIM ${f.sim().phone} has been approved`,
      paragraphs: [`Your SIM ${f.sim().phone} (${f.sim().type}) has been approved and is active.`],
    }),
    "sim.rejected": (f) => ({
      subject: `Your SIM ${f.sim().phone} was rejected`,
      paragraphs: [`Your SIM ${f.sim().phone} (${f.sim().type}) was rejected.`, "If you have questions, contact our support."],
    }),
  },
};

/** The back office's ready-made reasons (an admin may also type their own, which stays as typed). */
const banglaRejectReasons: Record<(typeof verificationRejectReasons)[number], string> = {
  "Photo is blurred": "ছবি ঝাপসা",
  "Document expired": "ডকুমেন্টের মেয়াদ শেষ",
  "Name does not match the profile": "নাম প্রোফাইলের সাথে মেলেনি",
};
const banglaReason = (reason: string) => banglaRejectReasons[reason as keyof typeof banglaRejectReasons] ?? reason;

const banglaSimTypes: Record<(typeof simWalletTypes)[number], string> = { Personal: "পার্সোনাল", Merchant: "মার্চেন্ট" };

// Written as bKash and Nagad write to their customers: short sentences, brand names, TrxID and
// references in Latin letters, amounts and phone numbers in Bengali digits.
const bangla: Wording = {
  htmlOpen: '<html lang="bn">',
  fontFamily: "'Noto Sans Bengali',Arial,Helvetica,sans-serif",
  greeting: (name) => `প্রিয় ${name},`,
  signature: "Nexapay",
  amount: displayBdtBangla, // "১,৫০০.০০ ৳"
  digits: bengaliDigits,
  request: (reference) => {
    if (reference == null) return undefined;
    // The server writes a deposit's reference as "12.5 USDT from <TRON address>".
    const usdt = /^(\d+(?:\.\d+)?) USDT from (\S+)$/.exec(reference);
    return usdt ? `${bengaliDigits(usdt[1]!)} USDT, ${usdt[2]!} ঠিকানা থেকে` : reference;
  },
  simType: (walletType) => banglaSimTypes[walletType as keyof typeof banglaSimTypes] ?? walletType,
  templates: {
    "deposit.completed": (f) => ({
      subject: `আপনার ${f.amount()} জমা সফল হয়েছে`,
      paragraphs: [
        `আপনার ${f.amount()} জমা Nexapay ওয়ালেটে যোগ হয়েছে।`,
        f.request === undefined ? undefined : `অনুরোধ: ${f.request}`,
        "ব্যালেন্স ও লেনদেন দেখতে Nexapay-তে সাইন ইন করুন।",
      ],
    }),
    "deposit.rejected": (f) => ({
      subject: "আপনার জমার অনুরোধ প্রত্যাখ্যাত হয়েছে",
      paragraphs: [
        `আপনার ${f.amount()} জমার অনুরোধ${f.request === undefined ? "" : ` (${f.request})`} প্রত্যাখ্যাত হয়েছে। কোনো টাকা যোগ হয়নি।`,
        f.rejectReason?.trim() ? `কারণ: ${banglaReason(f.rejectReason)}` : undefined,
        "কোনো প্রশ্ন থাকলে আমাদের গ্রাহকসেবায় যোগাযোগ করুন।",
      ],
    }),
    "withdraw.completed": (f) => ({
      subject: `আপনার ${f.amount()} উত্তোলন সম্পন্ন হয়েছে`,
      paragraphs: [
        `আমরা আপনার ${f.method} ওয়ালেট ${f.wallet} নম্বরে ${f.amount()} পাঠিয়েছি।`,
        f.payoutReference ? `${f.method} লেনদেন আইডি (TrxID): ${f.payoutReference}` : undefined,
        "ব্যালেন্স ও লেনদেন দেখতে Nexapay-তে সাইন ইন করুন।",
      ],
    }),
    "withdraw.rejected": (f) => ({
      subject: "আপনার উত্তোলনের অনুরোধ প্রত্যাখ্যাত হয়েছে",
      paragraphs: [
        `আপনার ${f.method} ওয়ালেট ${f.wallet} নম্বরে ${f.amount()} উত্তোলনের অনুরোধ প্রত্যাখ্যাত হয়েছে।`,
        f.rejectReason?.trim() ? `কারণ: ${banglaReason(f.rejectReason)}` : undefined,
        "টাকা আবার আপনার Nexapay ওয়ালেটে ফিরে এসেছে, আপনি তা ব্যবহার করতে পারবেন।",
      ],
    }),
    "verification.approved": () => ({
      subject: "আপনার পরিচয় যাচাই সম্পন্ন হয়েছে",
      paragraphs: ["আমরা আপনার ডকুমেন্ট দেখেছি: আপনার পরিচয় যাচাই সম্পন্ন।", "চালিয়ে যেতে Nexapay-তে সাইন ইন করুন।"],
    }),
    "verification.rejected": (f) => ({
      subject: "আপনার পরিচয় যাচাই প্রত্যাখ্যাত হয়েছে",
      paragraphs: [
        "আপনার আপলোড করা ডকুমেন্ট দিয়ে আমরা আপনার পরিচয় যাচাই করতে পারিনি।",
        f.rejectReason == null ? undefined : `কারণ: ${banglaReason(f.rejectReason)}`,
        "Nexapay-তে সাইন ইন করে যাচাই পেজে নতুন ডকুমেন্ট আপলোড করুন।",
      ],
    }),
    "sim.active": (f) => ({
      subject: `আপনার সিম ${f.sim().phone} অনুমোদিত হয়েছে`,
      paragraphs: [`আপনার সিম ${f.sim().phone} (${f.sim().type}) অনুমোদিত হয়েছে এবং এখন সক্রিয়।`],
    }),
    "sim.rejected": (f) => ({
      subject: `আপনার সিম ${f.sim().phone} প্রত্যাখ্যাত হয়েছে`,
      paragraphs: [`আপনার সিম ${f.sim().phone} (${f.sim().type}) প্রত্যাখ্যাত হয়েছে।`, "কোনো প্রশ্ন থাকলে আমাদের গ্রাহকসেবায় যোগাযোগ করুন।"],
    }),
  },
};

const wordings: Record<Language, Wording> = { en: english, bn: bangla };

function factsOf(template: DecisionTemplate, params: Params, wording: Wording): Facts {
  // A withdrawal's reference is "bKash:01712345678": the wallet and its number.
  const [method = "", wallet = ""] = (params.reference ?? "").split(":");
  return {
    amount: () => {
      if (params.amountMinor === undefined) throw new Error(`${template}: no amount`);
      return wording.amount(BigInt(params.amountMinor));
    },
    request: wording.request(params.reference),
    method,
    wallet: wording.digits(wallet),
    payoutReference: params.payoutReference,
    rejectReason: params.rejectReason,
    sim: () => {
      if (params.phoneNumber === undefined || params.walletType === undefined) throw new Error(`${template}: no SIM`);
      return { phone: wording.digits(params.phoneNumber), type: wording.simType(params.walletType) };
    },
  };
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * The message of one queued decision, to the customer named `recipientName`, in `language` (the
 * customer's, read when the message is sent). The text body is the paragraphs between a greeting
 * and our name; the HTML body is the same, each paragraph escaped (a reject reason is an admin's
 * free text), in a plain card any mail client shows.
 */
export function composeDecisionMail(template: string, params: unknown, recipientName: string, language: Language = "en"): ComposedMail {
  if (!isDecisionTemplate(template)) throw new Error(`unknown mail template ${template}`);
  const wording = wordings[language];
  const words = wording.templates[template](factsOf(template, paramsSchema.parse(params), wording));
  const subject = words.subject;
  const paragraphs = words.paragraphs.filter((line): line is string => line !== undefined);
  const body = [wording.greeting(recipientName), ...paragraphs, wording.signature];
  return {
    subject,
    text: `${body.join("\n\n")}\n`,
    html: mailCardHtml({ ...wording, subject, paragraphsHtml: body.map(escapeHtml) }),
  };
}

/** The HTML body every templated e-mail shares: a plain card any mail client shows, its paragraphs already escaped. */
export function mailCardHtml(input: { htmlOpen: string; fontFamily: string; subject: string; paragraphsHtml: string[] }): string {
  return (
    `<!doctype html>${input.htmlOpen}<body style="margin:0;padding:24px;background:#f3f4f6">` +
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;' +
    `font-family:${input.fontFamily};font-size:15px;line-height:1.5;color:#111827">` +
    `<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(input.subject)}</h1>` +
    input.paragraphsHtml.map((paragraph) => `<p style="margin:0 0 12px">${paragraph}</p>`).join("") +
    "</div></body></html>"
  );
}
