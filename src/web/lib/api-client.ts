// The one way the web app talks to the API (docs/architecture.md, HTTP API): JSON over same-origin fetch with the
// session cookie, and every failure turned into an ApiError carrying the server's code, message
// and per-field messages.
import type { ApiErrorBody } from "#shared/api-error.ts";
import { idleMs, startTrackingActivity } from "./user-activity.ts";

export type ApiErrorDetails = Omit<ApiErrorBody["error"], "code" | "message" | "fields">;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** More facts some refusals carry (a withdrawal's confirmation method, where its code went, a hold's end). */
  readonly details: ApiErrorDetails;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, details: ApiErrorDetails = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }

  /**
   * The message for people, in the shown language: the server's English as sent, or for Bangla its
   * translation (by sentence, else by code; lib/server-messages.ts). `message` stays the server's
   * English, for code that compares it with the sentences of src/shared.
   */
  get shownMessage(): string {
    return shownText(this.message, this.code);
  }

  /** The per-field messages for people, like shownMessage. */
  get shownFields(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.fields).map(([field, text]) => [field, shownText(text, this.code)]));
  }

  /** A 4xx: the request itself was refused, so sending it again would not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** Status 0: the request never got an answer (offline, server down). */
export const networkErrorStatus = 0;

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Sent as the Idempotency-Key header of a money-creating request: if the answer is lost and the
   * same submission is sent again with the same key, the server answers the first result instead of
   * creating a second row (docs/architecture.md, Money rules).
   */
  idempotencyKey?: string;
};

/** The English message of a request that got no answer (code NETWORK_ERROR, translated like a server message). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- the English original; server-messages.ts translates it by its code
export const networkErrorMessage = "Could not reach Nexapay. Check your connection and try again.";

type MessageTranslator = (message: string, code: string) => string;
let shownText: MessageTranslator = (message) => message;

/**
 * Installed by lib/server-messages.ts when a screen first needs it. Its table of sentences is kept
 * out of this module, which the public site's first page loads (bench/web/README.md: every byte of
 * the entry counts against `/`'s budget); until then messages show in English.
 */
export function setServerMessageTranslator(translate: MessageTranslator): void {
  shownText = translate;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, signal, idempotencyKey } = options;
  startTrackingActivity();
  const headers: Record<string, string> = { accept: "application/json", "x-idle-ms": String(idleMs()) };
  // No content-type without a body: the server refuses an empty body declared as JSON.
  if (body !== undefined) headers["content-type"] = "application/json";
  if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(networkErrorStatus, "NETWORK_ERROR", networkErrorMessage);
  }

  const data = parseJson(await response.text());
  if (!response.ok) throw apiErrorFrom(response.status, response.statusText, data);
  return data as T;
}

/** The ApiError of a refused answer: the server's code, message and fields when its body has our error shape. */
export function apiErrorFrom(status: number, statusText: string, data: unknown): ApiError {
  const error = isApiErrorBody(data) ? data.error : undefined;
  const details: ApiErrorDetails = {};
  if (error?.method === "email" || error?.method === "totp") details.method = error.method;
  if (typeof error?.sentTo === "string") details.sentTo = error.sentTo;
  if (typeof error?.resendAt === "string") details.resendAt = error.resendAt;
  if (typeof error?.until === "string") details.until = error.until;
  return new ApiError(status, error?.code ?? `HTTP_${status}`, error?.message ?? statusText, error?.fields ?? {}, details);
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "POST", body }),
};

/** The server's message (in the shown language) when it sent one, otherwise the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== networkErrorStatus && error.message.trim() !== "") return error.shownMessage;
  return fallback;
}

/** An answer's body as JSON, or null when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== "object" || data === null || !("error" in data)) return false;
  const error = data.error;
  return typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string";
}
