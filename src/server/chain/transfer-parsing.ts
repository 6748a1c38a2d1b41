// Turns one item of TronGrid's TRC-20 transfer list into a transfer we may store, or says why not
// (decision 018). An item we refuse is counted and skipped, never stored and never a crash: one odd
// item must not stop the watcher from reading the ones after it. Nor does a refused item move the
// watcher's cursor (decision 038): only what we accept tells us how far the list has been read.
import { isTronAddress } from "#shared/tron.ts";

export type ChainTransfer = {
  txid: string;
  fromAddress: string;
  toAddress: string;
  contractAddress: string;
  amountMicro: bigint;
  blockTimeMs: number;
};

/** A refused item carries no block time on purpose: nothing refused may move the cursor. */
export type ParsedItem = { ok: true; transfer: ChainTransfer } | { ok: false; reason: string; txid: string | null };

const usdtDecimals = 6;
/** The largest value a PostgreSQL bigint holds: anything above would fail the whole insert. */
const bigintMax = 2n ** 63n - 1n;

/** The reason an item dated after the database's now() plus a minute is refused (decision 038). */
export const futureBlockTimeReason = "block time in the future";

export type ExpectedTransfer = {
  contract: string;
  toAddress: string;
  /** The latest block time we believe (the database's now() plus a minute): a later one is refused. */
  maxBlockTimeMs: number;
};

export function parseTransferItem(item: unknown, expected: ExpectedTransfer): ParsedItem {
  const record = isRecord(item) ? item : {};
  const txid = typeof record.transaction_id === "string" && /^[0-9a-fA-F]{64}$/.test(record.transaction_id) ? record.transaction_id : null;
  const blockTimeMs = isValidTimestamp(record.block_timestamp) ? record.block_timestamp : null;
  const refuse = (reason: string): ParsedItem => ({ ok: false, reason, txid });

  if (!isRecord(item)) return refuse("not an object");
  if (txid === null) return refuse("transaction_id is not 64 hexadecimal characters");
  if (blockTimeMs === null) return refuse("block_timestamp is not a time in milliseconds");
  // Checked before the token: an item dated ahead of our clock says the API itself is wrong or hostile.
  if (blockTimeMs > expected.maxBlockTimeMs) return refuse(futureBlockTimeReason);
  const token = isRecord(record.token_info) ? record.token_info : {};
  if (token.address !== expected.contract) return refuse("token is not the configured USDT contract");
  if (token.decimals !== usdtDecimals) return refuse(`token decimals are not ${usdtDecimals}`);
  if (record.type !== undefined && record.type !== "Transfer") return refuse("not a Transfer");
  if (typeof record.from !== "string" || !isTronAddress(record.from)) return refuse("from is not a TRON address");
  if (record.to !== expected.toAddress) return refuse("to is not the deposit address");
  const amountMicro = exactMicroUsdt(record.value);
  if (amountMicro === null) return refuse("value is not a non-negative integer string within range");
  return {
    ok: true,
    transfer: {
      txid: txid.toLowerCase(),
      fromAddress: record.from,
      toAddress: record.to,
      contractAddress: token.address,
      amountMicro,
      blockTimeMs,
    },
  };
}

/** The value in the token's smallest unit: with 6 decimals, exactly micro-USDT. Never a float. */
function exactMicroUsdt(value: unknown): bigint | null {
  if (typeof value !== "string" || !/^\d{1,19}$/.test(value)) return null;
  const amount = BigInt(value);
  return amount <= bigintMax ? amount : null;
}

function isValidTimestamp(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
