import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupBdMobile, normaliseBdMobile, normaliseIfBdMobile } from "./bd-mobile.ts";
import { bengaliDigits } from "./money.ts";

describe("normaliseBdMobile", () => {
  it.each([
    ["01712345678", "01712345678"],
    ["+8801712345678", "01712345678"],
    ["8801712345678", "01712345678"],
    ["008801712345678", "01712345678"],
    ["+880 1712-345678", "01712345678"],
    ["017 1234 5678", "01712345678"],
    ["01712-345678", "01712345678"],
    ["1712345678", "01712345678"],
    ["  01912345678 ", "01912345678"],
    ["(+880) 1312.345.678", "01312345678"],
    ["০১৭১২৩৪৫৬৭৮", "01712345678"],
    ["+৮৮০ ১৭১২-৩৪৫৬৭৮", "01712345678"],
  ])("%j → %j", (input, output) => {
    expect(normaliseBdMobile(input)).toBe(output);
  });

  it.each([
    "",
    "0171234567",
    "017123456789",
    "01212345678",
    "+8811712345678",
    "+88001712345678",
    "0171234567a",
    "447700900123",
    "+880171234567",
  ])("refuses %j", (input) => {
    expect(normaliseBdMobile(input)).toBeNull();
  });

  const nationalNumber = fc
    .tuple(fc.integer({ min: 3, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }))
    .map(([operator, rest]) => `01${operator}${rest.join("")}`);

  it("finds the same number whatever prefix and separators it is typed with", () => {
    fc.assert(
      fc.property(
        nationalNumber,
        fc.constantFrom("", "+880", "880", "00880", "+880 "),
        fc.array(fc.constantFrom(" ", "-", ""), { minLength: 11, maxLength: 11 }),
        (national, prefix, gaps) => {
          const body = prefix === "" ? national : national.slice(1);
          const typed = prefix + [...body].map((digit, i) => digit + (i < body.length - 1 ? gaps[i]! : "")).join("");
          expect(normaliseBdMobile(typed)).toBe(national);
        },
      ),
    );
  });

  it("finds the same number typed in Bengali digits as in Latin ones", () => {
    fc.assert(
      fc.property(nationalNumber, fc.constantFrom("", "+880 ", "880"), (national, prefix) => {
        const typed = prefix + (prefix === "" ? national : national.slice(1));
        expect(normaliseBdMobile(bengaliDigits(typed))).toBe(national);
      }),
    );
  });

  it("is idempotent and its result always matches 01[3-9] and 8 digits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const once = normaliseBdMobile(text);
        if (once === null) return;
        expect(once).toMatch(/^01[3-9]\d{8}$/);
        expect(normaliseBdMobile(once)).toBe(once);
      }),
    );
  });
});

describe("normaliseIfBdMobile", () => {
  it("keeps other numbers as typed, in Latin digits", () => {
    expect(normaliseIfBdMobile("৪৪৭৭০০৯০০১২৩")).toBe("447700900123");
    expect(normaliseIfBdMobile("447700900123")).toBe("447700900123");
  });
});

describe("groupBdMobile", () => {
  it("writes 01712-345678 and leaves other text alone", () => {
    expect(groupBdMobile("+8801712345678")).toBe("01712-345678");
    expect(groupBdMobile("447700900123")).toBe("447700900123");
  });
});
