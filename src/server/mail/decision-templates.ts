// The wording of every decision e-mail (decision 020), in each language we write to customers in
// (decision 025). A decision queues only its facts in the outbox (a template name and its params,
// migration 0014); the sender composes the message from them here, when it sends, in the language
// the customer has at that moment. Keeping the words out of the database keeps them out of the
// money transaction (the composing was a third of an approval's database time) and in one file.
//
// Every message leads somewhere (mail-layout.ts): a button to the transaction's receipt, the
// Verification page or the SIMs page, and for a transaction its short reference (a paid
// withdrawal's TrxID first). Numbers are written as the app writes them in the same language:
// wallet and SIM numbers grouped "01712-345678" in Latin digits in both, amounts in Bengali digits
// in Bangla.
//
// Every language has every template: `wordings` is a Record over the languages and each language's
// `templates` a record over the template names, so a language or a template without words does not
// compile.
import { z } from "zod";
import { groupBdMobile } from "#shared/bd-mobile.ts";
import type { Language } from "#shared/language.ts";
import { bengaliDigits, displayBdt, displayBdtBangla } from "#shared/money.ts";
import type { simWalletTypes } from "#shared/sim-schemas.ts";
import { payAmountFigure } from "#shared/usdt-figure.ts";
import type { verificationRejectReasons } from "#shared/verification-schemas.ts";
import { decisionTemplates } from "../db/schema.ts";
import {
  appLink,
  buttonText,
  escapeHtml,
  mailCardHtml,
  paragraphHtml,
  shortReference,
  transactionIdOf,
  type ComposedMail,
  type MailButton,
  type MailContext,
} from "./mail-layout.ts";

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

/** A template's facts, already written the way its language writes them. */
type Facts = {
  /** The amount ("1,500.00 BDT", "১,৫০০.০০ ৳"); throws when the row has none. */
  amount: () => string;
  /** A deposit's request ("12.50 USDT from T…"); English says "deposit" when it has none, Bangla nothing. */
  request: string | undefined;
  /** A withdrawal's wallet ("bKash") and its number ("01712-345678"), from its reference "bKash:01712345678". */
  method: string;
  wallet: string;
  /** The lines that name the transaction: a paid withdrawal's TrxID first, then our short reference. */
  references: string | undefined;
  rejectReason: string | null | undefined;
  /** The SIM's number and wallet type; throws when the row has none. */
  sim: () => { phone: string; type: string };
};

type Words = { subject: string; paragraphs: (string | undefined)[] };

/** Where a message's button leads. */
type Destination = "transaction" | "verification" | "sims";

type Wording = {
  greeting: (name: string) => string;
  signature: string;
  amount: (poisha: bigint) => string;
  /** A deposit's request reference as this language shows it. */
  request: (reference: string | null | undefined) => string | undefined;
  simType: (walletType: string) => string;
  /** A paid withdrawal's payout reference, and our short reference, each a line. */
  trxId: (method: string, payoutReference: string) => string;
  reference: (short: string) => string;
  buttons: Record<Destination, string>;
  templates: { [T in DecisionTemplate]: (facts: Facts) => Words };
};

/**
 * A deposit's reference as the app shows it (customer-format.ts, methodText): "50.013700 USDT from
 * T…" is its figure without trailing zeros ("50.0137") and the sending address, if any; null for
 * any other text.
 */
function depositRequestOf(reference: string): { usdt: string; from: string | undefined } | null {
  const deposit = /^(\d+(?:\.\d+)?) USDT(?: from (T\S+))?$/.exec(reference);
  if (!deposit) return null;
  return { usdt: deposit[1]!.includes(".") ? payAmountFigure(deposit[1]!) : deposit[1]!, from: deposit[2] };
}

