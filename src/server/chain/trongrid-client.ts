// A client for one endpoint of a TronGrid-compatible API: the confirmed TRC-20 transfers of one
// contract to one address, from a block time on, oldest first, page after page (decision 018).
// It answers the items as the API sent them (unknown): checking each item is transfer-parsing.ts's job.
import { z } from "zod";

export type TronGridClientOptions = {
  /** The API's base URL, without a trailing slash (https://api.trongrid.io). */
  apiUrl: string;
  /** Sent as TRON-PRO-API-KEY when set. */
  apiKey: string | undefined;
  /** Each HTTP call gives up after this long: a stalled API must not stall the watcher. */
  requestTimeoutMs: number;
};

export type IncomingTransfersQuery = {
  address: string;
  contract: string;
  minTimestampMs: number;
  /** 1 to 200 (TronGrid's maximum). */
  pageSize: number;
};

export type TransfersPage = { items: unknown[]; fingerprint: string | null };

export type TronGridClient = {
  /** One page; `fingerprint` (from the previous page) asks for the next one. Throws on any failure. */
  fetchIncomingTransfersPage: (query: IncomingTransfersQuery, fingerprint: string | null, signal?: AbortSignal) => Promise<TransfersPage>;
};

export class TronGridError extends Error {}

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

export function createTronGridClient(options: TronGridClientOptions): TronGridClient {
  return {
    async fetchIncomingTransfersPage(query, fingerprint, signal) {
      const url = incomingTransfersUrl(options.apiUrl, query, fingerprint);
      const headers: Record<string, string> = { accept: "application/json" };
      if (options.apiKey) headers["TRON-PRO-API-KEY"] = options.apiKey;
      const timeout = AbortSignal.timeout(options.requestTimeoutMs);
      const response = await fetch(url, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout }).catch(
        (error: unknown) => {
          throw new TronGridError(describeFetchFailure(error, options.requestTimeoutMs), { cause: error });
        },
      );
      const text = await response.text().catch((error: unknown) => {
        throw new TronGridError(describeFetchFailure(error, options.requestTimeoutMs), { cause: error });
      });
      if (!response.ok) throw new TronGridError(`the TRON API answered ${response.status}`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new TronGridError("the TRON API answered something that is not JSON");
      }
      const parsed = pageSchema.safeParse(body);
      if (!parsed.success) throw new TronGridError("the TRON API answered an unexpected shape (no success: true and data array)");
      return { items: parsed.data.data, fingerprint: nextFingerprint(parsed.data.meta) };
    },
  };
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
