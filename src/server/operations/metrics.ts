// GET /metrics (decision 045): the Prometheus text exposition of this process, behind a bearer
// token (METRICS_TOKEN; without it there is no /metrics at all). prom-client, with a registry of
// the app's own: never the library's global one, which every app built in one process would share.
//
// Cardinality: every label has a bounded set of values. Requests are labelled by their route's
// pattern (/api/admin/transactions/:id/approve), never by the path asked for; a path no route has
// is "unmatched". A 429 is labelled by the route pattern that gave it, which names its limit.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { errorCodes } from "#shared/api-error.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { createBusinessGauges } from "./business-gauges.ts";

export const metricsPath = "/metrics";

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The route pattern a request matched, or "unmatched" (a 404, the web app's fallback). The web app's
 * built files are served by one route each (/assets/index-B_bahhMP.css): they share the label "web",
 * so that every build does not add a new set of series.
 */
export function routeLabel(request: Pick<FastifyRequest, "routeOptions">): string {
  const route = request.routeOptions.url;
  if (route === undefined) return "unmatched";
  if (route.startsWith("/api/") || route === metricsPath) return route;
  return "web";
}

function statusClass(status: number): string {
  return `${Math.min(Math.max(Math.floor(status / 100), 1), 5)}xx`;
}

/**
 * Registers GET /metrics and the hooks that feed it, when `token` is set. Otherwise the path answers
 * our usual 404: said here, because the web app's fallback would answer its page, with 200, to a
 * GET of a path no route has.
 */
export function registerMetrics(app: FastifyInstance, options: { token: string | undefined; db: Db; chainWatched: boolean }): void {
  if (options.token === undefined) {
    app.get(metricsPath, { schema: { hide: true } }, () => {
      throw new AppError(404, errorCodes.notFound, `No route GET ${metricsPath}`);
    });
    return;
  }
  const registry = new Registry();
  // Memory, CPU, event-loop lag, handles: the process's own health.
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's last byte queued, by route pattern",
    labelNames: ["method", "route", "status_class"] as const,
    registers: [registry],
  });
  const throttled = new Counter({
    name: "nexapay_throttled_requests_total",
    help: "Requests answered 429, by the limit (the route pattern) that refused them",
    labelNames: ["limit"] as const,
    registers: [registry],
  });
  const gauges = createBusinessGauges({ registry, db: options.db, chainWatched: options.chainWatched, log: app.log });

  app.addHook("onResponse", (request, reply, done) => {
    const route = routeLabel(request);
    if (route !== metricsPath) {
      const method = knownMethods.has(request.method) ? request.method : "OTHER";
      duration.observe({ method, route, status_class: statusClass(reply.statusCode) }, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) throttled.inc({ limit: route });
    }
    done();
  });

  const expected = digest(options.token);
  app.get(metricsPath, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasToken(request.headers.authorization, expected)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError(401, errorCodes.unauthenticated, "This needs the metrics token: Authorization: Bearer <METRICS_TOKEN>.");
    }
    await gauges.refreshIfStale();
    reply.header("content-type", registry.contentType).header("cache-control", "no-store");
    return registry.metrics();
  });
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/**
 * Whether the Authorization header is "Bearer <token>". Compared as SHA-256 digests in constant
 * time: digests have the same length whatever was sent, so neither the comparison's time nor an
 * early length check tells a guesser how much of the token, or how long a token, is right.
 */
function hasToken(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), expected) && match !== null;
}