const english: Wording = {
  greeting: (name) => `Hello ${name},`,
  signature: "Nexapay",
  amount: displayBdt, // "1,500.00 BDT"
  request: (reference) => {
    if (reference == null) return "deposit";
    const deposit = depositRequestOf(reference);
    if (!deposit) return reference;
    return deposit.from === undefined ? `${deposit.usdt} USDT` : `${deposit.usdt} USDT from ${deposit.from}`;
  },
  simType: (walletType) => walletType,
  trxId: (method, payoutReference) => `${method} transaction ID (TrxID): ${payoutReference}`,
  reference: (short) => `Reference: ${short}`,
  buttons: { transaction: "View transaction", verification: "Open Verification", sims: "Open SIMs" },
  templates: {
    "deposit.completed": (f) => ({
      subject: `Your deposit of ${f.amount()} has been credited`,
      paragraphs: [
        `Your deposit of ${f.amount()} has been credited to your Nexapay wallet.`,
        `Request: ${f.request ?? ""}`,
        f.references,
        "Sign in to Nexapay to see your balance and transactions.",
      ],
    }),
    "deposit.rejected": (f) => ({
      subject: "Your deposit request was rejected",
      paragraphs: [
        `Your deposit request of ${f.amount()} (${f.request ?? ""}) was rejected. Nothing was credited.`,
        f.rejectReason?.trim() ? `Reason: ${f.rejectReason}` : undefined,
        f.references,
        "If you have questions, contact our support.",
      ],
    }),
    "withdraw.completed": (f) => ({
      subject: `Your withdrawal of ${f.amount()} has been paid`,
      paragraphs: [
        `We have paid ${f.amount()} to your ${f.method} wallet ${f.wallet}.`,
        f.references,
        "Sign in to Nexapay to see your balance and transactions.",
      ],
    }),
    "withdraw.rejected": (f) => ({
      subject: "Your withdrawal request was rejected",
      paragraphs: [
        `Your withdrawal request of ${f.amount()} to your ${f.method} wallet ${f.wallet} was rejected.`,
        f.rejectReason?.trim() ? `Reason: ${f.rejectReason}` : undefined,
        f.references,
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
// references in Latin letters; amounts in Bengali digits, as the app writes them in Bangla
// (lib/locale-format.ts), and phone numbers grouped in Latin digits, as the app shows them too.
const bangla: Wording = {
  greeting: (name) => `প্রিয় ${name},`,
  signature: "Nexapay",
  amount: displayBdtBangla, // "১,৫০০.০০ ৳"
  request: (reference) => {
    if (reference == null) return undefined;
    const deposit = depositRequestOf(reference);
    if (!deposit) return reference;
    // The app's words for it (its catalog's "{address} ঠিকানা থেকে {usdt} USDT").
    const usdt = `${bengaliDigits(deposit.usdt)} USDT`;
    return deposit.from === undefined ? usdt : `${deposit.from} ঠিকানা থেকে ${usdt}`;
  },
  simType: (walletType) => banglaSimTypes[walletType as keyof typeof banglaSimTypes] ?? walletType,
  trxId: (method, payoutReference) => `${method} লেনদেন আইডি (TrxID): ${payoutReference}`,
  reference: (short) => `রেফারেন্স: ${short}`,
  // The app's own words: its "View transaction", and its menu's "যাচাই" and "সিম".
  buttons: { transaction: "লেনদেন দেখুন", verification: "যাচাই পেজ খুলুন", sims: "সিম পেজ খুলুন" },
  templates: {
    "deposit.completed": (f) => ({
      subject: `আপনার ${f.amount()} জমা সফল হয়েছে`,
      paragraphs: [
        `আপনার ${f.amount()} জমা Nexapay ওয়ালেটে যোগ হয়েছে।`,
        f.request === undefined ? undefined : `অনুরোধ: ${f.request}`,
        f.references,
        "ব্যালেন্স ও লেনদেন দেখতে Nexapay-তে সাইন ইন করুন।",
      ],
    }),
    "deposit.rejected": (f) => ({
      subject: "আপনার জমার অনুরোধ প্রত্যাখ্যাত হয়েছে",
      paragraphs: [
        `আপনার ${f.amount()} জমার অনুরোধ${f.request === undefined ? "" : ` (${f.request})`} প্রত্যাখ্যাত হয়েছে। কোনো টাকা যোগ হয়নি।`,
        f.rejectReason?.trim() ? `কারণ: ${banglaReason(f.rejectReason)}` : undefined,
        f.references,
        "কোনো প্রশ্ন থাকলে আমাদের গ্রাহকসেবায় যোগাযোগ করুন।",
      ],
    }),
    "withdraw.completed": (f) => ({
      subject: `আপনার ${f.amount()} উত্তোলন সম্পন্ন হয়েছে`,
      paragraphs: [
        `আমরা আপনার ${f.method} ওয়ালেট ${f.wallet} নম্বরে ${f.amount()} পাঠিয়েছি।`,
        f.references,
        "ব্যালেন্স ও লেনদেন দেখতে Nexapay-তে সাইন ইন করুন।",
      ],
    }),
    "withdraw.rejected": (f) => ({
      subject: "আপনার উত্তোলনের অনুরোধ প্রত্যাখ্যাত হয়েছে",
      paragraphs: [
        `আপনার ${f.method} ওয়ালেট ${f.wallet} নম্বরে ${f.amount()} উত্তোলনের অনুরোধ প্রত্যাখ্যাত হয়েছে।`,
        f.rejectReason?.trim() ? `কারণ: ${banglaReason(f.rejectReason)}` : undefined,
        f.references,
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

function factsOf(template: DecisionTemplate, params: Params, wording: Wording, transactionId: string | undefined): Facts {
  // A withdrawal's reference is "bKash:01712345678": the wallet and its number.
  const [method = "", wallet = ""] = (params.reference ?? "").split(":");
  const references = [
    params.payoutReference ? wording.trxId(method, params.payoutReference) : undefined,
    transactionId === undefined ? undefined : wording.reference(shortReference(transactionId)),
  ].filter((line) => line !== undefined);
  return {
    amount: () => {
      if (params.amountMinor === undefined) throw new Error(`${template}: no amount`);
      return wording.amount(BigInt(params.amountMinor));
    },
    request: wording.request(params.reference),
    method,
    wallet: groupBdMobile(wallet),
    references: references.length === 0 ? undefined : references.join("\n"),
    rejectReason: params.rejectReason,
    sim: () => {
      if (params.phoneNumber === undefined || params.walletType === undefined) throw new Error(`${template}: no SIM`);
      return { phone: groupBdMobile(params.phoneNumber), type: wording.simType(params.walletType) };
    },
  };
}

/** The page a decision leads to: the transaction's receipt, the Verification page, the SIMs page. */
function destinationOf(template: DecisionTemplate): Destination | undefined {
  if (template.startsWith("deposit.") || template.startsWith("withdraw.")) return "transaction";
  if (template.startsWith("verification.")) return "verification";
  if (template.startsWith("sim.")) return "sims";
  return undefined;
}

function buttonOf(
  template: DecisionTemplate,
  wording: Wording,
  publicUrl: string | undefined,
  transactionId: string | undefined,
): MailButton | undefined {
  const destination = destinationOf(template);
  if (publicUrl === undefined || destination === undefined) return undefined;
  const path = {
    transaction: transactionId === undefined ? "/transactions" : `/transactions/${transactionId}`,
    verification: "/verification",
    sims: "/sims",
  }[destination];
  return { label: wording.buttons[destination], url: appLink(publicUrl, path) };
}

/**
 * The message of one queued decision, to the customer named `recipientName`, in `language` (the
 * customer's, read when the message is sent), for the outbox row of `context` (its event key names
 * the transaction; its button points at our site, PUBLIC_URL, which the server always gives: a
 * message composed without it has no button). The text body is the paragraphs between a greeting
 * and our name, with the button's address on a line of its own; the HTML body is the same, each
 * paragraph escaped (a reject reason is an admin's free text), in a card that fits a phone.
 */
export function composeDecisionMail(
  template: string,
  params: unknown,
  recipientName: string,
  language: Language = "en",
  context: MailContext = {},
): ComposedMail {
  if (!isDecisionTemplate(template)) throw new Error(`unknown mail template ${template}`);
  const wording = wordings[language];
  const transactionId = destinationOf(template) === "transaction" ? transactionIdOf(context.eventKey) : undefined;
  const words = wording.templates[template](factsOf(template, paramsSchema.parse(params), wording, transactionId));
  const button = buttonOf(template, wording, context.publicUrl, transactionId);
  const paragraphs = [wording.greeting(recipientName), ...words.paragraphs.filter((line): line is string => line !== undefined)];
  return {
    subject: words.subject,
    text: `${[...paragraphs, ...(button ? [buttonText(button)] : []), wording.signature].join("\n\n")}\n`,
    html: mailCardHtml({
      language,
      subject: words.subject,
      paragraphsHtml: paragraphs.map(paragraphHtml),
      button,
      afterButtonHtml: [escapeHtml(wording.signature)],
    }),
  };
}
