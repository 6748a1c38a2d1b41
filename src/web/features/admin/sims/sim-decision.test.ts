import { describe, expect, it } from "vitest";
import { errorCodes, messages } from "#shared/api-error.ts";
import { simMessages } from "#shared/sim-schemas.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { isAlreadyDecided } from "./sim-decision.ts";

describe("isAlreadyDecided", () => {
  it("is the server's 409 for a SIM that already has the status asked for", () => {
    expect(isAlreadyDecided(new ApiError(409, errorCodes.conflict, simMessages.alreadyDecided.active))).toBe(true);
    expect(isAlreadyDecided(new ApiError(409, errorCodes.conflict, simMessages.alreadyDecided.rejected))).toBe(true);
  });
  it("is not any other failure: the own-account 403, a 404, a 500, a network error", () => {
    expect(isAlreadyDecided(new ApiError(403, errorCodes.forbidden, messages.ownAccount))).toBe(false);
    expect(isAlreadyDecided(new ApiError(404, errorCodes.notFound, simMessages.notFound))).toBe(false);
    expect(isAlreadyDecided(new ApiError(500, "INTERNAL", "Something went wrong on our side. Please try again."))).toBe(false);
    expect(isAlreadyDecided(new TypeError("Failed to fetch"))).toBe(false);
  });
});
