// What every templated customer e-mail shares (docs/operations.md, E-mail): the HTML card, made to
// fit a phone (a viewport, a card that narrows to the screen, long links broken anywhere), and the
// one button that leads from the message to the thing it is about in the app. The text body carries
// the same address on a line of its own, for mail clients that show no HTML.
import type { Language } from "#shared/language.ts";

export type ComposedMail = { subject: string; text: string; html: string };

/** The action of a message: a button in the HTML body; "label: address" in the text body. */
export type MailButton = { label: string; url: string };

/** The row a message is composed for: its event key names the record; links point at our site (PUBLIC_URL). */
export type MailContext = { eventKey?: string; publicUrl?: string };

export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A paragraph of the text body as HTML: escaped, its line breaks kept. */
export const paragraphHtml = (text: string) => escapeHtml(text).replace(/\n/g, "<br>");

/** The button's line of the text body, the address alone at the end, where mail clients find where it ends. */
export const buttonText = (button: MailButton) => `${button.label}: ${button.url}`;

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
// The database functions key a transaction's messages by its id (migrations 0014 and 0022):
// 'transaction.completed:<id>', 'transaction.rejected:<id>', 'security.new_payout_number:<id>'.
const transactionEventKey = new RegExp(`^(?:transaction\\.[a-z_]+|security\\.new_payout_number):(${uuid})$`, "i");

/** The transaction a row's message is about, read off its event key; undefined for any other message. */
export function transactionIdOf(eventKey: string | undefined): string | undefined {
  return eventKey === undefined ? undefined : transactionEventKey.exec(eventKey)?.[1]?.toLowerCase();
}

/** A transaction's short reference: the first 8 characters of its id, with which its receipt's Reference begins. */
export const shortReference = (transactionId: string) => transactionId.slice(0, 8);

/** A page of the app at our site: `/transactions/<id>` (a receipt), `/verification`, `/sims`, `/profile#security`. */
export const appLink = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, "")}${path}`;

/** The language's `lang` and how its letters are drawn: Bengali letters in Noto Sans Bengali where the reader has it. */
const typeOf: Record<Language, { lang: string; fontFamily: string }> = {
  en: { lang: "en", fontFamily: "Arial,Helvetica,sans-serif" },
  bn: { lang: "bn", fontFamily: "'Noto Sans Bengali',Arial,Helvetica,sans-serif" },
};

/**
 * The HTML body of a templated e-mail: a plain card any mail client shows, as wide as the screen up
 * to 560 px (no fixed-width table), its paragraphs already escaped, the button between what happened
 * and what follows it. The brand green on white and white on it keep 5.5:1 contrast, as in the app.
 */
export function mailCardHtml(input: {
  language: Language;
  subject: string;
  paragraphsHtml: string[];
  button?: MailButton | undefined;
  afterButtonHtml: string[];
}): string {
  const { lang, fontFamily } = typeOf[input.language];
  const paragraph = (html: string) => `<p style="margin:0 0 12px">${html}</p>`;
  const button = input.button
    ? '<p style="margin:20px 0">' +
      `<a href="${escapeHtml(input.button.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;` +
      `background:#047857;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(input.button.label)}</a></p>`
    : "";
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(input.subject)}</title></head>` +
    '<body style="margin:0;padding:16px 8px;background:#f3f4f6">' +
    '<div style="box-sizing:border-box;max-width:560px;margin:0 auto;padding:20px;background:#ffffff;border-radius:8px;' +
    `font-family:${fontFamily};font-size:15px;line-height:1.5;color:#111827;overflow-wrap:anywhere;word-break:break-word">` +
    `<h1 style="font-size:18px;line-height:1.35;margin:0 0 16px">${escapeHtml(input.subject)}</h1>` +
    input.paragraphsHtml.map(paragraph).join("") +
    button +
    input.afterButtonHtml.map(paragraph).join("") +
    "</div></body></html>"
  );
}
