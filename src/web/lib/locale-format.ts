// Numbers, money and dates in the shown language. English reads as it always has (en-US: "12,500.00
// BDT", "Nov 21, 2026"); Bangla in Bengali digits grouped in lakh and crore ("১২,৫০০.০০ ৳") and
// Bangla month names ("২১ নভে, ২০২৬"). Screens call these instead of an Intl formatter of their own,
// so a change of language changes every figure at once. Amounts stay exact: money goes through the
// decimal-string formatters of src/shared/money.ts, never a float.
import { i18n } from "@lingui/core";
import { displayBdt, displayBdtBangla } from "#shared/money.ts";

type ShownLocale = "en" | "bn";

/** The language being shown ("en" until a catalog is activated). */
export function shownLocale(): ShownLocale {
  return i18n.locale === "bn" ? "bn" : "en";
}

const intlLocale: Record<ShownLocale, string> = { en: "en-US", bn: "bn-BD" };

// Newer ICU data puts a narrow no-break space before AM/PM; a plain space reads and searches the same.
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, " ");
}

/** One Intl.DateTimeFormat per language for the given options, made on first use. */
export function dateFormatter(options: Intl.DateTimeFormatOptions): (date: Date | string) => string {
  const formats = new Map<ShownLocale, Intl.DateTimeFormat>();
  return (date) => {
    const locale = shownLocale();
    let format = formats.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(intlLocale[locale], options);
      formats.set(locale, format);
    }
    return plainSpaces(format.format(typeof date === "string" ? new Date(date) : date));
  };
}

/** One Intl.NumberFormat per language for the given options, made on first use. */
export function numberFormatter(options: Intl.NumberFormatOptions = {}): (value: number) => string {
  const formats = new Map<ShownLocale, Intl.NumberFormat>();
  return (value) => {
    const locale = shownLocale();
    let format = formats.get(locale);
    if (!format) {
      format = new Intl.NumberFormat(intlLocale[locale], options);
      formats.set(locale, format);
    }
    return format.format(value);
  };
}

/** A count for people: "1,234" / "১,২৩৪". */
export const formatCount = numberFormatter();

/** An exact BDT amount in poisha for people: "12,500.00 BDT" / "১২,৫০০.০০ ৳". */
export function formatBdtAmount(poisha: bigint): string {
  return shownLocale() === "bn" ? displayBdtBangla(poisha) : displayBdt(poisha);
}
