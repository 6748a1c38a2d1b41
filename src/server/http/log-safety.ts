// What the server's log may say about a request. A log is read by more people, and kept longer,
// than the database: a password-reset token, a session cookie, a TOTP secret or a recovery code
// found there is as good as a password. So the log shows each request's method, path and query
// with the values of secret-bearing query keys replaced, never its headers; and any header object
// a library logs (the multipart parser logs its options, request headers included) loses its
// cookie and authorization values.
import type { FastifyServerOptions } from "fastify";

const redacted = "[redacted]";

/**
 * Query keys whose values are secrets. The password-reset link carries `token`; the others are
 * the names such values go by elsewhere (an OAuth `code`, a `secret`, a `password`).
 */
const secretQueryKeys = new Set(["token", "code", "secret", "password"]);

/** The URL with the value of every secret query key replaced: `/reset-password?token=[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const pairs = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const key = equals === -1 ? pair : pair.slice(0, equals);
      // The router decodes the key (`%74oken` is `token`, `+` a space), so the check does too.
      return secretQueryKeys.has(decodeQueryKey(key).trim().toLowerCase()) ? `${key}=${redacted}` : pair;
    });
  return `${url.slice(0, queryStart)}?${pairs.join("&")}`;
}

function decodeQueryKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, " "));
  } catch {
    return key;
  }
}

type LoggedRequest = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };
type LoggedReply = { statusCode: number };

/**
 * An error as the log shows it: its type, message, stack, own fields (code, statusCode, …) and
 * causes. Two fields never: a failed SQL query's error carries the query's parameters (a session
 * token looked up, a reset token checked) in `params` and again in its message and stack; an HTTP
 * parser's error carries the raw bytes of the request, cookies included, in `rawPacket`.
 */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serializeError(error: Error, depth = 0): SerializedError {
  const own = error as Error & Record<string, unknown>;
  let message = error.message;
  let stack = error.stack ?? "";
  const paramsAt = message.indexOf("\nparams: ");
  if ("params" in own && paramsAt !== -1) {
    message = `${message.slice(0, paramsAt)}\nparams: ${redacted}`;
    stack = stack.replace(error.message, message);
  }
  const serialized: SerializedError = { type: error.constructor.name, message, stack };
  for (const [key, value] of Object.entries(own)) {
    if (key === "message" || key === "stack") continue;
    if (key === "params" || key === "rawPacket") serialized[key] = redacted;
    else if (key !== "cause") serialized[key] = value;
  }
  if (error.cause instanceof Error && depth < 5) serialized.cause = serializeError(error.cause, depth + 1);
  else if (error.cause !== undefined) serialized.cause = error.cause;
  return serialized;
}

export const logSerializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  res: (reply: LoggedReply) => ({ statusCode: reply.statusCode }),
  // Anything logged under `err` that is not an Error (a string, say) is logged as it is.
  err: (error: Error) => (error instanceof Error ? serializeError(error) : (error as unknown as SerializedError)),
};

/** Header values never logged, wherever a logged object holds them (`req.headers`, `busboyOptions.headers`, …). */
const redactPaths = [".cookie", ".authorization", '["set-cookie"]'].flatMap((header) => [
  `headers${header}`,
  `*.headers${header}`,
  `*.*.headers${header}`,
]);

type LoggerOption = FastifyServerOptions["logger"];

/**
 * The logger options given, with the serializers and redaction above: main.ts's (pretty in
 * development, JSON in production) and the tests' alike. `false` stays false (no log at all).
 */
export function withSafeLogging(logger: LoggerOption): LoggerOption {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  const given = options.redact;
  const givenPaths = given === undefined ? [] : Array.isArray(given) ? given : given.paths;
  const censor = given !== undefined && !Array.isArray(given) && given.censor !== undefined ? given.censor : redacted;
  return {
    ...options,
    serializers: { ...options.serializers, ...logSerializers },
    redact: { paths: [...givenPaths, ...redactPaths], censor },
  };
}
