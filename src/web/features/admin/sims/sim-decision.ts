// What the SIMs screen says when a decision on a SIM fails. The server refuses a decision the SIM
// already carries (another admin, or this admin in another tab, was first) with a 409 and a message
// naming the status; that is news, not a failure, so the screen shows the server's message.
import { errorCodes } from "#shared/api-error.ts";
import { ApiError } from "../../../lib/api-client.ts";

/** The server's answer that the SIM already has the status asked for: "This SIM is already active." */
export function isAlreadyDecided(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === errorCodes.conflict;
}
