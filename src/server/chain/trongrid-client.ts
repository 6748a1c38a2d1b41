// A client for four endpoints of a TronGrid-compatible API (decisions 018, 038 and 053): the confirmed
// TRC-20 transfers of one contract to one address, from a block time on, oldest first, page after
// page; the API's own latest confirmed block, which tells a stalled watcher from a quiet address;
// an address's confirmed USDT balance (the reserves); and whether Tether's USDT contract has an
// address blacklisted (isBlackListed: its USDT is frozen, and a deposit from it is never credited
// automatically). It answers transfer items as the API sent them (unknown): checking each item is
// transfer-parsing.ts's job. A balance or a blacklist flag is checked here, exactly, or refused.
//
// Whatever the API sends, this client holds at most maxBodyBytes of it: a body is read as a stream
// and abandoned past the limit (a 250 MB page once took the server to 1.39 GB), and a page of more
// than maxPageItems items is refused whole.
import bs58check from "bs58check";
import { z } from "zod";

export type TronGridClientOptions = {
  /** The API's base URL, without a trailing slash (https://api.trongrid.io). */
  apiUrl: string;
  /** Sent as TRON-PRO-API-KEY when set. */
  apiKey: string | undefined;
  /** Each HTTP call gives up after this long: a stalled API must not stall the watcher. */
  requestTimeoutMs: number;
  /** Tether's USDT contract (USDT_CONTRACT): whose balance and whose blacklist are read. */
  usdtContract: string;
};

export type IncomingTransfersQuery = {
  address: string;
  contract: string;
  minTimestampMs: number;
  /** 1 to 200 (TronGrid's maximum). */
  pageSize: number;
};

export type TransfersPage = { items: unknown[]; fingerprint: string | null };

/** The API's latest confirmed (solidified) block: its height and its time. */
export type LatestBlock = { number: number; timeMs: number };

export type TronGridClient = {
  /** One page; `fingerprint` (from the previous page) asks for the next one. Throws on any failure. */
  fetchIncomingTransfersPage: (query: IncomingTransfersQuery, fingerprint: string | null, signal?: AbortSignal) => Promise<TransfersPage>;
  /** POST /walletsolidity/getnowblock. Throws on any failure. */
  fetchLatestBlock: (signal?: AbortSignal) => Promise<LatestBlock>;
  /** The address's confirmed USDT, in micro-USDT (0 for an account never activated). Throws on any failure. */
  fetchUsdtBalance: (address: string, signal?: AbortSignal) => Promise<bigint>;
  /** Whether the USDT contract's isBlackListed(address) says true, on the confirmed chain. Throws on any failure. */
  isBlackListed: (address: string, signal?: AbortSignal) => Promise<boolean>;
};

export class TronGridError extends Error {}

/** The most items a page may hold: TronGrid's own maximum page size. More is refused, not trimmed. */
export const maxPageItems = 200;
/** The most bytes of one answer we read. A full page of 200 transfers is about 150 KB. */
export const maxBodyBytes = 2 * 1024 * 1024;

const pageSchema = z.object({
  success: z.literal(true),
  data: z.array(z.unknown()),
  meta: z
    .object({
      fingerprint: z.string().min(1).optional(),
      links: z.object({ next: z.string().min(1).optional() }).optional(),
    })
    .optional(),
});

const blockSchema = z.object({
  block_header: z.object({
    raw_data: z.object({ number: z.number().int().nonnegative(), timestamp: z.number().int().positive() }),
  }),
});

/** GET /v1/accounts/{address}: TronGrid answers an empty data array for an account never activated. */
const accountSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ trc20: z.array(z.record(z.string(), z.unknown())).optional() }).loose()).max(1),
});

/** A constant call's answer: result.result true, and one 32-byte word per return value. */
const constantCallSchema = z.object({
  result: z.object({ result: z.literal(true) }).loose(),
  constant_result: z.array(z.string()).min(1),
});

/** The largest value a PostgreSQL bigint holds: a balance above it cannot be stored, so it is refused. */
const bigintMax = 2n ** 63n - 1n;

