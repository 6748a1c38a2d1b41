// A withdrawal's payout: the wallet provider it went to and that provider's transaction ID
// (TrxID), as the back office asks for it and the customer reads it. Plain functions, unit-tested beside.
import { withdrawalWalletTypes } from "#shared/wallet-schemas.ts";

export type WithdrawalMethod = (typeof withdrawalWalletTypes)[number];

/** A withdrawal's reference is "bKash:01712345678": the method before the colon; null for anything else. */
export function withdrawalMethodOf(reference: string | null): WithdrawalMethod | null {
  if (reference === null) return null;
  const colon = reference.indexOf(":");
  if (colon < 0) return null;
  const method = reference.slice(0, colon).trim();
  return withdrawalWalletTypes.find((type) => type === method) ?? null;
}

/** The wallet number after the colon of "bKash:01712345678"; null when there is none. */
export function walletNumberOf(reference: string | null): string | null {
  if (reference === null) return null;
  const colon = reference.indexOf(":");
  const number = colon < 0 ? "" : reference.slice(colon + 1).trim();
  return number === "" ? null : number;
}

/** "bKash TrxID", "Nagad TrxID", "Upay TrxID"; plain "TrxID" when the method is unknown. */
export function trxIdLabel(method: WithdrawalMethod | null): string {
  return method ? `${method} TrxID` : "TrxID";
}
