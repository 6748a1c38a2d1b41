// A TronGrid-compatible simulator for tests and demos (decision 018): a small HTTP server that answers
// GET /v1/accounts/{address}/transactions/trc20 from the transfers given to it, validates the query as
// TronGrid does (only the parameters that endpoint takes), pages with `limit` and an opaque
// `fingerprint` (meta.fingerprint and meta.links.next), and can be told to fail (500, 503) or to
// stall (never answer) or to answer late. Nothing in it is used by the server itself.
//
// Control endpoints, for `npm run chain:simulate` and curl:
//   POST /simulator/transfers  {"amount":"20.5","to"?,"from"?,"txid"?,"blockTime"?}  → 201 the item
//   POST /simulator/fail       {"mode":"error"|"unavailable"|"stall"|null,"delayMs"?}  → 204
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import bs58check from "bs58check";
import { parseUsdt } from "#shared/money.ts";
import { isTronAddress } from "#shared/tron.ts";
import { developmentDepositAddress, mainnetUsdtContract } from "../config.ts";

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

export type TronGridSimulator = {
  /** http://127.0.0.1:<port>, to use as TRON_API_URL. */
  url: string;
  addTransfer: (input: SimulatedTransferInput) => TronGridItem;
  /** An item sent as it is, whatever the query's filters: for items a real API should never send. */
  addRawItem: (item: unknown, blockTimeMs: number) => void;
  /** "error" answers 500, "unavailable" 503, "stall" never answers; null serves normally again. */
  fail: (mode: FailureMode) => void;
  /** Every answer waits this long first (0 = none). */
  setDelay: (ms: number) => void;
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

type Stored = { item: unknown; blockTimeMs: number; key: string; confirmed: boolean; raw: boolean };
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

export async function startTronGridSimulator(options: SimulatorOptions = {}): Promise<TronGridSimulator> {
  const usdtContract = options.usdtContract ?? mainnetUsdtContract;
  const stored: Stored[] = [];
  const requests: TronGridSimulator["requests"] = [];
  const stalled = new Set<ServerResponse>();
  let failure: FailureMode = null;
  let delayMs = 0;
  let url = "";

  function addTransfer(input: SimulatedTransferInput): TronGridItem {
    const micro = typeof input.amount === "bigint" ? input.amount : parseUsdt(input.amount);
    const blockTimeMs = input.blockTime instanceof Date ? input.blockTime.getTime() : (input.blockTime ?? Date.now());
    const item: TronGridItem = {
      transaction_id: input.txid ?? randomBytes(32).toString("hex"),
      token_info: {
        symbol: input.token?.symbol ?? "USDT",
        address: input.token?.address ?? usdtContract,
        decimals: input.token?.decimals ?? 6,
        name: "Tether USD",
      },
      block_timestamp: blockTimeMs,
      from: input.from ?? randomTronAddress(),
      to: input.to ?? options.defaultTo ?? developmentDepositAddress,
      type: "Transfer",
      value: input.rawValue ?? micro.toString(),
    };
    stored.push({ item, blockTimeMs, key: sortKey(blockTimeMs, item.transaction_id), confirmed: input.confirmed ?? true, raw: false });
    return item;
  }

  function addRawItem(item: unknown, blockTimeMs: number): void {
    stored.push({ item, blockTimeMs, key: sortKey(blockTimeMs, randomBytes(32).toString("hex")), confirmed: true, raw: true });
  }

  function matches(entry: Stored, q: Query): boolean {
    if (entry.raw) return true;
    const item = entry.item as TronGridItem;
    if (q.onlyConfirmed && !entry.confirmed) return false;
    if (q.onlyUnconfirmed && entry.confirmed) return false;
    if (q.contract !== null && item.token_info.address !== q.contract) return false;
    if (entry.blockTimeMs < q.minTs || entry.blockTimeMs > q.maxTs) return false;
    if (q.onlyTo) return item.to === q.address;
    if (q.onlyFrom) return item.from === q.address;
    return item.to === q.address || item.from === q.address;
  }

  function page(q: Query, path: string, params: URLSearchParams): object {
    const ordered = stored.filter((entry) => matches(entry, q)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (q.descending) ordered.reverse();
    const after = q.after;
    const rest = after === null ? ordered : ordered.filter((entry) => (q.descending ? entry.key < after : entry.key > after));
    const shown = rest.slice(0, q.limit);
    const meta: Record<string, unknown> = { at: Date.now(), page_size: shown.length };
    const last = shown.at(-1);
    if (rest.length > shown.length && last) {
      const fingerprint = Buffer.from(last.key).toString("base64url");
      const nextParams = new URLSearchParams(params);
      nextParams.set("fingerprint", fingerprint);
      meta.fingerprint = fingerprint;
      meta.links = { next: `${url}${path}?${nextParams.toString()}` };
    }
    return { data: shown.map((entry) => entry.item), success: true, meta };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestUrl = new URL(request.url ?? "/", "http://simulator");
    if (request.method === "POST" && requestUrl.pathname.startsWith("/simulator/")) return control(request, response, requestUrl.pathname);
    const apiKey = headerValue(request.headers["tron-pro-api-key"]);
    requests.push({ url: `${requestUrl.pathname}${requestUrl.search}`, apiKey });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failure === "stall") {
      stalled.add(response);
      response.on("close", () => stalled.delete(response));
      return;
    }
    if (failure === "error") return send(response, 500, { success: false, error: "simulated internal error", statusCode: 500 });
    if (failure === "unavailable") return send(response, 503, { success: false, error: "simulated unavailability", statusCode: 503 });
    if (options.apiKey !== undefined && apiKey !== options.apiKey) return send(response, 401, { success: false, error: "bad API key" });
    const endpoint = request.method === "GET" ? endpointPattern.exec(requestUrl.pathname) : null;
    if (!endpoint) return send(response, 404, { success: false, error: "no such endpoint", statusCode: 404 });
    const parsed = parseQuery(decodeURIComponent(endpoint[1] ?? ""), requestUrl.searchParams);
    if (typeof parsed === "string") return send(response, 400, { success: false, error: parsed, statusCode: 400 });
    send(response, 200, page(parsed, requestUrl.pathname, requestUrl.searchParams));
  }

  async function control(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      if (typeof body !== "object" || body === null) throw new Error("not an object");
    } catch {
      return send(response, 400, { error: "the body must be a JSON object" });
    }
    try {
      if (path === "/simulator/transfers") return send(response, 201, addTransfer(transferFromJson(body)));
      if (path === "/simulator/fail") {
        const mode = body.mode ?? null;
        if (mode !== null && mode !== "error" && mode !== "unavailable" && mode !== "stall")
          throw new Error("mode: error, unavailable, stall or null");
        failure = mode;
        if (typeof body.delayMs === "number" && body.delayMs >= 0) delayMs = body.delayMs;
        response.writeHead(204).end();
        return;
      }
    } catch (error) {
      return send(response, 400, { error: error instanceof Error ? error.message : String(error) });
    }
    send(response, 404, { error: "no such control endpoint" });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { success: false, error: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;

  return {
    url,
    addTransfer,
    addRawItem,
    fail(mode) {
      failure = mode;
      if (mode !== "stall") for (const response of stalled) response.destroy();
    },
    setDelay(ms) {
      delayMs = ms;
    },
    requests,
    close: async () => {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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
