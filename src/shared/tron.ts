// TRON addresses (TRC-20 deposits): base58check of a 21-byte payload starting 0x41, which prints
// as "T" and 33 more base58 characters. The checksum catches a mistyped or truncated address
// before a customer's money goes to the wrong place.
import bs58check from "bs58check";

export const tronAddressPattern = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

export function isTronAddress(text: string): boolean {
  if (!tronAddressPattern.test(text)) return false;
  try {
    const payload = bs58check.decode(text);
    return payload.length === 21 && payload[0] === 0x41;
  } catch {
    return false;
  }
}

/** A TRON transaction id (TXID): 64 hexadecimal characters, written lower-case as explorers show it. */
export const txidPattern = /^[0-9a-f]{64}$/;

/** Where anyone can read a transaction on the chain (Tronscan, the explorer TRON users know). */
export function tronTransactionUrl(txid: string): string {
  return `https://tronscan.org/#/transaction/${txid}`;
}
