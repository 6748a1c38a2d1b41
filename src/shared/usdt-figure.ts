// A deposit request's USDT figure as people read it, in the app and in the e-mails alike: the
// server's six decimals without their trailing zeros (decision 038).
import { latinDigits } from "./money.ts";

/**
 * A deposit request's exact amount to send as a figure to type or paste (decision 038): the
 * server's six decimals without their trailing zeros, never fewer than two ("50.013700" → "50.0137",
 * "50.010000" → "50.01"), in Latin digits, which is what an exchange's form takes. Only zeros go:
 * the value is the same.
 */
export function payAmountFigure(payAmount: string): string {
  const text = latinDigits(payAmount.trim());
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return text;
  return `${match[1]}.${(match[2] ?? "").replace(/0+$/, "").padEnd(2, "0")}`;
}
