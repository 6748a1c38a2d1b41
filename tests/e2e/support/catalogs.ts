// The web app's English and Bangla words, read from the Lingui catalogs (src/web/locales), so a
// journey in Bangla can tell when a screen still shows an English sentence: a string nobody wrapped
// for translation, or a message whose Bangla failed to load.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type Entry = { id: string; translation: string; context?: string };

/** The entries of one .po file (msgid → msgstr), multi-line strings joined, escapes undone. */
export function readPo(file: string): Entry[] {
  const entries: Entry[] = [];
  let field: "id" | "str" | null = null;
  let id = "";
  let translation = "";
  let context: string | undefined;
  const flush = () => {
    if (id !== "") entries.push({ id, translation, ...(context === undefined ? {} : { context }) });
    id = "";
    translation = "";
    context = undefined;
  };
  const unquote = (quoted: string) => JSON.parse(quoted) as string;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("msgctxt ")) {
      flush();
      context = unquote(line.slice(8));
      field = null;
    } else if (line.startsWith("msgid ")) {
      if (id !== "") flush();
      field = "id";
      id = unquote(line.slice(6));
    } else if (line.startsWith("msgstr ")) {
      field = "str";
      translation = unquote(line.slice(7));
    } else if (line.startsWith('"') && field) {
      if (field === "id") id += unquote(line);
      else translation += unquote(line);
    } else {
      field = null;
    }
  }
  flush();
  return entries;
}

/**
 * English sentences of the app that read differently in Bangla and would be plain leftovers if a
 * Bangla screen showed them: at least three words, no placeholders or markup (those are split up
 * on screen), not a name we keep in Latin letters.
 */
export function englishSentences(): string[] {
  const folder = path.resolve("src/web/locales/bn");
  const sentences = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".po"))) {
    for (const { id, translation } of readPo(path.join(folder, file))) {
      if (translation === "" || translation === id) continue;
      if (/[{}<>]/.test(id)) continue;
      if (
        id
          .trim()
          .split(/\s+/)
          .filter((word) => /[A-Za-z]{2,}/.test(word)).length < 3
      )
        continue;
      sentences.add(id);
    }
  }
  return [...sentences];
}

/**
 * The Bangla of an English message as the catalogs give it, so a journey in Bangla reads like its
 * English twin: `page.getByLabel(bangla("Amount (BDT)"))`. Fails loudly when there is none.
 */
export function bangla(english: string): string {
  const folder = path.resolve("src/web/locales/bn");
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".po"))) {
    const entry = readPo(path.join(folder, file)).find(({ id, context }) => id === english && context === undefined);
    if (entry && entry.translation !== "") return entry.translation;
  }
  throw new Error(`no Bangla for ${JSON.stringify(english)} in ${folder}`);
}