export function createTronGridClient(options: TronGridClientOptions): TronGridClient {
  const call = (url: string, init: { method: "GET" | "POST"; what: string; body?: object }, signal?: AbortSignal) =>
    fetchBoundedJson(url, { ...init, apiKey: options.apiKey, timeoutMs: options.requestTimeoutMs }, signal);
  return {
    async fetchIncomingTransfersPage(query, fingerprint, signal) {
      const body = await call(incomingTransfersUrl(options.apiUrl, query, fingerprint), { method: "GET", what: "page" }, signal);
      const parsed = pageSchema.safeParse(body);
      if (!parsed.success) throw new TronGridError("the TRON API answered an unexpected shape (no success: true and data array)");
      if (parsed.data.data.length > maxPageItems) {
        throw new TronGridError(`the TRON API answered a page of ${parsed.data.data.length} items, more than ${maxPageItems}`);
      }
      return { items: parsed.data.data, fingerprint: nextFingerprint(parsed.data.meta) };
    },
    async fetchLatestBlock(signal) {
      const body = await call(`${options.apiUrl}/walletsolidity/getnowblock`, { method: "POST", what: "block" }, signal);
      const parsed = blockSchema.safeParse(body);
      if (!parsed.success)
        throw new TronGridError("the TRON API answered a latest block without block_header.raw_data's number and timestamp");
      return { number: parsed.data.block_header.raw_data.number, timeMs: parsed.data.block_header.raw_data.timestamp };
    },
    async fetchUsdtBalance(address, signal) {
      const url = `${options.apiUrl}/v1/accounts/${encodeURIComponent(address)}?only_confirmed=true`;
      return usdtBalanceOf(await call(url, { method: "GET", what: "account" }, signal), options.usdtContract);
    },
    async isBlackListed(address, signal) {
      const body = {
        owner_address: address,
        contract_address: options.usdtContract,
        function_selector: "isBlackListed(address)",
        parameter: addressWord(address),
        visible: true,
      };
      const url = `${options.apiUrl}/walletsolidity/triggerconstantcontract`;
      return blacklistFlagOf(await call(url, { method: "POST", what: "contract call", body }, signal));
    },
  };
}

/**
 * The USDT entry of an account's trc20 list, exactly, in micro-USDT (6 decimals: the integer string
 * is micro-USDT as it stands). No account, or no USDT entry, holds 0. Anything but a string of digits
 * (a float, a number, a negative) is refused rather than guessed at: reserves are money.
 */
export function usdtBalanceOf(body: unknown, usdtContract: string): bigint {
  const parsed = accountSchema.safeParse(body);
  if (!parsed.success) throw new TronGridError("the TRON API answered an account without success: true and a data array of at most one");
  const entries = (parsed.data.data[0]?.trc20 ?? []).filter((entry) => Object.hasOwn(entry, usdtContract));
  if (entries.length === 0) return 0n;
  const values = new Set(entries.map((entry) => entry[usdtContract]));
  const [value] = values;
  if (values.size > 1 || typeof value !== "string" || !/^\d{1,19}$/.test(value) || BigInt(value) > bigintMax)
    throw new TronGridError("the TRON API answered a USDT balance that is not one integer string of micro-USDT");
  return BigInt(value);
}

/** isBlackListed's one return word: exactly 1 (true) or 0 (false), 64 hexadecimal characters. */
export function blacklistFlagOf(body: unknown): boolean {
  const parsed = constantCallSchema.safeParse(body);
  if (!parsed.success) throw new TronGridError("the TRON API answered a contract call without result.result true and constant_result");
  const [word] = parsed.data.constant_result;
  if (word === undefined || !/^[0-9a-fA-F]{64}$/.test(word))
    throw new TronGridError("the TRON API answered isBlackListed with a word that is not 64 hexadecimal characters");
  const flag = BigInt(`0x${word}`);
  if (flag !== 0n && flag !== 1n) throw new TronGridError("the TRON API answered isBlackListed with neither 0 nor 1");
  return flag === 1n;
}

