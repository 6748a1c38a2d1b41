// A TronGrid-compatible simulator for tests and demos (decisions 018 and 038): a small HTTP server that
// answers GET /v1/accounts/{address}/transactions/trc20 from the transfers given to it, validates the
// query as TronGrid does (only the parameters that endpoint takes), pages with `limit` and an opaque
// `fingerprint` (meta.fingerprint and meta.links.next), and can be told to fail (500, 503) or to
// stall (never answer) or to answer late. It also answers POST /walletsolidity/getnowblock with a
// block number that grows with time (one block per 3 s unless told otherwise), which can be frozen.
// Nothing in it is used by the server itself.
//
// It can also act as a hostile or broken API (decision 038): an item dated in 2100, items of another
// token sent to the deposit address although the query names USDT, a page of 250 MB (streamed in
// chunks, so the simulator never holds it), or a page of more items than `limit` asked for.
//
// Control endpoints, for `npm run chain:simulate` and curl:
//   POST /simulator/transfers  {"amount":"20.5","to"?,"from"?,"txid"?,"blockTime"?}  → 201 the item
//   POST /simulator/fail       {"mode":"error"|"unavailable"|"stall"|null,"delayMs"?}  → 204
//   POST /simulator/hostile    {"mode":"future-item","to"?,"count"?,"blockTime"?,"token"?:"usdt"|"other"}  → 201 {items}
//                              {"mode":"other-token","to"?,"count"?,"contract"?,"decimals"?}             → 201 {items}
//                              {"mode":"oversized-page","bytes"?,"chunkDelayMs"?}  → 204, every page until null
//                              {"mode":"overfull-page"}  → 204: every page holds all it has, whatever `limit` says
//                              {"mode":null}  → 204: pages are normal again (items added stay)
//   POST /simulator/blocks     {"frozen"?:true|false,"fail"?:true|false}  → 200 the latest block
//
// Accounts (decision 053, simulated-accounts.ts): GET /v1/accounts/{address} answers the USDT balance
// set for that address (an address never set is an account never activated), and POST
// /walletsolidity/triggerconstantcontract answers isBlackListed(address) on the USDT contract:
//   POST /simulator/balances   {"address":"T…","amount":"1500.25"}  → 200
//   POST /simulator/blacklist  {"address":"T…","blacklisted":true|false}  → 200
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import bs58check from "bs58check";
import { parseUsdt } from "#shared/money.ts";
import { isTronAddress } from "#shared/tron.ts";
import { developmentDepositAddress, mainnetUsdtContract } from "../config.ts";
import {
  accountPathPattern,
  constantCallPath,
  createSimulatedAccounts,
  type SimulatedAccounts,
  type SimulatedAnswer,
} from "./simulated-accounts.ts";

export type SimulatedTransferInput = {
  /** Decimal USDT ("20.5", at most 6 decimals) or micro-USDT. */
  amount: string | bigint;
  to?: string;
  from?: string;
  /** 64 hex characters; random when not given. */
  txid?: string;
  /** Block time in ms (or a Date); now when not given. */
  blockTime?: number | Date;
  /** false = not yet confirmed: left out of only_confirmed=true answers. */
  confirmed?: boolean;
  /** Another token (address, decimals): to see what the watcher makes of it. */
  token?: { address?: string; decimals?: number; symbol?: string };
  /** The `value` string exactly as sent, instead of the amount's micro-USDT. */
  rawValue?: string;
};

