// The security headers (CSP and the rest), on every answer.
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Adds an onRequest hook that sets them. The middleware is built once: @fastify/helmet built it
 * again, and parsed the CSP again, on every request (bench/api profile).
 */
export function addSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }): void {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        // Only behind HTTPS: on http://localhost it would send the browser to a port with no TLS.
        "upgrade-insecure-requests": options.isProduction ? [] : null,
      },
    },
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
}
