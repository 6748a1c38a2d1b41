// The probes (decision 045), for an orchestrator or a load balancer:
//
// - GET /api/health/live: the process answers HTTP. Always 200 {"status":"ok"}; it never touches the
//   database, so a database outage does not get every server restarted (which would not mend it).
// - GET /api/health/ready: this process should get traffic. 200 {"status":"ok"} when the database
//   answers `select 1` within 2 s; 503 with our error object when it does not, when it hangs, or once
//   the server is stopping (so the balancer drains it). Migrations ran before the app was built
//   (main.ts opens and migrates the database first), so an app that answers at all has them.
//
// GET /api/health stays as it was (the database and the chain watcher's state, for people and monitors).
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { withTimeout } from "./business-gauges.ts";

/** How long readiness waits for `select 1`: a hung database must not hang the probe. */
export const readinessTimeoutMs = 2_000;

const okSchema = z.object({ status: z.literal("ok") });
const unavailableSchema = z.object({
  error: z.object({ code: z.literal("UNAVAILABLE"), message: z.string(), requestId: z.string().optional() }),
});

export function registerProbes(app: FastifyInstance, database: Database, isStopping: () => boolean): void {
  app.get(
    "/api/health/live",
    { schema: { tags: ["public"], summary: "Liveness: the process answers", response: { 200: okSchema } } },
    () => ({ status: "ok" as const }),
  );
  app.get(
    "/api/health/ready",
    {
      schema: {
        tags: ["public"],
        summary: "Readiness: the database answers and the server is not stopping",
        response: { 200: okSchema, 503: unavailableSchema },
      },
    },
    async (request) => {
      if (isStopping()) throw new AppError(503, "UNAVAILABLE", "The server is stopping.");
      try {
        await withTimeout(database.db.execute(sql`select 1`), readinessTimeoutMs);
      } catch (error) {
        request.log.error({ err: error }, "readiness: the database does not answer");
        throw new AppError(503, "UNAVAILABLE", "The database does not answer.");
      }
      return { status: "ok" as const };
    },
  );
}
