// Operating errors a user or the network can cause: a status, a stable code and a message for
// people. Assert programmer errors, handle operating errors: anything else that escapes a route is
// a bug and answers 500.
import type { ApiErrorBody } from "#shared/api-error.ts";

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** More facts for the client beside code and message (decision 039: a confirmation's method, a hold's end). */
    readonly extra?: Omit<ApiErrorBody["error"], "code" | "message" | "fields">,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}), ...this.extra } };
  }
}