export type TronGridItem = {
  transaction_id: string;
  token_info: { symbol: string; address: string; decimals: number; name: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: "Transfer";
  value: string;
};

export type FailureMode = "error" | "unavailable" | "stall" | null;

/**
 * An oversized page: `bytes` of body in 64 KB chunks, with a pause between chunks if asked; sent
 * without a length (chunked) unless `declareLength`.
 */
export type OversizedPage = { bytes: number; chunkDelayMs?: number; declareLength?: boolean };

/** The latest block getnowblock answers: its height and its time (ms). */
export type SimulatedBlock = { number: number; timeMs: number };

/** A block time no real transfer has yet: 2099-12-31T23:55:00Z, five minutes before 2100. */
export const farFutureBlockTimeMs = 4102444500000;

export type TronGridSimulator = {
  /** http://127.0.0.1:<port>, to use as TRON_API_URL. */
  url: string;
  addTransfer: (input: SimulatedTransferInput) => TronGridItem;
  /**
   * An item sent as it is, whatever the query's filters: for items a real API should never send.
   * With `onlyFor` (an address), only that address's list shows it; otherwise every list does.
   */
  addRawItem: (item: unknown, blockTimeMs: number, onlyFor?: string) => void;
  /** Hostile: an item dated in the future (2100 unless given), of USDT or of another token. */
  addFutureItem: (input?: { to?: string; blockTime?: number; token?: "usdt" | "other"; amount?: string }) => TronGridItem;
  /** Hostile: items of another token (another contract, or other decimals) to the address, whatever the query's contract. */
  addOtherTokenItems: (input?: OtherTokenInput) => TronGridItem[];
  /** Hostile: every page answers this many bytes instead (null: normal pages again). */
  setOversizedPage: (page: OversizedPage | null) => void;
  /**
   * Oversized pages so far: bytes written (a client that abandons them early keeps this small) and
   * how many answers are still open (0 once the client has hung up on each).
   */
  oversizedStats: () => { bytesSent: number; open: number };
  /** Hostile: every page holds all its matching items, however few `limit` asked for. */
  setOverfullPages: (on: boolean) => void;
  /** The block getnowblock answers now. */
  latestBlock: () => SimulatedBlock;
  /** A frozen chain keeps answering the block it was at; unfrozen, it grows with time again. */
  freezeBlocks: (frozen: boolean) => void;
  /** getnowblock answers 500 while true (the transfer list is not affected). */
  failBlocks: (fail: boolean) => void;
  /** "error" answers 500, "unavailable" 503, "stall" never answers; null serves normally again. */
  fail: (mode: FailureMode) => void;
  /** Every answer waits this long first (0 = none). */
  setDelay: (ms: number) => void;
  /** GET /v1/accounts/{address} answers this USDT balance ("1500.25", micro-USDT, or { raw } sent as the trc20 value as it is). */
  setBalance: SimulatedAccounts["setBalance"];
  /** isBlackListed(address) answers 1 (true) or 0 (false); a string is sent as the answer's word as it is. */
  setBlacklisted: SimulatedAccounts["setBlacklisted"];
  /** Every API request received (path and query), oldest first, with the API key it carried. */
  requests: { url: string; apiKey: string | undefined }[];
  close: () => Promise<void>;
};

export type SimulatorOptions = {
  port?: number;
  host?: string;
  /** When set, requests without this TRON-PRO-API-KEY are answered 401. */
  apiKey?: string;
  /** The USDT contract of the transfers added (the mainnet contract unless given). */
  usdtContract?: string;
  /** Where transfers go when addTransfer names no `to` (the development deposit address unless given). */
  defaultTo?: string;
  /** One block per this many ms (3000, as TRON); the first block answered is firstBlockNumber. */
  blockIntervalMs?: number;
  firstBlockNumber?: number;
};

export type OtherTokenInput = {
  to?: string;
  /** 1 unless given. */
  count?: number;
  /** Another TRC-20 contract (a random one unless given); "usdt" keeps the USDT contract, e.g. with other decimals. */
  contract?: string;
  decimals?: number;
  amount?: string;
  blockTime?: number;
};

const allowedParams = new Set([
  "only_confirmed",
  "only_unconfirmed",
  "only_to",
  "only_from",
  "limit",
  "fingerprint",
  "order_by",
  "min_timestamp",
  "max_timestamp",
  "contract_address",
  "search_internal",
]);
const endpointPattern = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/;
const latestBlockPath = "/walletsolidity/getnowblock";

type Stored = { item: unknown; blockTimeMs: number; key: string; confirmed: boolean; raw: boolean; onlyFor?: string };
type Query = {
  address: string;
  limit: number;
  descending: boolean;
  minTs: number;
  maxTs: number;
  contract: string | null;
  onlyTo: boolean;
  onlyFrom: boolean;
  onlyConfirmed: boolean;
  onlyUnconfirmed: boolean;
  after: string | null;
};

export function randomTronAddress(): string {
  return bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
}

/** Everything one simulator knows and can be told: its items, the requests it saw, how it misbehaves. */
type SimulatorState = {
  options: SimulatorOptions;
  usdtContract: string;
  defaultTo: string;
  stored: Stored[];
  requests: TronGridSimulator["requests"];
  stalled: Set<ServerResponse>;
  chain: SimulatedChain;
  hostile: { oversized: OversizedPage | null; overfull: boolean };
  oversizedStats: { bytesSent: number; open: number };
  failure: FailureMode;
  delayMs: number;
  url: string;
  accounts: SimulatedAccounts;
};

export async function startTronGridSimulator(options: SimulatorOptions = {}): Promise<TronGridSimulator> {
  const state: SimulatorState = {
    options,
    usdtContract: options.usdtContract ?? mainnetUsdtContract,
    defaultTo: options.defaultTo ?? developmentDepositAddress,
    stored: [],
    requests: [],
    stalled: new Set<ServerResponse>(),
    chain: simulatedChain(options.blockIntervalMs ?? 3000, options.firstBlockNumber ?? 60_000_000),
    hostile: { oversized: null, overfull: false },
    oversizedStats: { bytesSent: 0, open: 0 },
    failure: null,
    delayMs: 0,
    url: "",
    accounts: createSimulatedAccounts(options.usdtContract ?? mainnetUsdtContract),
  };
  const server = createServer((request, response) => {
    handle(state, request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { success: false, error: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  state.url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  return simulatorHandle(state, server);
}

/** What a test or `npm run chain:simulate` holds: the simulator's address and its levers. */
function simulatorHandle(state: SimulatorState, server: Server): TronGridSimulator {
  const { chain, hostile, stalled } = state;
  return {
    url: state.url,
    addTransfer: (input) => addTransfer(state, input),
    addRawItem: (item, blockTimeMs, onlyFor) => addRawItem(state, item, blockTimeMs, onlyFor),
    addFutureItem: (input) => addFutureItem(state, input),
    addOtherTokenItems: (input) => addOtherTokenItems(state, input),
    setOversizedPage(page) {
      hostile.oversized = page;
    },
    oversizedStats: () => ({ ...state.oversizedStats }),
    setOverfullPages(on) {
      hostile.overfull = on;
    },
    latestBlock: () => chain.latest(),
    freezeBlocks: (frozen) => chain.freeze(frozen),
    failBlocks(fail) {
      chain.failing = fail;
    },
    fail(mode) {
      state.failure = mode;
      if (mode !== "stall") for (const response of stalled) response.destroy();
    },
    setDelay(ms) {
      state.delayMs = ms;
    },
    setBalance: (address, amount) => state.accounts.setBalance(address, amount),
    setBlacklisted: (address, blacklisted) => state.accounts.setBlacklisted(address, blacklisted),
    requests: state.requests,
    close: async () => {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function addTransfer(state: SimulatorState, input: SimulatedTransferInput): TronGridItem {
  const micro = typeof input.amount === "bigint" ? input.amount : parseUsdt(input.amount);
  const blockTimeMs = input.blockTime instanceof Date ? input.blockTime.getTime() : (input.blockTime ?? Date.now());
  const item: TronGridItem = {
    transaction_id: input.txid ?? randomBytes(32).toString("hex"),
    token_info: {
      symbol: input.token?.symbol ?? "USDT",
      address: input.token?.address ?? state.usdtContract,
      decimals: input.token?.decimals ?? 6,
      name: "Tether USD",
    },
    block_timestamp: blockTimeMs,
    from: input.from ?? randomTronAddress(),
    to: input.to ?? state.defaultTo,
    type: "Transfer",
    value: input.rawValue ?? micro.toString(),
  };
  state.stored.push({ item, blockTimeMs, key: sortKey(blockTimeMs, item.transaction_id), confirmed: input.confirmed ?? true, raw: false });
  return item;
}

function addRawItem(state: SimulatorState, item: unknown, blockTimeMs: number, onlyFor?: string): void {
  const key = sortKey(blockTimeMs, randomBytes(32).toString("hex"));
  state.stored.push({ item, blockTimeMs, key, confirmed: true, raw: true, ...(onlyFor === undefined ? {} : { onlyFor }) });
}

/** A USDT item dated in the future is a normal transfer the query's filters let through; another token's is sent raw. */
function addFutureItem(state: SimulatorState, input: Parameters<TronGridSimulator["addFutureItem"]>[0] = {}): TronGridItem {
  const blockTime = input.blockTime ?? farFutureBlockTimeMs;
  if (input.token !== "other") return addTransfer(state, { to: input.to ?? state.defaultTo, amount: input.amount ?? "1000", blockTime });
  const [item] = addOtherTokenItems(state, { ...input, count: 1, blockTime });
  return item!;
}

/** Sent raw to the address's list only: an API asked for USDT's contract should never send them. */
function addOtherTokenItems(state: SimulatorState, input: OtherTokenInput = {}): TronGridItem[] {
  const to = input.to ?? state.defaultTo;
  const contract = input.contract === "usdt" ? state.usdtContract : (input.contract ?? randomTronAddress());
  return Array.from({ length: input.count ?? 1 }, (_, index) => {
    const blockTimeMs = input.blockTime ?? Date.now() - index;
    const item: TronGridItem = {
      transaction_id: randomBytes(32).toString("hex"),
      token_info: { symbol: "FAKE", address: contract, decimals: input.decimals ?? 6, name: "Not Tether" },
      block_timestamp: blockTimeMs,
      from: randomTronAddress(),
      to,
      type: "Transfer",
      value: input.amount ?? "1000000",
    };
    addRawItem(state, item, blockTimeMs, to);
    return item;
  });
}

function matches(entry: Stored, q: Query): boolean {
  if (entry.raw) return entry.onlyFor === undefined || entry.onlyFor === q.address;
  const item = entry.item as TronGridItem;
  if (q.onlyConfirmed && !entry.confirmed) return false;
  if (q.onlyUnconfirmed && entry.confirmed) return false;
  if (q.contract !== null && item.token_info.address !== q.contract) return false;
  if (entry.blockTimeMs < q.minTs || entry.blockTimeMs > q.maxTs) return false;
  if (q.onlyTo) return item.to === q.address;
  if (q.onlyFrom) return item.from === q.address;
  return item.to === q.address || item.from === q.address;
}

function page(state: SimulatorState, q: Query, path: string, params: URLSearchParams): object {
  const ordered = state.stored.filter((entry) => matches(entry, q)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (q.descending) ordered.reverse();
  const after = q.after;
  const rest = after === null ? ordered : ordered.filter((entry) => (q.descending ? entry.key < after : entry.key > after));
  const shown = state.hostile.overfull ? rest : rest.slice(0, q.limit);
  const meta: Record<string, unknown> = { at: Date.now(), page_size: shown.length };
  const last = shown.at(-1);
  if (rest.length > shown.length && last) {
    const fingerprint = Buffer.from(last.key).toString("base64url");
    const nextParams = new URLSearchParams(params);
    nextParams.set("fingerprint", fingerprint);
    meta.fingerprint = fingerprint;
    meta.links = { next: `${state.url}${path}?${nextParams.toString()}` };
  }
  return { data: shown.map((entry) => entry.item), success: true, meta };
}

async function handle(state: SimulatorState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const requestUrl = new URL(request.url ?? "/", "http://simulator");
  if (request.method === "POST" && requestUrl.pathname.startsWith("/simulator/"))
    return control(state, request, response, requestUrl.pathname);
  const apiKey = headerValue(request.headers["tron-pro-api-key"]);
  state.requests.push({ url: `${requestUrl.pathname}${requestUrl.search}`, apiKey });
  if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
  if (state.failure === "stall") {
    state.stalled.add(response);
    response.on("close", () => state.stalled.delete(response));
    return;
  }
  if (state.failure === "error") return send(response, 500, { success: false, error: "simulated internal error", statusCode: 500 });
  if (state.failure === "unavailable") return send(response, 503, { success: false, error: "simulated unavailability", statusCode: 503 });
  if (state.options.apiKey !== undefined && apiKey !== state.options.apiKey)
    return send(response, 401, { success: false, error: "bad API key" });
  if (requestUrl.pathname === latestBlockPath && (request.method === "POST" || request.method === "GET")) {
    return answerLatestBlock(state.chain, response, requestUrl.searchParams);
  }
  const answer = await accountAnswer(state.accounts, request, requestUrl);
  if (answer) return send(response, answer.status, answer.body);
  const endpoint = request.method === "GET" ? endpointPattern.exec(requestUrl.pathname) : null;
  if (!endpoint) return send(response, 404, { success: false, error: "no such endpoint", statusCode: 404 });
  const parsed = parseQuery(decodeURIComponent(endpoint[1] ?? ""), requestUrl.searchParams);
  if (typeof parsed === "string") return send(response, 400, { success: false, error: parsed, statusCode: 400 });
  if (state.hostile.oversized) return sendOversizedPage(response, state.hostile.oversized, state.oversizedStats);
  send(response, 200, page(state, parsed, requestUrl.pathname, requestUrl.searchParams));
}

/** An account or an isBlackListed call (simulated-accounts.ts), or null for another endpoint. */
async function accountAnswer(accounts: SimulatedAccounts, request: IncomingMessage, url: URL): Promise<SimulatedAnswer | null> {
  const account = request.method === "GET" ? accountPathPattern.exec(url.pathname) : null;
  if (account) return accounts.answerAccount(decodeURIComponent(account[1] ?? ""), url.searchParams);
  if (request.method !== "POST" || url.pathname !== constantCallPath) return null;
  try {
    return accounts.answerConstantCall(JSON.parse(await readBody(request)));
  } catch {
    return { status: 400, body: { Error: "the body must be JSON" } };
  }
}

/** getnowblock takes no parameters; a failing chain answers 500 as java-tron does on an internal error. */
function answerLatestBlock(chain: SimulatedChain, response: ServerResponse, params: URLSearchParams): void {
  for (const name of params.keys()) if (name !== "visible") return send(response, 400, { Error: `unknown parameter ${name}` });
  if (chain.failing) return send(response, 500, { Error: "simulated failure of getnowblock" });
  send(response, 200, blockJson(chain.latest()));
}

async function control(state: SimulatorState, request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    if (typeof body !== "object" || body === null) throw new Error("not an object");
  } catch {
    return send(response, 400, { error: "the body must be a JSON object" });
  }
  try {
    if (path === "/simulator/transfers") return send(response, 201, addTransfer(state, transferFromJson(body)));
    if (path === "/simulator/fail") return failureControl(state, body, response);
    if (path === "/simulator/hostile") return hostileControl(state, body, response);
    const accountControl = state.accounts.control(path, body);
    if (accountControl) return send(response, accountControl.status, accountControl.body);
    if (path === "/simulator/blocks") {
      const { chain } = state;
      if (body.frozen !== undefined) chain.freeze(body.frozen === true);
      if (body.fail !== undefined) chain.failing = body.fail === true;
      return send(response, 200, { ...chain.latest(), frozen: chain.frozen(), failing: chain.failing });
    }
  } catch (error) {
    return send(response, 400, { error: error instanceof Error ? error.message : String(error) });
  }
  send(response, 404, { error: "no such control endpoint" });
}

/** POST /simulator/fail: how the API answers from now on (204). */
function failureControl(state: SimulatorState, body: Record<string, unknown>, response: ServerResponse): void {
  const mode = body.mode ?? null;
  if (mode !== null && mode !== "error" && mode !== "unavailable" && mode !== "stall")
    throw new Error("mode: error, unavailable, stall or null");
  state.failure = mode;
  if (typeof body.delayMs === "number" && body.delayMs >= 0) state.delayMs = body.delayMs;
  response.writeHead(204).end();
}

/** POST /simulator/hostile: adds hostile items (201 with them) or switches a hostile way of paging (204). */
function hostileControl(state: SimulatorState, body: Record<string, unknown>, response: ServerResponse): void {
  const input = hostileFromJson(body);
  if (input.mode === "future-item") {
    const items = Array.from({ length: input.count ?? 1 }, () => addFutureItem(state, input));
    return send(response, 201, { items });
  }
  if (input.mode === "other-token") return send(response, 201, { items: addOtherTokenItems(state, input) });
  state.hostile.oversized =
    input.mode === "oversized-page" ? { bytes: input.bytes ?? 250 * 1024 * 1024, chunkDelayMs: input.chunkDelayMs ?? 0 } : null;
  state.hostile.overfull = input.mode === "overfull-page";
  response.writeHead(204).end();
}

/**
 * A chain that makes one block every `intervalMs` from now on, as TRON makes one every 3 s; frozen,
 * it keeps answering the block it was at (an API whose node stopped following the chain).
 */
type SimulatedChain = ReturnType<typeof simulatedChain>;

function simulatedChain(intervalMs: number, firstNumber: number) {
  const startedAt = Date.now();
  let frozenAt: SimulatedBlock | null = null;
  const current = (): SimulatedBlock => {
    const made = Math.floor((Date.now() - startedAt) / intervalMs);
    return { number: firstNumber + made, timeMs: startedAt + made * intervalMs };
  };
  return {
    failing: false,
    latest: (): SimulatedBlock => frozenAt ?? current(),
    frozen: () => frozenAt !== null,
    freeze(frozen: boolean) {
      frozenAt = frozen ? (frozenAt ?? current()) : null;
    },
  };
}

/** A block header as getnowblock answers it (an empty block: no transactions). The blockID starts with the height, as TRON's do. */
function blockJson(block: SimulatedBlock): object {
  const hash = (text: string) => createHash("sha256").update(text).digest("hex");
  const id = (n: number) => n.toString(16).padStart(16, "0") + hash(`block ${n}`).slice(16);
  return {
    blockID: id(block.number),
    block_header: {
      raw_data: {
        number: block.number,
        txTrieRoot: "0".repeat(64),
        parentHash: id(block.number - 1),
        version: 30,
        timestamp: block.timeMs,
      },
      witness_signature: hash(`signature ${block.number}`).repeat(2),
    },
  };
}

/**
 * An answer of exactly `bytes` bytes of valid JSON (a page of junk items), written 64 KB at a time as
 * the client takes it (never more than a chunk waits in the simulator), until the client goes away.
 * Sent chunked, so only counting tells the client its size, unless `declareLength` says it first.
 */
async function sendOversizedPage(response: ServerResponse, page: OversizedPage, stats: { bytesSent: number; open: number }): Promise<void> {
  let closed = false;
  stats.open += 1;
  response.once("close", () => {
    closed = true;
    stats.open -= 1;
  });
  const [head, tail] = ['{"success":true,"data":[', '{}],"meta":{}}'];
  const junk = '{"transaction_id":"' + "0".repeat(64) + '","value":"1"},';
  const chunk = Buffer.from(junk.repeat(Math.floor((64 * 1024) / junk.length)));
  response.writeHead(200, { "content-type": "application/json", ...(page.declareLength ? { "content-length": page.bytes } : {}) });
  response.write(head);
  let left = Math.max(0, page.bytes - head.length - tail.length);
  while (!closed && left > 0) {
    const piece = left >= chunk.length ? chunk : Buffer.alloc(left, " "); // JSON whitespace pads the last piece
    const flushed = response.write(piece);
    left -= piece.length;
    stats.bytesSent += piece.length;
    if (!flushed) await drainedOrClosed(response);
    if (page.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, page.chunkDelayMs));
  }
  if (!closed) response.end(tail);
}

function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });
}

type HostileInput = OtherTokenInput & {
  mode: "future-item" | "other-token" | "oversized-page" | "overfull-page" | null;
  token?: "usdt" | "other";
  bytes?: number;
  chunkDelayMs?: number;
};

function hostileFromJson(body: Record<string, unknown>): HostileInput {
  const modes = ["future-item", "other-token", "oversized-page", "overfull-page", null];
  const mode = (body.mode ?? null) as HostileInput["mode"];
  if (!modes.includes(mode)) throw new Error("mode: future-item, other-token, oversized-page, overfull-page or null");
  const count = optionalInteger(body, "count", 1, 10_000);
  const blockTime = optionalInteger(body, "blockTime", 1, Number.MAX_SAFE_INTEGER);
  const decimals = optionalInteger(body, "decimals", 0, 77);
  const bytes = optionalInteger(body, "bytes", 1, 16 * 1024 * 1024 * 1024);
  const chunkDelayMs = optionalInteger(body, "chunkDelayMs", 0, 60_000);
  const to = body.to;
  if (to !== undefined && (typeof to !== "string" || !isTronAddress(to))) throw new Error("to must be a TRON address");
  const contract = body.contract;
  if (contract !== undefined && contract !== "usdt" && (typeof contract !== "string" || !isTronAddress(contract)))
    throw new Error('contract must be a TRON address or "usdt"');
  const token = body.token;
  if (token !== undefined && token !== "usdt" && token !== "other") throw new Error('token must be "usdt" or "other"');
  return { mode, to, contract, token, count, blockTime, decimals, bytes, chunkDelayMs };
}

function optionalInteger(body: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

/** TronGrid's checks on this endpoint's query, answered as an error message like its 400s. */
function parseQuery(address: string, params: URLSearchParams): Query | string {
  if (!isTronAddress(address)) return `invalid address ${address}`;
  for (const name of params.keys()) if (!allowedParams.has(name)) return `unknown parameter ${name}`;
  const flag = (name: string) => params.get(name) === "true";
  const integer = (name: string, fallback: number) => {
    const text = params.get(name);
    return text === null ? fallback : /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  };
  const limit = integer("limit", 20);
  if (!(limit >= 1 && limit <= 200)) return "limit must be an integer from 1 to 200";
  const minTs = integer("min_timestamp", 0);
  const maxTs = integer("max_timestamp", Number.MAX_SAFE_INTEGER);
  if (Number.isNaN(minTs) || Number.isNaN(maxTs)) return "min_timestamp and max_timestamp must be integers (ms)";
  const orderBy = params.get("order_by") ?? "block_timestamp,desc";
  if (orderBy !== "block_timestamp,asc" && orderBy !== "block_timestamp,desc") return `invalid order_by ${orderBy}`;
  const contract = params.get("contract_address");
  if (contract !== null && !isTronAddress(contract)) return `invalid contract_address ${contract}`;
  const fingerprint = params.get("fingerprint");
  const after = fingerprint === null ? null : Buffer.from(fingerprint, "base64url").toString();
  if (after !== null && !/^\d{15}:[0-9a-f]{64}$/.test(after)) return "invalid fingerprint";
  return {
    address,
    limit,
    descending: orderBy.endsWith("desc"),
    minTs,
    maxTs,
    contract,
    onlyTo: flag("only_to"),
    onlyFrom: flag("only_from"),
    onlyConfirmed: flag("only_confirmed"),
    onlyUnconfirmed: flag("only_unconfirmed"),
    after,
  };
}

function transferFromJson(body: Record<string, unknown>): SimulatedTransferInput {
  const text = (name: string) => {
    const value = body[name];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw new Error(`${name} must be a string`);
    return value;
  };
  const amount = text("amount");
  if (amount === undefined) throw new Error('amount is required, like "20.5"');
  parseUsdt(amount);
  const blockTime = body.blockTime;
  if (blockTime !== undefined && (typeof blockTime !== "number" || !Number.isSafeInteger(blockTime)))
    throw new Error("blockTime must be ms");
  const txid = text("txid");
  if (txid !== undefined && !/^[0-9a-f]{64}$/.test(txid)) throw new Error("txid must be 64 lower-case hex characters");
  const to = text("to");
  const from = text("from");
  for (const [name, value] of [
    ["to", to],
    ["from", from],
  ] as const) {
    if (value !== undefined && !isTronAddress(value)) throw new Error(`${name} must be a TRON address`);
  }
  return {
    amount,
    ...(to === undefined ? {} : { to }),
    ...(from === undefined ? {} : { from }),
    ...(txid === undefined ? {} : { txid }),
    ...(blockTime === undefined ? {} : { blockTime }),
  };
}

/** Orders by block time, then txid; fixed width so that string order is time order. */
function sortKey(blockTimeMs: number, txid: string): string {
  return `${String(blockTimeMs).padStart(15, "0")}:${txid.toLowerCase()}`;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error("body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
