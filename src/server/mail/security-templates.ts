// The wording of the security alerts (decision 039), in each language we write to customers in
// (decision 025): a sign-in from a new device or network, a password changed or reset, the second
// factor turned on, off or reset, and a withdrawal to a number the account was never paid to. The
// owner learns of it at once, by e-mail, and each message carries the "This wasn't me" link that
// freezes the account. Like the decision e-mails (decision-templates.ts), only the facts are queued
// (nexapay_queue_security_alert, migration 0022) and the words are chosen when the message is sent.
//
// Each also carries a button to the Security section of Profile, where the owner sees their second
// factor and where they are signed in, and a withdrawal's alert names the withdrawal by its short
// reference. Numbers as the app writes them: the wallet number "01712-345678" in Latin digits in
// both languages, amounts and times in Bengali digits in Bangla.
//
// The link's token is as good as a freeze of the account: it is put in the message and nowhere
// else (no error here repeats the facts, so a failed send does not carry it into a log).
import { z } from "zod";
import { groupBdMobile } from "#shared/bd-mobile.ts";
import type { Language } from "#shared/language.ts";
import { displayBdt, displayBdtBangla } from "#shared/money.ts";
import type { decisionTemplates } from "../db/schema.ts";
import {
  appLink,
  buttonText,
  escapeHtml,
  mailCardHtml,
  paragraphHtml,
  shortReference,
  transactionIdOf,
  type ComposedMail,
} from "./mail-layout.ts";

export type SecurityTemplate = Extract<(typeof decisionTemplates)[number], `security.${string}`>;

const securityTemplates = [
  "security.new_sign_in",
  "security.password_changed",
  "security.two_factor_changed",
  "security.new_payout_number",
] as const satisfies readonly SecurityTemplate[];

export function isSecurityTemplate(template: string): template is SecurityTemplate {
  return (securityTemplates as readonly string[]).includes(template);
}

const changes = ["password_changed", "password_reset", "two_factor_enabled", "two_factor_disabled", "two_factor_reset"] as const;

/**
 * What the alerts' queuing puts in `params`. A field a template needs and lacks fails the send; the
 * schema's errors name fields, never values (the token is one).
 */
const paramsSchema = z.object({
  freezeToken: z.string().regex(/^[A-Za-z0-9_-]{16,200}$/),
  device: z.string().optional(),
  ip: z.string().optional(),
  at: z.iso.datetime({ offset: true }).optional(),
  change: z.enum(changes).optional(),
  amountMinor: z.string().regex(/^\d+$/).optional(),
  reference: z.string().optional(),
});
type Params = z.infer<typeof paramsSchema>;

/** A template's facts, written the way its language writes them; each throws when the row lacks it. */
type Facts = {
  device: () => string;
  ip: () => string;
  /** The time in Dhaka ("27 November 2026 at 17:52"). */
  at: () => string;
  change: () => (typeof changes)[number];
  amount: () => string;
  /** A withdrawal's wallet ("bKash") and number ("01712-345678"), from its reference "bKash:01712345678". */
  method: () => string;
  wallet: () => string;
};

type Words = { subject: string; paragraphs: string[] };

type Wording = {
  greeting: (name: string) => string;
  signature: string;
  amount: (poisha: bigint) => string;
  dhakaTime: (at: Date) => string;
  /** A withdrawal's short reference, and the button to Profile's Security section. */
  reference: (short: string) => string;
  securityButton: string;
  unknownDevice: string;
  /** The sentence that ends with the link (the link alone at the end of its line), and what freezing does. */
  freeze: { lead: string; explanation: string };
  templates: { [T in SecurityTemplate]: (facts: Facts) => Words };
};

const dhakaTime = (locale: string) => {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: "Asia/Dhaka",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return (at: Date) => format.format(at);
};

