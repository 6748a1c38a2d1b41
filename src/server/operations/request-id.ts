// Request ids (decision 045): every answer carries X-Request-Id, every log line of a request carries
// the same id (as "requestId"), and every 5xx error object carries it too, so that a customer's
// screenshot of "Something went wrong" leads to the server's lines about it.
//
// The id is our own (a random UUID) unless the connection comes from a proxy TRUST_PROXY names and
// that proxy sent a sane X-Request-Id: then the proxy's id is kept, and its logs and ours join up.
// Fastify's own `requestIdHeader` would take the header from any client: a client could then choose
// the id our log lines carry (pass off its requests as another's, or write CR/LF into a log viewer).
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";

export const requestIdHeader = "x-request-id";

/** What a proxy's id may look like: short, and nothing a log line or a header could be broken with. */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** The Fastify options that make request.id our request id, logged as "requestId". */
export function requestIdOptions(
  trustProxy: false | string[],
): Pick<FastifyServerOptions, "genReqId" | "logController" | "requestIdHeader"> {
  const trusted = trustedSenders(trustProxy);
  return {
    // Fastify must not read the header itself: genReqId decides (it is only called without one).
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: "requestId" }),
    genReqId: (req: IncomingMessage) => chooseRequestId(req, trusted),
  };
}

/** The proxy's id when a trusted proxy sent a sane one; a new id otherwise. */
export function chooseRequestId(req: IncomingMessage, trusted: ((address: string) => boolean) | null): string {
  const incoming = req.headers[requestIdHeader];
  const address = req.socket.remoteAddress;
  if (trusted && typeof incoming === "string" && saneRequestId.test(incoming) && address !== undefined && trusted(address)) {
    return incoming;
  }
  return randomUUID();
}

/**
 * Whether a connection's address is one of TRUST_PROXY's addresses or ranges (config.ts has checked
 * their spelling); null when no proxy is trusted. An IPv4 client on an IPv6 socket shows as
 * ::ffff:a.b.c.d, and is judged by its IPv4 address.
 */
export function trustedSenders(trustProxy: false | string[]): ((address: string) => boolean) | null {
  if (trustProxy === false || trustProxy.length === 0) return null;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const [address = "", prefix] = entry.split("/");
    const type = isIPv4(address) ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (raw) => {
    const address = raw.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
    if (isIPv4(address)) return list.check(address, "ipv4");
    return isIPv6(address) && list.check(address, "ipv6");
  };
}

/**
 * X-Request-Id on every answer, set as the request arrives so that a refusal by any later hook, a
 * 404 and an error carry it as well. Registered before the other onRequest hooks.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    done();
  });
}

/**
 * Every 5xx error object carries the request's id as `requestId`, whichever part of the server
 * answered it (the error handler, the health checks, the rate-limit store, a stopping server): one
 * place, so that a new 503 somewhere cannot forget it. Only 5xx bodies are read again, and they are rare.
 */
export function registerRequestIdInServerErrors(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 500 || typeof payload !== "string" || !payload.startsWith('{"error":')) return payload;
    return withRequestId(payload, request.id);
  });
}

/** An error object's JSON with `requestId` added; anything else as it was. */
export function withRequestId(json: string, requestId: string): string {
  try {
    const body = JSON.parse(json) as { error?: unknown };
    if (typeof body.error !== "object" || body.error === null) return json;
    return JSON.stringify({ ...body, error: { ...body.error, requestId } });
  } catch {
    return json;
  }
}
