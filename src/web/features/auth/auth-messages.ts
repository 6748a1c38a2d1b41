// A sentence of src/shared that a sign-in screen shows as its own words: the same English, here as a
// catalog message so that it is translated. auth-messages.test.ts keeps it equal to the shared text.
import { msg } from "@lingui/core/macro";

export const resetLinkInvalidMessage = msg`Invalid or expired reset link.`;