/**
 * A TRON address as the ABI's 32-byte address word: its 20-byte account id (the base58check payload
 * without the 0x41 prefix byte), left-padded with zeros, in hex.
 */
export function addressWord(address: string): string {
  const payload = bs58check.decode(address);
  if (payload.length !== 21 || payload[0] !== 0x41) throw new TronGridError(`not a TRON address: ${address}`);
  return Buffer.from(payload.subarray(1)).toString("hex").padStart(64, "0");
}

type CallOptions = { method: "GET" | "POST"; what: string; body?: object; apiKey: string | undefined; timeoutMs: number };

/**
 * One call, its JSON body read whole or not at all. `what` names the answer in errors ("page").
 * Our own abort controller ends the connection when we stop reading, so the rest is never sent to us.
 */
async function fetchBoundedJson(url: string, options: CallOptions, signal?: AbortSignal): Promise<unknown> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) headers["TRON-PRO-API-KEY"] = options.apiKey;
  if (options.body) headers["content-type"] = "application/json";
  const abandon = new AbortController();
  const signals = [abandon.signal, AbortSignal.timeout(options.timeoutMs), ...(signal ? [signal] : [])];
  const describe = (error: unknown) => new TronGridError(describeFetchFailure(error, options.timeoutMs), { cause: error });
  try {
    const body = options.body ? JSON.stringify(options.body) : null;
    const response = await fetch(url, { method: options.method, headers, body, signal: AbortSignal.any(signals) }).catch(
      (error: unknown) => {
        throw describe(error);
      },
    );
    if (!response.ok) throw new TronGridError(`the TRON API answered ${response.status}`);
    const text = await readBoundedText(response, `the TRON API answered a ${options.what} larger than 2 MB`).catch((error: unknown) => {
      throw error instanceof TronGridError ? error : describe(error);
    });
    try {
      return JSON.parse(text);
    } catch {
      throw new TronGridError("the TRON API answered something that is not JSON");
    }
  } finally {
    // Whatever happened, nothing more of this answer is read: a body left unread would hold its connection.
    abandon.abort();
  }
}

/** The body as text if it is at most maxBodyBytes; past that, reading stops and `tooLarge` is thrown. */
async function readBoundedText(response: Response, tooLarge: string): Promise<string> {
  // A declared length over the limit is refused before a byte of it is read.
  if (Number(response.headers.get("content-length") ?? 0) > maxBodyBytes) throw new TronGridError(tooLarge);
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TronGridError(tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The next page's fingerprint, taken from meta.links.next (TronGrid's full URL for the next page).
 * We rebuild that URL on our own base rather than fetch it as given, so the API key is never sent
 * to a host other than TRON_API_URL's, whatever the answer says.
 */
function nextFingerprint(meta: z.infer<typeof pageSchema>["meta"]): string | null {
  const next = meta?.links?.next;
  if (next === undefined) return null;
  let fingerprint: string | null = null;
  try {
    fingerprint = new URL(next).searchParams.get("fingerprint");
  } catch {
    throw new TronGridError("the TRON API's next-page link is not a URL");
  }
  if (!fingerprint) throw new TronGridError("the TRON API's next-page link has no fingerprint");
  return fingerprint;
}

export function incomingTransfersUrl(apiUrl: string, query: IncomingTransfersQuery, fingerprint: string | null): string {
  const params = new URLSearchParams({
    only_confirmed: "true",
    only_to: "true",
    contract_address: query.contract,
    min_timestamp: String(query.minTimestampMs),
    limit: String(query.pageSize),
    order_by: "block_timestamp,asc",
  });
  if (fingerprint !== null) params.set("fingerprint", fingerprint);
  return `${apiUrl}/v1/accounts/${encodeURIComponent(query.address)}/transactions/trc20?${params.toString()}`;
}

function describeFetchFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === "TimeoutError") return `the TRON API did not answer within ${timeoutMs} ms`;
  if (error instanceof Error && error.name === "AbortError") return "the request to the TRON API was cancelled";
  return `the TRON API could not be reached (${error instanceof Error ? error.message : String(error)})`;
}
