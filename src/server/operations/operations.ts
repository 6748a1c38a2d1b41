// What operations watch (decision 045): request ids, the probes, GET /metrics, and the 503 of a
// stopping server. app.ts calls the two functions below; each part lives in its own file here.
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { registerMetrics } from "./metrics.ts";
import { registerProbes } from "./probes.ts";
import { registerRequestIdHeader, registerRequestIdInServerErrors } from "./request-id.ts";
import { registerStopping } from "./stopping.ts";

export { requestIdOptions } from "./request-id.ts";

/** First of all hooks, so that every answer, however early it is given, carries the request id. */
export function registerOperationsHooks(app: FastifyInstance): { isStopping: () => boolean } {
  registerRequestIdHeader(app);
  registerRequestIdInServerErrors(app);
  return { isStopping: registerStopping(app) };
}

/** The probes and GET /metrics; after the OpenAPI plugin, which documents the probes. */
export function registerOperationsRoutes(
  app: FastifyInstance,
  deps: { config: Config; database: Database; isStopping: () => boolean },
): void {
  registerProbes(app, deps.database, deps.isStopping);
  registerMetrics(app, { token: deps.config.metricsToken, db: deps.database.db, chainWatched: deps.config.chain !== null });
}
