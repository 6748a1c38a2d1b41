import { describe, expect, it } from "vitest";
import { messages } from "#shared/api-error.ts";
import { simMessages } from "#shared/sim-schemas.ts";
import { verificationMessages } from "#shared/verification-schemas.ts";
import { activeSimCannotBeDeleted, documentsLockedMessage, uploadProblemMessages, verificationStatusMessages } from "./shared-messages.ts";

describe("the customer screens' copies of shared sentences", () => {
  it("say in English exactly what src/shared says", () => {
    expect(verificationStatusMessages.pending.message).toBe(verificationMessages.pending);
    expect(verificationStatusMessages.approved.message).toBe(verificationMessages.approved);
    expect(verificationStatusMessages.rejected.message).toBe(verificationMessages.rejected);
    expect(uploadProblemMessages.notAnImage.message).toBe(verificationMessages.notAnImage);
    expect(uploadProblemMessages.tooLarge.message).toBe(verificationMessages.tooLarge);
    expect(uploadProblemMessages.noFile.message).toBe(verificationMessages.noFile);
    expect(activeSimCannotBeDeleted.message).toBe(simMessages.activeCannotBeDeleted);
    expect(documentsLockedMessage.message).toBe(messages.documentsLocked);
  });
});
