// Sentences of src/shared that the customer screens show as their own words (the verification
// statuses, the upload checks made in the browser, the active-SIM hint): the same English, here as
// catalog messages so that they are translated. shared-messages.test.ts keeps them equal to the shared text.
import { msg } from "@lingui/core/macro";

export const verificationStatusMessages = {
  pending: msg`Your documents are being reviewed.`,
  approved: msg`Your identity has been verified successfully.`,
  rejected: msg`Please upload new documents for verification.`,
};

export const uploadProblemMessages = {
  notAnImage: msg`Only JPEG, PNG or WebP images can be uploaded`,
  tooLarge: msg`The file is larger than 5 MB`,
  noFile: msg`Choose a file to upload`,
};

export const activeSimCannotBeDeleted = msg`Active SIMs cannot be deleted`;

export const documentsLockedMessage = msg`Your identity is already verified. Contact support to change your documents.`;
