// Hooks that hold for every request, whatever its route: where a state-changing request may come
// from, what an API answer says about timing and caching, which characters a body may hold.
import type { FastifyInstance } from "fastify";
import { errorCodes } from "#shared/api-error.ts";
import { AppError } from "./errors.ts";
import { refuseNulCharacters } from "./nul-characters.ts";
import { isTrustedOrigin } from "./origin-check.ts";

/**
 * State-changing requests must come from our own pages (decision 004): a cross-site form or script
 * carrying the user's cookie is refused before any route runs. Every such request is checked,
 * whatever its path: the router decodes and normalises paths (`/%61pi/…`, `//api/…`, a trailing
 * slash all reach /api/ routes), so a test on the raw URL's spelling would let some through.
 */
export function refuseForeignOrigins(app: FastifyInstance, publicUrl: string): void {
  app.addHook("onRequest", (request, _reply, done) => {
    const changesState = request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS";
    if (changesState && !isTrustedOrigin(request, publicUrl)) {
      done(new AppError(403, errorCodes.forbidden, "This request did not come from a Nexapay page."));
      return;
    }
    done();
  });
}

/** The Server-Timing and Cache-Control of every API answer. */
export function addApiAnswerHeaders(app: FastifyInstance): void {
  // The server's own time for each API answer, from the request's arrival to its last byte queued
  // (Server-Timing, shown by browsers' developer tools; bench/admin-lists reads it).
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/")) reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(1)}`);
    // No API answer is kept by a browser or a proxy (decision 039): a wallet, a profile or a list of
    // sessions left in a shared computer's cache is readable after sign-out. Routes that say
    // otherwise (a private file: "private, no-store") keep their own. The matched route decides,
    // whatever the spelling of the path.
    const route = request.routeOptions.url ?? request.url;
    if (route.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}

/** No text with a NUL character reaches a handler (PostgreSQL refuses it): see nul-characters.ts. */
export function refuseNulCharactersInInput(app: FastifyInstance): void {
  app.addHook("preValidation", refuseNulCharacters);
}
