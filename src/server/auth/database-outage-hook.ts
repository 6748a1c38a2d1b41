// better-auth turns some failures into a bare 500 and keeps the cause inside its error: get-session
// answers 500 FAILED_TO_GET_SESSION when its query meets a restarting database. This hook, run after
// every better-auth endpoint, looks at that cause: a database that went away is 503 UNAVAILABLE with
// our message, as on every other route (decision 047), so a client knows to try again in a moment.
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { databaseUnavailableMessage, isDatabaseUnavailable } from "../db/availability.ts";

export const answerDatabaseOutage = createAuthMiddleware((ctx) => {
  const returned: unknown = ctx.context.returned;
  if (isAPIError(returned) && returned.statusCode >= 500 && isDatabaseUnavailable(returned.cause)) {
    return Promise.reject(new APIError("SERVICE_UNAVAILABLE", { code: "UNAVAILABLE", message: databaseUnavailableMessage }));
  }
  return Promise.resolve();
});
