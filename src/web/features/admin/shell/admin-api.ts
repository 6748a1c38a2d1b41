// The back office's way to the API: apiRequest, plus one rule for every admin call. When the
// server says the admin session is over (401, e.g. SESSION_IDLE_TIMEOUT after 15 idle minutes) or
// that the admin must first enrol a second factor (403 TWO_FACTOR_REQUIRED), the screen that asked
// cannot help: the admin layout hears about it here and leaves for /admin/login or /admin/two-factor.
// Each capability's reads and writes (docs/architecture.md, HTTP API › Admin) sit in its own folder's
// *-api.ts; their list keys start with the names in live-updates.ts, so a server event about a table
// refreshes every screen that shows it.
import type { z } from "zod";
import type { cappedPageSchema } from "#shared/admin-schemas.ts";
import { errorCodes } from "#shared/api-error.ts";
import type { pageSchema } from "#shared/wallet-schemas.ts";
import { ApiError, apiRequest } from "../../../lib/api-client.ts";

export type AdminSessionProblem = { kind: "signed-out"; message: string | undefined } | { kind: "two-factor-required" };

type Listener = (problem: AdminSessionProblem) => void;
const listeners = new Set<Listener>();

/** The admin layout listens while mounted; returns the function that stops listening. */
export function onAdminSessionProblem(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function report(problem: AdminSessionProblem): void {
  for (const listener of listeners) listener(problem);
}

/** Why the server ended an admin session: the login page says so in the server's words. */
const sessionEndedCodes = new Set<string>([errorCodes.sessionIdleTimeout, errorCodes.sessionExpired, errorCodes.sessionNeedsSecondFactor]);

/** What an ApiError says about the session, if anything. */
export function sessionProblemOf(error: unknown): AdminSessionProblem | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 401) return { kind: "signed-out", message: sessionEndedCodes.has(error.code) ? error.message : undefined };
  // A suspended account's sessions are ended by the server as it answers.
  if (error.status === 403 && error.code === errorCodes.suspended) return { kind: "signed-out", message: error.message };
  if (error.status === 403 && error.code === errorCodes.twoFactorRequired) return { kind: "two-factor-required" };
  return undefined;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function request<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  try {
    return await apiRequest<T>(path, { method, body, signal });
  } catch (error) {
    const problem = sessionProblemOf(error);
    if (problem) report(problem);
    throw error;
  }
}

export const adminApi = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>("GET", path, undefined, signal),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body),
  put: <T>(path: string, body: unknown) => request<T>("PUT", path, body),
  patch: <T>(path: string, body: unknown) => request<T>("PATCH", path, body),
  delete: <T>(path: string) => request<T>("DELETE", path),
};

/** "/api/admin/users" + {q: "a b", page: 2} → "/api/admin/users?q=a+b&page=2"; empty values are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text === "" ? path : `${path}?${text}`;
}

export type PageOf<S extends z.ZodType> = z.infer<ReturnType<typeof pageSchema<S>>>;
/** The transactions and users lists count up to a cap; `totalCapped` says more rows match (decision 010). */
export type CappedPageOf<S extends z.ZodType> = z.infer<ReturnType<typeof cappedPageSchema<S>>>;

/** A list's search, status filter and page; `direction` "asc" lists the oldest first (the SIMs and verifications queues). */
export type ListQuery = { q: string; status: string; page: number; pageSize: number; direction?: string };
