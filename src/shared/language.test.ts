import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, languageSchema } from "./language.ts";

describe("languageFromAcceptLanguage", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["bn-BD,bn;q=0.9", "bn"],
    ["bn", "bn"],
    ["BN-in", "bn"],
    ["en-US,en;q=0.9,bn;q=0.8", "en"],
    ["fr-FR,fr;q=0.9,bn;q=0.8,en;q=0.7", "bn"],
    ["fr-FR,fr;q=0.9", "en"],
    // By quality, not by place: the browser's order is only the tie-break.
    ["en;q=0.5,bn;q=0.8", "bn"],
    ["bn;q=0.8,en;q=0.8", "bn"],
    // Quality 0 means "not this one".
    ["bn;q=0,en;q=0.1", "en"],
    ["bn;q=0", "en"],
    ["*", "en"],
    ["bn; q=0.9 , *;q=0.1", "bn"],
    ["bn;q=abc,en;q=0.2", "en"],
    [";;;,,,", "en"],
  ] as const)("%j → %s", (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });
});

describe("languageSchema", () => {
  it("takes en and bn only, as written", () => {
    expect(languageSchema.safeParse("en").success).toBe(true);
    expect(languageSchema.safeParse("bn").success).toBe(true);
    for (const value of ["EN", "bn-BD", "fr", "", null, 1]) expect(languageSchema.safeParse(value).success).toBe(false);
  });
});
