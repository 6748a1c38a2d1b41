// Hands better-auth's answers to Fastify in our shape, for every route in front of better-auth.
import type { FastifyReply } from "fastify";
import { AppError } from "../http/errors.ts";

/**
 * Copies better-auth's answer to Fastify: status, cookies and body, with errors in our own shape
 * ({"error": {code, message}}) rather than better-auth's.
 */
export async function sendAuthResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
  reply.header("cache-control", "no-store");
  const text = await response.text();
  if (response.ok) {
    reply.status(response.status).type("application/json");
    return reply.send(withoutSessionToken(text));
  }
  let parsed: { code?: string; message?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // better-auth answered without a JSON body; the status still tells.
  }
  // An outage found by auth/database-outage-hook.ts: better-auth keeps the replaced error's 500.
  if (parsed.code === "UNAVAILABLE") throw new AppError(503, "UNAVAILABLE", parsed.message ?? "Please try again in a moment.");
  const status = response.status >= 400 && response.status < 600 ? response.status : 400;
  throw new AppError(status, parsed.code ?? "AUTH_ERROR", parsed.message ?? "Request failed");
}

/**
 * The session token lives in an httpOnly cookie; page scripts never need to see it. Sign-up and
 * sign-in answer it at the top level, get-session inside `session`.
 */
function withoutSessionToken(text: string): string {
  if (text === "") return "null";
  const body = JSON.parse(text) as unknown;
  if (body !== null && typeof body === "object") {
    if ("token" in body) delete (body as { token?: unknown }).token;
    const inner = (body as { session?: unknown }).session;
    if (inner !== null && typeof inner === "object" && "token" in inner) delete (inner as { token?: unknown }).token;
  }
  return JSON.stringify(body);
}
