// The e-mail that carries a withdrawal's confirmation code (decision 039), in the language of the
// person it goes to (decision 025). It names the amount and the number the code confirms, so that
// an owner who did not ask for it knows what someone tried, and carries the "This wasn't me" link.
// A Record over the languages: a language without these words does not compile.
import type { Language } from "#shared/language.ts";
import { bengaliDigits, displayBdt, displayBdtBangla } from "#shared/money.ts";

export type WithdrawalCodeFacts = {
  code: string;
  amountPoisha: bigint;
  walletType: string;
  walletNumber: string;
  freezeLink: string;
  name: string;
};

type Mail = { subject: string; text: string };

const wordings: Record<Language, (f: WithdrawalCodeFacts) => Mail> = {
  en: (f) => ({
    // Never the code in the subject: the mailer logs subjects.
    subject: "Your code to confirm a Nexapay withdrawal",
    text: [
      `Hello ${f.name},`,
      "",
      `Your code to confirm the withdrawal of ${displayBdt(f.amountPoisha)} to ${f.walletType} ${f.walletNumber} is:`,
      "",
      f.code,
      "",
      "It works for 10 minutes, once, and only for this amount and number. Nexapay staff will never ask you for it.",
      "",
      "If you did not ask to withdraw, someone knows your password. Freeze your account now (everyone is signed out, withdrawals stop, and we send you a link to choose a new password):",
      f.freezeLink,
      "",
      "Nexapay",
    ].join("\n"),
  }),
  bn: (f) => ({
    subject: "Nexapay উত্তোলন নিশ্চিত করার কোড",
    text: [
      `প্রিয় ${f.name},`,
      "",
      `${f.walletType} ${bengaliDigits(f.walletNumber)} নম্বরে ${displayBdtBangla(f.amountPoisha)} উত্তোলন নিশ্চিত করার কোড:`,
      "",
      // The digits as typed in any keyboard: the Withdraw screen reads Bengali and Latin digits alike.
      `${f.code} (${bengaliDigits(f.code)})`,
      "",
      "কোডটি ১০ মিনিট, একবারই এবং শুধু এই পরিমাণ ও নম্বরের জন্য কাজ করবে। Nexapay-এর কর্মীরা কখনো এই কোড চাইবেন না।",
      "",
      "আপনি উত্তোলনের অনুরোধ না করে থাকলে কেউ আপনার পাসওয়ার্ড জানে। এখনই আপনার অ্যাকাউন্ট ফ্রিজ করুন (সবাই সাইন আউট হবে, উত্তোলন বন্ধ থাকবে, আর নতুন পাসওয়ার্ড বেছে নেওয়ার লিংক পাঠানো হবে):",
      // The link stays alone on its line, so that mail clients find where it ends.
      f.freezeLink,
      "",
      "Nexapay",
    ].join("\n"),
  }),
};

export function composeWithdrawalCodeMail(facts: WithdrawalCodeFacts, language: Language): Mail {
  return wordings[language](facts);
}
