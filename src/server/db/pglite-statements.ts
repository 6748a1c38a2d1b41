// Prepared statements for the embedded database (decision 017). PGlite runs every query through
// the extended protocol with an unnamed statement: each call parses, plans (which looks up the size
// of every table and index it touches, a file-system call each) and describes it again. The server
// sends the same few statements all day, so this client prepares a statement the second time it sees
// it (SQL `PREPARE`; PGlite is one session, so it lives as long as the server) and from then on runs
// `EXECUTE name(values)`. Measured on the session lookup: 0.86 ms per call as a plain query,
// 0.27 ms as EXECUTE.
//
// drizzle also asks, on every query, for its own parsers of the date and time types (it wants their
// text, not a Date). PGlite merges them into its table of 318 parsers with an object spread for each
// query: 0.17 ms, as much as running a small prepared statement. This gives the client those parsers
// once, as its own, and then drops drizzle's copy when it is exactly that, on every query, in
// transactions too.
//
// The values go into the EXECUTE as quoted literals, each turned into text by PGlite's own
// serializer for the parameter's type, exactly as PGlite would have sent it bound: PostgreSQL reads
// the same text either way. Whatever this cannot do the same way (a statement PREPARE refuses, a
// value whose text holds a NUL byte, query options other than row mode and parsers) goes the plain
// way, unchanged. Only the server's own handle uses this; migrations and transactions do not.
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

type PreparedStatement = { name: string; paramTypes: number[] };
type Parsers = NonNullable<QueryOptions["parsers"]>;

/**
 * The types drizzle reads as text (timestamp, timestamptz, interval, date, and the arrays of
 * numeric, timestamp, timestamptz, interval and date), each parsed as the text itself.
 */
const rawTextParsers: Parsers = Object.fromEntries(
  [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (text: string) => text]),
);

/** Statements PostgreSQL can PREPARE; anything else (BEGIN, SET, DDL, LISTEN) is sent as it is. */
const preparableStatement = /^\s*(select|insert|update|delete|with)\b/i;
/** At most this many statements are prepared (a bound, should statement texts ever vary without end). */
const maxPreparedStatements = 500;

/** What drizzle's PGlite driver calls on its client. */
export type PgliteQueryClient = {
  query: <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  transaction: <T>(callback: (tx: Transaction) => Promise<T>) => Promise<T>;
};

/**
 * drizzle's client for a PGlite that is ready (its array types read: PGlite sets their parsers then,
 * over any given at creation). Queries sent to `client` itself from then on read those types as
 * text too, as drizzle does.
 */
export function withPreparedStatements(client: PGlite): PgliteQueryClient {
  Object.assign(client.parsers, rawTextParsers);
  const lean = parserDropper(client);
  const preparedFor = statementPreparer(client);

  async function query<T>(text: string, params: unknown[] = [], given?: QueryOptions): Promise<Results<T>> {
    const options = lean(given);
    const onlyRowShape = options === undefined || Object.keys(options).every((key) => key === "rowMode" || key === "parsers");
    const statement = onlyRowShape ? await preparedFor(text) : null;
    const args = statement ? argumentsOf(client, statement, params) : null;
    if (!statement || args === null) return client.query<T>(text, params, options);
    try {
      return await client.query<T>(args === "" ? `execute ${statement.name}` : `execute ${statement.name}(${args})`, [], options);
    } catch (error) {
      // The error names the statement as the caller sent it, never the EXECUTE with values written into it.
      if (error !== null && typeof error === "object") Object.assign(error, { query: text, params });
      throw error;
    }
  }

  // In a transaction nothing is prepared (the statements run on the transaction's own handle), but
  // the parsers are dropped all the same.
  const leanTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property === "query")
          return <T>(text: string, params?: unknown[], options?: QueryOptions) => target.query<T>(text, params, lean(options));
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });

  return { query, transaction: (callback) => client.transaction((tx) => callback(leanTransaction(tx))) };
}

/** The options as PGlite should get them: drizzle's parsers dropped when the client has them already. */
function parserDropper(client: PGlite): (options: QueryOptions | undefined) => QueryOptions | undefined {
  const sameAsClients = new WeakMap<Parsers, boolean>();

  /** Whether these parsers add nothing to the client's: the raw-text ones, and the client has them. */
  function addsNothing(parsers: Parsers): boolean {
    let known = sameAsClients.get(parsers);
    if (known === undefined) {
      const probe = "2026-11-23 12:00:00+00";
      known = Object.entries(parsers).every(([key, parse]) => {
        const oid = Number(key);
        return (
          rawTextParsers[oid] !== undefined &&
          client.parsers[oid] === rawTextParsers[oid] &&
          (parse as (text: string, typeId: number) => unknown)(probe, oid) === probe
        );
      });
      sameAsClients.set(parsers, known);
    }
    return known;
  }

  return (options) => {
    if (!options?.parsers || !addsNothing(options.parsers)) return options;
    const { parsers: _same, ...rest } = options;
    return rest;
  };
}

/** The prepared statement for a text, preparing it on its second sighting; null = plain query. */
function statementPreparer(client: PGlite): (text: string) => Promise<PreparedStatement | null> | null {
  const prepared = new Map<string, Promise<PreparedStatement | null>>();
  const seenOnce = new Set<string>();
  return (text) => {
    const known = prepared.get(text);
    if (known) return known;
    if (!preparableStatement.test(text) || prepared.size >= maxPreparedStatements) return null;
    if (!seenOnce.has(text)) {
      seenOnce.add(text);
      return null;
    }
    seenOnce.delete(text);
    const statement = prepare(client, text, `nexapay_stmt_${prepared.size + 1}`);
    prepared.set(text, statement);
    return statement;
  };
}

async function prepare(client: PGlite, text: string, name: string): Promise<PreparedStatement | null> {
  try {
    await client.query(`prepare ${name} as ${text}`);
    const { rows } = await client.query<{ types: number[] }>(
      "select parameter_types::oid[] as types from pg_prepared_statements where name = $1",
      [name],
    );
    return { name, paramTypes: rows[0]?.types ?? [] };
  } catch {
    return null; // not preparable after all: this text goes the plain way from now on
  }
}

/** The EXECUTE's argument list, each value as PGlite would bind it; null when one cannot be written so. */
function argumentsOf(client: PGlite, statement: PreparedStatement, params: unknown[]): string | null {
  if (params.length !== statement.paramTypes.length) return null;
  const parts: string[] = [];
  for (const [i, value] of params.entries()) {
    if (value === null || value === undefined) {
      parts.push("NULL");
      continue;
    }
    const serialize = client.serializers[statement.paramTypes[i] ?? 0];
    let text: unknown;
    if (serialize) text = serialize(value);
    else if (typeof value === "string" || typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
      text = String(value);
    else return null; // PGlite would send value.toString(); leave such a value to it
    if (typeof text !== "string" || text.includes("\0")) return null;
    parts.push(`'${text.replaceAll("'", "''")}'`);
  }
  return parts.join(", ");
}