const english: Wording = {
  greeting: (name) => `Hello ${name},`,
  signature: "Nexapay",
  amount: displayBdt,
  dhakaTime: dhakaTime("en-GB"),
  reference: (short) => `Reference: ${short}`,
  securityButton: "Review your account security",
  unknownDevice: "unknown",
  freeze: {
    lead: "If this wasn't you, freeze your account now:",
    explanation: "Freezing signs everyone out, stops withdrawals and sends you a password reset link.",
  },
  templates: {
    "security.new_sign_in": (f) => ({
      subject: "New sign-in to your Nexapay account",
      paragraphs: [
        "Your Nexapay account was just signed in to from a device or network it had not been used from before.",
        `Device: ${f.device()}\nIP address: ${f.ip()}\nTime: ${f.at()} (Dhaka time)`,
        "If this was you, there is nothing to do.",
      ],
    }),
    "security.password_changed": (f) => {
      const reset = f.change() === "password_reset";
      return {
        subject: reset ? "Your Nexapay password was reset" : "Your Nexapay password was changed",
        paragraphs: [
          `${reset ? "The password of your Nexapay account was reset with an e-mailed link" : "The password of your Nexapay account was changed"} on ${f.at()} (Dhaka time), from IP address ${f.ip()}.`,
          "If this was you, there is nothing to do.",
        ],
      };
    },
    "security.two_factor_changed": (f) => {
      const change = f.change();
      const what = change === "two_factor_enabled" ? "turned on" : change === "two_factor_disabled" ? "turned off" : "reset";
      return {
        subject: `Two-step verification was ${what} for your Nexapay account`,
        paragraphs: [
          `Two-step verification (the code from an authenticator app) was ${what} for your Nexapay account on ${f.at()} (Dhaka time), from IP address ${f.ip()}.`,
          "If this was you, there is nothing to do.",
        ],
      };
    },
    "security.new_payout_number": (f) => ({
      subject: `Withdrawal to a new number: ${f.amount()} to ${f.method()} ${f.wallet()}`,
      paragraphs: [
        `A withdrawal of ${f.amount()} to ${f.method()} ${f.wallet()}, a number never paid from your account before, was requested.`,
        "If this was you, there is nothing to do.",
      ],
    }),
  },
};

const banglaChangeWords = { two_factor_enabled: "চালু", two_factor_disabled: "বন্ধ", two_factor_reset: "রিসেট" } as const;

// As bKash and Nagad write to their customers: short sentences; brand names and the IP address in
// Latin letters; amounts and times in Bengali digits, phone numbers grouped in Latin ones, as the app.
const bangla: Wording = {
  greeting: (name) => `প্রিয় ${name},`,
  signature: "Nexapay",
  amount: displayBdtBangla,
  dhakaTime: dhakaTime("bn-BD"),
  reference: (short) => `রেফারেন্স: ${short}`,
  securityButton: "অ্যাকাউন্টের নিরাপত্তা দেখুন",
  unknownDevice: "অজানা",
  freeze: {
    lead: "এটি আপনি না হলে এখনই আপনার অ্যাকাউন্ট ফ্রিজ করুন:",
    explanation: "ফ্রিজ করলে সবাই সাইন আউট হয়ে যাবে, উত্তোলন বন্ধ থাকবে এবং আপনাকে পাসওয়ার্ড রিসেটের একটি লিংক পাঠানো হবে।",
  },
  templates: {
    "security.new_sign_in": (f) => ({
      subject: "আপনার Nexapay অ্যাকাউন্টে নতুন সাইন ইন",
      paragraphs: [
        "এইমাত্র আপনার Nexapay অ্যাকাউন্টে এমন একটি ডিভাইস বা নেটওয়ার্ক থেকে সাইন ইন হয়েছে, যেখান থেকে আগে কখনো সাইন ইন হয়নি।",
        `ডিভাইস: ${f.device()}\nআইপি ঠিকানা: ${f.ip()}\nসময়: ${f.at()} (ঢাকা সময়)`,
        "এটি আপনি হলে কিছু করার দরকার নেই।",
      ],
    }),
    "security.password_changed": (f) => {
      const reset = f.change() === "password_reset";
      return {
        subject: reset ? "আপনার Nexapay পাসওয়ার্ড রিসেট হয়েছে" : "আপনার Nexapay পাসওয়ার্ড পরিবর্তন হয়েছে",
        paragraphs: [
          `${f.at()} (ঢাকা সময়) আইপি ঠিকানা ${f.ip()} থেকে আপনার Nexapay অ্যাকাউন্টের পাসওয়ার্ড ${reset ? "ই-মেইলের লিংক দিয়ে রিসেট" : "পরিবর্তন"} করা হয়েছে।`,
          "এটি আপনি হলে কিছু করার দরকার নেই।",
        ],
      };
    },
    "security.two_factor_changed": (f) => {
      const change = f.change();
      const what = change in banglaChangeWords ? banglaChangeWords[change as keyof typeof banglaChangeWords] : "রিসেট";
      return {
        subject: `আপনার Nexapay অ্যাকাউন্টে টু-স্টেপ ভেরিফিকেশন ${what} হয়েছে`,
        paragraphs: [
          `${f.at()} (ঢাকা সময়) আইপি ঠিকানা ${f.ip()} থেকে আপনার Nexapay অ্যাকাউন্টে টু-স্টেপ ভেরিফিকেশন (অথেন্টিকেটর অ্যাপের কোড) ${what} করা হয়েছে।`,
          "এটি আপনি হলে কিছু করার দরকার নেই।",
        ],
      };
    },
    "security.new_payout_number": (f) => ({
      subject: `নতুন নম্বরে উত্তোলন: ${f.method()} ${f.wallet()} নম্বরে ${f.amount()}`,
      paragraphs: [
        `${f.method()} ${f.wallet()} নম্বরে ${f.amount()} উত্তোলনের অনুরোধ করা হয়েছে। আপনার অ্যাকাউন্ট থেকে এই নম্বরে আগে কখনো টাকা পাঠানো হয়নি।`,
        "এটি আপনি হলে কিছু করার দরকার নেই।",
      ],
    }),
  },
};

