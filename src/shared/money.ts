// Money is exact (docs/architecture.md, Money rules): bigint minor units in code and database, decimal
// strings on the wire. BDT is counted in poisha (1/100), USDT in micro-USDT (1/1,000,000).
// Nothing here ever touches a JavaScript float.

export class MoneyFormatError extends Error {}

const bdtPattern = /^(\d{1,13})(?:\.(\d{1,2}))?$/;
const usdtPattern = /^(\d{1,12})(?:\.(\d{1,6}))?$/;
const ratePattern = /^(\d{1,6})(?:\.(\d{1,2}))?$/;

/** The Bengali digits ০ to ৯ (U+09E6 to U+09EF), in order. */
const bengaliZero = 0x09e6;

/**
 * "৫০০.৫০" → "500.50": Bengali digits as the Latin ones, everything else untouched. A customer
 * reading Bangla may type either (a phone's Bangla keyboard gives ৫), and both mean one amount.
 */
export function latinDigits(text: string): string {
  return text.replace(/[\u09e6-\u09ef]/g, (digit) => String(digit.charCodeAt(0) - bengaliZero));
}

/** "500.50" → "৫০০.৫০": the Latin digits as the Bengali ones, everything else untouched. */
export function bengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(bengaliZero + Number(digit)));
}

function parseDecimal(text: string, pattern: RegExp, decimals: number, what: string): bigint {
  const match = pattern.exec(latinDigits(text));
  if (!match) throw new MoneyFormatError(`Not a valid ${what} amount: ${JSON.stringify(text)}`);
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").padEnd(decimals, "0");
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction === "" ? "0" : fraction);
}

function formatDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const whole = (abs / scale).toString();
  const fraction = (abs % scale).toString().padStart(decimals, "0");
  return `${negative ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
}

/** "12500.5" (or "১২৫০০.৫") → 1250050n poisha. Refuses signs, exponents, spaces, more than 2 decimals. */
export function parseBdt(text: string): bigint {
  return parseDecimal(text, bdtPattern, 2, "BDT");
}

/** "20.25" (or "২০.২৫") → 20250000n micro-USDT. Refuses signs, exponents, spaces, more than 6 decimals. */
export function parseUsdt(text: string): bigint {
  return parseDecimal(text, usdtPattern, 6, "USDT");
}

/** 1250050n → "12500.50": the wire form, always two decimals. */
export function formatBdt(poisha: bigint): string {
  return formatDecimal(poisha, 2);
}

/** 20250000n → "20.25": the wire form, trailing zeros dropped (at least the whole part). */
export function formatUsdt(micro: bigint): string {
  return formatDecimal(micro, 6).replace(/\.?0+$/, "");
}

/** 50013700n → "50.013700": a deposit's exact amount to pay on the wire, all six decimals (decision 038). */
export function formatUsdtExact(micro: bigint): string {
  return formatDecimal(micro, 6);
}

/** "125" or "125.50" → rate in poisha per USDT (12500n, 12550n). */
export function parseRate(text: string): bigint {
  return parseDecimal(text, ratePattern, 2, "rate");
}

/**
 * BDT credited for a USDT amount: micro × (poisha per USDT) / 1,000,000, rounded half up to the
 * poisha. Both inputs are non-negative, so half-up is (n + d/2) / d.
 */
export function bdtForUsdt(micro: bigint, ratePoishaPerUsdt: bigint): bigint {
  if (micro < 0n || ratePoishaPerUsdt < 0n) throw new RangeError("amounts and rates are never negative");
  const numerator = micro * ratePoishaPerUsdt;
  const denominator = 1_000_000n;
  return (numerator + denominator / 2n) / denominator;
}

/** 1250050n → "12,500.50 BDT": for people, grouped in thousands as en-US does. */
export function displayBdt(poisha: bigint): string {
  const [whole = "0", fraction = "00"] = formatBdt(poisha).split(".");
  const negative = whole.startsWith("-");
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}.${fraction} BDT`;
}

/**
 * 12500000n → "১,২৫,০০০.০০ ৳": for people reading Bangla, in Bengali digits grouped in lakh and
 * crore as Bangladeshis write them. Intl formats the exact decimal string (never a float), so no
 * amount is ever rounded.
 */
export function displayBdtBangla(poisha: bigint): string {
  return `${banglaAmountFormat.format(formatBdt(poisha) as `${number}`)} ৳`;
}
const banglaAmountFormat = new Intl.NumberFormat("bn-BD", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** True when the text is a BDT amount this module accepts (Latin or Bengali digits). */
export function isBdtAmount(text: string): boolean {
  return bdtPattern.test(latinDigits(text));
}

/** True when the text is a USDT amount this module accepts (Latin or Bengali digits). */
export function isUsdtAmount(text: string): boolean {
  return usdtPattern.test(latinDigits(text));
}
