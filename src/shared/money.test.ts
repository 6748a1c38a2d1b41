import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bdtForUsdt,
  bengaliDigits,
  displayBdt,
  displayBdtBangla,
  formatBdt,
  formatUsdt,
  isBdtAmount,
  isUsdtAmount,
  latinDigits,
  MoneyFormatError,
  parseBdt,
  parseRate,
  parseUsdt,
} from "./money.ts";

describe("parseBdt / formatBdt", () => {
  it.each([
    ["0", 0n],
    ["1", 100n],
    ["1.5", 150n],
    ["1.05", 105n],
    ["12500.00", 1_250_000n],
    ["9999999999999.99", 999_999_999_999_999n],
  ])("parses %s", (text, poisha) => {
    expect(parseBdt(text)).toBe(poisha);
  });

  it.each(["", ".", "1.", ".5", "-1", "+1", "1e3", "1.234", " 1", "1 ", "1,000", "NaN", "Infinity", "0x10", "١٢", "1".repeat(30), "12..5"])(
    "refuses %j",
    (text) => {
      expect(() => parseBdt(text)).toThrow(MoneyFormatError);
    },
  );

  it("format∘parse is the identity on poisha", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_999n }), (poisha) => {
        expect(parseBdt(formatBdt(poisha))).toBe(poisha);
      }),
    );
  });

  it("formats with exactly two decimals", () => {
    expect(formatBdt(0n)).toBe("0.00");
    expect(formatBdt(5n)).toBe("0.05");
    expect(formatBdt(1_250_000n)).toBe("12500.00");
  });
});

describe("parseUsdt / formatUsdt", () => {
  it.each([
    ["20", 20_000_000n],
    ["0.000001", 1n],
    ["10.5", 10_500_000n],
  ])("parses %s", (text, micro) => {
    expect(parseUsdt(text)).toBe(micro);
  });

  it.each(["1.0000001", "-5", "1e1", ".", "", "NaN", "Infinity", "1".repeat(30)])("refuses %j", (text) => {
    expect(() => parseUsdt(text)).toThrow(MoneyFormatError);
  });

  it("format∘parse is the identity on micro-USDT", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_999_999n }), (micro) => {
        expect(parseUsdt(formatUsdt(micro))).toBe(micro);
      }),
    );
  });

  it("drops trailing zeros", () => {
    expect(formatUsdt(20_000_000n)).toBe("20");
    expect(formatUsdt(10_500_000n)).toBe("10.5");
    expect(formatUsdt(0n)).toBe("0");
  });
});

describe("bdtForUsdt", () => {
  const rate = parseRate("125");

  it("credits 125 BDT per USDT", () => {
    expect(bdtForUsdt(parseUsdt("20"), rate)).toBe(parseBdt("2500"));
    expect(bdtForUsdt(parseUsdt("10"), rate)).toBe(parseBdt("1250"));
  });

  it("rounds half up to the poisha", () => {
    // 0.00004 USDT × 125 = 0.005 BDT → 0.01
    expect(bdtForUsdt(40n, rate)).toBe(1n);
    // 0.000039 × 125 = 0.004875 → 0.00
    expect(bdtForUsdt(39n, rate)).toBe(0n);
  });

  it("never loses or invents a poisha: the result is within half a poisha of the exact value", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 99_999_999n }), (micro, ratePoisha) => {
        const credited = bdtForUsdt(micro, ratePoisha);
        // exact value in millionths of a poisha: micro × ratePoisha
        const exact = micro * ratePoisha;
        const diff = credited * 1_000_000n - exact;
        expect(diff >= -500_000n && diff < 500_000n).toBe(true);
      }),
    );
  });

  it("is additive up to rounding: splitting a deposit changes the credit by at most one poisha per part", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), (a, b) => {
        const whole = bdtForUsdt(a + b, rate);
        const parts = bdtForUsdt(a, rate) + bdtForUsdt(b, rate);
        expect(whole - parts <= 1n && parts - whole <= 1n).toBe(true);
      }),
    );
  });
});

describe("displayBdt", () => {
  it("groups thousands", () => {
    expect(displayBdt(1_250_000n)).toBe("12,500.00 BDT");
    expect(displayBdt(0n)).toBe("0.00 BDT");
    expect(displayBdt(123_456_789_00n)).toBe("123,456,789.00 BDT");
    expect(displayBdt(-150n)).toBe("-1.50 BDT");
  });
});

describe("Bengali digits", () => {
  // Each character of an amount written in Latin digits, or in Bengali ones, at random: "৫0০.5০".
  const mixedDigits = (text: string) =>
    fc
      .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
      .map((bengali) => [...text].map((char, i) => (bengali[i] ? bengaliDigits(char) : char)).join(""));

  it("a BDT amount typed in Bengali or mixed digits parses to the same exact poisha as in Latin ones", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 999_999_999_999_999n }).chain((poisha) => fc.tuple(fc.constant(poisha), mixedDigits(formatBdt(poisha)))),
        ([poisha, typed]) => {
          expect(isBdtAmount(typed)).toBe(true);
          expect(parseBdt(typed)).toBe(poisha);
        },
      ),
    );
  });

  it("a USDT amount typed in Bengali or mixed digits parses to the same exact micro-USDT", () => {
    fc.assert(
      fc.property(
        fc
          .bigInt({ min: 0n, max: 999_999_999_999_999_999n })
          .chain((micro) => fc.tuple(fc.constant(micro), mixedDigits(formatUsdt(micro)))),
        ([micro, typed]) => {
          expect(isUsdtAmount(typed)).toBe(true);
          expect(parseUsdt(typed)).toBe(micro);
        },
      ),
    );
  });

  it("examples, and what stays refused in either script", () => {
    expect(parseBdt("৫০০")).toBe(50000n);
    expect(parseBdt("১২৫০০.৫")).toBe(1250050n);
    expect(parseUsdt("২০.২৫")).toBe(20250000n);
    for (const bad of ["-৫০০", "৫০০.১২৩", "৫ ০০", "৫e২", "", "৳৫০০", "০x১০"]) {
      expect(isBdtAmount(bad)).toBe(false);
      expect(() => parseBdt(bad)).toThrow(MoneyFormatError);
    }
    expect(latinDigits("০১২৩৪৫৬৭৮৯ abc")).toBe("0123456789 abc");
    expect(bengaliDigits("0123456789 abc")).toBe("০১২৩৪৫৬৭৮৯ abc");
  });

  it("Bangla display: Bengali digits in lakh and crore groups, exact to the poisha", () => {
    expect(displayBdtBangla(12500000n)).toBe("১,২৫,০০০.০০ ৳");
    expect(displayBdtBangla(5n)).toBe("০.০৫ ৳");
    expect(displayBdtBangla(1234567890123455n)).toBe("১,২৩,৪৫,৬৭,৮৯,০১,২৩৪.৫৫ ৳");
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_999n }), (poisha) => {
        // Read back: drop the sign and the grouping, and the digits give the same amount.
        const shown = displayBdtBangla(poisha);
        expect(shown.endsWith(" ৳")).toBe(true);
        expect(parseBdt(shown.slice(0, -2).replace(/,/g, ""))).toBe(poisha);
      }),
    );
  });
});
