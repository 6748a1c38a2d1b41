// The customer's language (docs/decisions/025): the one the server writes their e-mails in. It lives
// on the user row; the browser shows its screens in the language the person chose there, and the
// API's messages stay English with stable codes (the browser translates by code).
import { z } from "zod";

export const languages = ["en", "bn"] as const;
export type Language = (typeof languages)[number];

export const languageMessage = 'Language must be "en" or "bn"';

export const languageSchema = z.enum(languages, { error: languageMessage });

/** PUT /api/me/language: the body, and the answer. */
export const languageUpdateSchema = z.object({ language: languageSchema });
export type LanguageUpdate = z.infer<typeof languageUpdateSchema>;

/**
 * The language to write to someone who did not choose one, from their browser's Accept-Language:
 * the first tag, by quality (ties in the order sent), whose primary language is one we write
 * (bn-BD, bn, en-GB, …); English when none is. A tag of quality 0 is one the browser refuses.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (header === undefined) return "en";
  const ranked = header
    .split(",")
    .slice(0, 50) // a real browser sends a handful; a longer list is not worth reading
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const qParameter = parameters.map((p) => p.trim()).find((p) => /^q=/i.test(p));
      const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
      return { primary: tag.trim().split("-")[0]!.toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((entry): entry is typeof entry & { primary: Language } =>
    (languages as readonly string[]).includes(entry.primary),
  );
  return found?.primary ?? "en";
}
