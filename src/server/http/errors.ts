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
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}