const wordings: Record<Language, Wording> = { en: english, bn: bangla };

function factsOf(template: SecurityTemplate, params: Params, wording: Wording): Facts {
  const needed = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${template}: no ${what}`);
    return value;
  };
  const payee = () => {
    const [method = "", wallet = ""] = needed(params.reference, "reference").split(":");
    return { method, wallet };
  };
  return {
    device: () => needed(params.device, "device").trim() || wording.unknownDevice,
    ip: () => needed(params.ip, "IP address"),
    at: () => wording.dhakaTime(new Date(needed(params.at, "time"))),
    change: () => needed(params.change, "change"),
    amount: () => wording.amount(BigInt(needed(params.amountMinor, "amount"))),
    method: () => payee().method,
    wallet: () => groupBdMobile(payee().wallet),
  };
}

/** The page the "This wasn't me" link opens; it asks the server to freeze with a POST (never on a GET). */
export function freezeLinkOf(publicUrl: string, freezeToken: string): string {
  return `${publicUrl}/freeze?token=${encodeURIComponent(freezeToken)}`;
}

/** Where an alert's button leads: Profile's Security section (the second factor, the places signed in). */
export function securityLinkOf(publicUrl: string): string {
  return appLink(publicUrl, "/profile#security");
}

/**
 * The message of one queued alert, to `recipientName`, in `language`, with the freeze link on our
 * site at `publicUrl`; `eventKey`, the row's, names a withdrawal's transaction. Text: greeting, the
 * facts (a withdrawal's reference), the button's line, the freeze sentence ending with the link,
 * what freezing does, our name. HTML: the same, escaped, the links real links.
 */
export function composeSecurityMail(
  template: string,
  params: unknown,
  recipientName: string,
  language: Language,
  publicUrl: string,
  eventKey?: string,
): ComposedMail {
  if (!isSecurityTemplate(template)) throw new Error(`unknown security mail template ${template}`);
  const parsed = paramsSchema.safeParse(params);
  // The issues' paths only: zod's messages never quote the value, but a path is all the sender needs.
  if (!parsed.success) throw new Error(`${template}: bad facts (${parsed.error.issues.map((issue) => issue.path.join(".")).join(", ")})`);
  const wording = wordings[language];
  const words = wording.templates[template](factsOf(template, parsed.data, wording));
  const link = freezeLinkOf(publicUrl, parsed.data.freezeToken);
  const transactionId = transactionIdOf(eventKey);
  const facts = [
    wording.greeting(recipientName),
    ...words.paragraphs,
    ...(transactionId === undefined ? [] : [wording.reference(shortReference(transactionId))]),
  ];
  const button = { label: wording.securityButton, url: securityLinkOf(publicUrl) };
  const text = [...facts, buttonText(button), `${wording.freeze.lead} ${link}`, wording.freeze.explanation, wording.signature];
  return {
    subject: words.subject,
    text: `${text.join("\n\n")}\n`,
    html: mailCardHtml({
      language,
      subject: words.subject,
      paragraphsHtml: facts.map(paragraphHtml),
      button,
      afterButtonHtml: [
        `<strong>${escapeHtml(wording.freeze.lead)}</strong> <a href="${escapeHtml(link)}" style="color:#b91c1c">${escapeHtml(link)}</a>`,
        escapeHtml(wording.freeze.explanation),
        escapeHtml(wording.signature),
      ],
    }),
  };
}
