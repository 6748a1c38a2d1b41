// Cross-site request defence for cookie sessions (decision 004, OWASP CSRF cheat sheet "verifying
// origin with standard headers"): a state-changing request is accepted when its Origin (or, failing
// that, its Referer) is our public URL or the very host it was sent to. A request with neither
// header and no cookie is a non-browser client with nothing to steal, and passes.
import type { FastifyRequest } from "fastify";

export function isTrustedOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = headerValue(request.headers.origin) ?? originOf(headerValue(request.headers.referer));
  if (origin === undefined || origin === "null") return request.headers.cookie === undefined && origin === undefined;
  if (origin === new URL(publicUrl).origin) return true;
  const host = headerValue(request.headers.host);
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
}
