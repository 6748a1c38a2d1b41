// Whether an error means "the database is not answering right now" (a restart, a failover, a
// network cut, a pool with no free connection in time), as opposed to a bug or a refused statement.
// Such a request is answered 503 with our error object: the client may try again in a moment, and
// nothing was changed (a transaction cut off by the database's end is rolled back by PostgreSQL).
// Decision 047.

/**
 * SQLSTATE classes and codes that mean the connection or the server went away:
 * 08 (connection exception), 57P01–57P03 (administrator / crash shutdown, cannot connect now),
 * 53300 (too many connections).
 */
const unavailableSqlStates = /^(08...|57P0[123]|53300)$/;

/** Node's socket errors on connecting or on a live connection. */
const unavailableSocketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** What node-postgres says when a connection ends under a query, or none frees up in time. */
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error (DrizzleQueryError); better-auth and others may wrap it again.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (unavailableSqlStates.test(code) || unavailableSocketCodes.has(code))) return true;
    if (typeof message === "string" && unavailableMessages.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const databaseUnavailableMessage = "We cannot reach our database right now. Please try again in a moment.";
