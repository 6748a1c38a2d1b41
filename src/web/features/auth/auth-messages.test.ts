import { describe, expect, it } from "vitest";
import { messages } from "#shared/api-error.ts";
import { resetLinkInvalidMessage } from "./auth-messages.ts";

describe("the sign-in screens' copy of a shared sentence", () => {
  it("says in English exactly what src/shared says", () => {
    expect(resetLinkInvalidMessage.message).toBe(messages.resetLinkInvalid);
  });
});
