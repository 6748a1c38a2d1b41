// A stopping server refuses new requests with 503 and our error object (decision 045), where
// Fastify's own 503 (`return503OnClosing`, turned off in app.ts) answered a body of its own, without
// our code or the request's id. Requests already running finish; readiness says 503 from the start
// of the stop, so a load balancer sends the next ones elsewhere.
import type { FastifyInstance } from "fastify";
import { AppError } from "../http/errors.ts";

/** Registers the refusal; answers whether the server is stopping. */
export function registerStopping(app: FastifyInstance): () => boolean {
  let stopping = false;
  // preClose: the first step of app.close(), before the connections and the listener are closed.
  app.addHook("preClose", (done) => {
    stopping = true;
    done();
  });
  app.addHook("onRequest", (_request, reply, done) => {
    if (!stopping) return done();
    reply.header("connection", "close");
    done(new AppError(503, "UNAVAILABLE", "The server is stopping. Please try again."));
  });
  return () => stopping;
}
