import { compileMessage } from "@lingui/message-utils/compileMessage";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError, errorMessage } from "./api-client.ts";
import { i18n } from "./i18n.ts";
import type * as I18nModule from "./i18n.ts";
import { sentences, serverMessageText } from "./server-messages.ts";

// The Bangla catalog counts as loaded (in the browser it arrives as a chunk; here it is read below).
vi.mock("./i18n.ts", async (importOriginal) => ({ ...(await importOriginal<typeof I18nModule>()), isCatalogLoaded: () => true }));

const root = fileURLToPath(new URL("../../..", import.meta.url));
const sharedDir = path.join(root, "src/shared");

// A string or template literal, as written in the source.
const literal = String.raw`("(?:[^"\\\n]|\\.)*"|\`(?:[^\`\\]|\\.)*\`)`;
// Where the shared modules write a sentence for people: zod's `error:` / `message:`, the last
// argument of a check (.min(3, "…"), .refine(fn, "…")), a constant named …Message, and the values
// of their tables of messages (`usernameTaken: "…"`).
const messagePlaces = [
  new RegExp(String.raw`,\s*` + literal + String.raw`\s*\)`, "g"),
  new RegExp(String.raw`\b\w+\s*:\s*` + literal, "g"),
  new RegExp(String.raw`\bconst\s+\w+\s*=\s*` + literal, "g"),
];

/** Every sentence of src/shared that a person may read (not an API parameter's message, not a code). */
function sharedSentences(): { text: string; file: string }[] {
  const found = new Map<string, string>();
  for (const name of readdirSync(sharedDir)) {
    if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
    const source = readFileSync(path.join(sharedDir, name), "utf8").replace(/^\s*(\/\/|\*|\/\*).*$/gm, "");
    for (const place of messagePlaces) {
      for (const match of source.matchAll(place)) {
        const text = match[1]!.slice(1, -1);
        // A sentence has a space; an API parameter's message starts with the parameter's name
        // ("page must be…", "status must be…"): developers read those, people never do.
        const words = text.replace(/\$\{[^}]*\}/g, "");
        if (!/\p{L}\s+\p{L}/u.test(words) || /^[a-z]\w*\s/.test(text)) continue;
        found.set(text, name);
      }
    }
  }
  return [...found].map(([text, file]) => ({ text, file }));
}

// "Password must be at least ${min} characters", "… at least {min} …" and "… at least 8 …" are one sentence.
function shape(text: string): string {
  return text.replace(/\$\{[^}]*\}|\{\w+\}|\d+/g, "{}");
}

function readCatalog(file: string): Record<string, string> {
  const text = readFileSync(path.join(root, file), "utf8");
  const entries: Record<string, string> = {};
  for (const [, id, translation] of text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) {
    entries[JSON.parse(id!) as string] = JSON.parse(translation!) as string;
  }
  return entries;
}

describe("the table of server and schema sentences", () => {
  it("has every sentence that a schema of src/shared can show", () => {
    const known = new Set(Object.keys(sentences).map(shape));
    const found = sharedSentences();
    expect(found.length).toBeGreaterThan(50); // the scan still finds the schemas' messages
    const missing = found.filter(({ text }) => !known.has(shape(text))).map(({ text, file }) => `${file}: ${text}`);
    expect(missing, "add these to `sentences` in src/web/lib/server-messages.ts, then run npx lingui extract").toEqual([]);
  });

  it("has a Bangla translation of every sentence", () => {
    const bangla = readCatalog("src/web/locales/bn/errors.po");
    const untranslated = Object.keys(sentences).filter((english) => !bangla[english]);
    expect(untranslated).toEqual([]);
  });
});

describe("serverMessageText", () => {
  beforeAll(() => {
    const messages = Object.fromEntries(
      Object.entries(readCatalog("src/web/locales/bn/errors.po"))
        .filter(([english]) => english !== "")
        .map(([english, bangla]) => [generateMessageId(english), compileMessage(bangla)]),
    );
    i18n.load({ en: {}, bn: messages });
  });

  it("leaves English as the server wrote it", () => {
    i18n.activate("en");
    expect(serverMessageText("Password must be at least 8 characters")).toBe("Password must be at least 8 characters");
    expect(errorMessage(new ApiError(409, "CONFLICT", "Something new"), "fallback")).toBe("Something new");
  });

  it("translates a sentence, its numbers and its labels into Bangla", () => {
    i18n.activate("bn");
    expect(serverMessageText("Invalid email or password")).toBe("ইমেইল বা পাসওয়ার্ড সঠিক নয়");
    expect(serverMessageText("Password must be at least 8 characters")).toBe("পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে");
    expect(serverMessageText("Full name must be at most 100 characters")).toBe("পূর্ণ নাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে");
  });

  it("falls back to the code's sentence, then to the server's words", () => {
    i18n.activate("bn");
    expect(new ApiError(400, "LIMIT_EXCEEDED", "The minimum deposit is 10 USDT").shownMessage).toBe("এই পরিমাণ অনুমোদিত সীমার বাইরে।");
    expect(new ApiError(418, "SOMETHING_NEW", "A new refusal").shownMessage).toBe("A new refusal");
    expect(serverMessageText("আগেই অনূদিত")).toBe("আগেই অনূদিত");
  });
});
