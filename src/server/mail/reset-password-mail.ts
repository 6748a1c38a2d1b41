// The password-reset e-mail, in the language of the person it goes to (decision 025). A security
// message: it does not go through the outbox and ignores the decision-mail preference (decision 020).
// A Record over the languages: a language without these words does not compile.
import type { Language } from "#shared/language.ts";

export type ResetPasswordMail = { subject: string; text: string };

const wordings: Record<Language, (link: string) => ResetPasswordMail> = {
  en: (link) => ({
    subject: "Reset your Nexapay password",
    text: [
      "Someone asked to reset the password of your Nexapay account.",
      "",
      `Open this link within one hour to choose a new password: ${link}`,
      "",
      "If it was not you, ignore this message: your password stays as it is.",
    ].join("\n"),
  }),
  bn: (link) => ({
    subject: "আপনার Nexapay পাসওয়ার্ড রিসেট করুন",
    text: [
      "আপনার Nexapay অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে।",
      "",
      // The link stays alone at the end of its line, so that mail clients find where it ends.
      `নতুন পাসওয়ার্ড বেছে নিতে এক ঘণ্টার মধ্যে এই লিংকটি খুলুন: ${link}`,
      "",
      "অনুরোধটি আপনি না করে থাকলে এই মেসেজটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।",
    ].join("\n"),
  }),
};

export function composeResetPasswordMail(link: string, language: Language): ResetPasswordMail {
  return wordings[language](link);
}
