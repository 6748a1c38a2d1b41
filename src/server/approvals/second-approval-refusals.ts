// Four eyes (decision 020): why a confirmation or a decline changed nothing, in the admin's words.
import { secondApprovalMessages } from "#shared/second-approval-schemas.ts";
import type { Refusals } from "../wallet/money-errors.ts";

/** An unknown request is a 404; one already confirmed or declined a 409. */
export const secondApprovalRefusals: Refusals = {
  notFound: secondApprovalMessages.notFound,
  alreadyProcessed: secondApprovalMessages.alreadyDecided,
};
