import { describe, expect, it } from "vitest";
import { errorCodes, messages } from "#shared/api-error.ts";
import { AppError } from "../http/errors.ts";
import { failedAssertionOf, refusalOf, transactionDecisionRefusals } from "./money-errors.ts";

/** A refusal as node-postgres raises it (code and detail on the error) or as Drizzle wraps it (on its cause). */
const raised = (code: string, more: { detail?: string; constraint?: string } = {}) =>
  Object.assign(new Error("refused"), { code, ...more });
const wrapped = (code: string, more: { detail?: string; constraint?: string } = {}) =>
  Object.assign(new Error("Failed query"), { cause: raised(code, more) });

describe("refusalOf", () => {
  it("answers an unknown transaction with the action's own 404 message, raised or wrapped", () => {
    for (const error of [raised("NX404"), wrapped("NX404")]) {
      const refusal = refusalOf(error, transactionDecisionRefusals);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ status: 404, code: errorCodes.notFound, message: messages.transactionNotFound });
    }
  });

  it("answers a balance that cannot cover a request with 409 and the amount field", () => {
    expect(refusalOf(raised("NX402"), {})).toMatchObject({
      status: 409,
      code: errorCodes.insufficientBalance,
      fields: { amount: messages.insufficientBalance },
    });
  });

  it("asks the action for the daily-limit words, with what was withdrawn today from the detail", () => {
    const seen: bigint[] = [];
    const refusals = {
      overDailyLimit: (withdrawnToday: bigint) => {
        seen.push(withdrawnToday);
        return new AppError(409, errorCodes.limitExceeded, "over");
      },
    };
    expect(refusalOf(wrapped("NX410", { detail: "123400" }), refusals)).toMatchObject({ status: 409, message: "over" });
    expect(seen).toEqual([123_400n]);
  });

  it("answers a unique violation only for the two indexes that mean a parallel request won", () => {
    expect(refusalOf(raised("23505", { constraint: "transactions_payout_reference_idx" }), {})).toMatchObject({
      status: 409,
      code: errorCodes.payoutReferenceUsed,
    });
    expect(refusalOf(raised("23505", { constraint: "second_approvals_awaiting_transaction_idx" }), {})).toMatchObject({
      status: 409,
      code: errorCodes.alreadyProcessed,
    });
    expect(refusalOf(raised("23505", { constraint: "user_email_unique" }), {})).toBeNull();
  });

  it("leaves any other error to be thrown as it is, an inherited property name included", () => {
    for (const code of ["57P01", "P0004", "constructor", "toString"]) expect(refusalOf(raised(code), {})).toBeNull();
    expect(refusalOf(new Error("no code"), {})).toBeNull();
  });
});

describe("failedAssertionOf", () => {
  it("reports a plpgsql ASSERT as an AssertionError with the database's message", () => {
    const assertion = failedAssertionOf(
      Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("balance < 0"), { code: "P0004" }) }),
    );
    expect(assertion?.name).toBe("AssertionError");
    expect(assertion?.message).toBe("balance < 0 (asserted in the database)");
    expect(failedAssertionOf(raised("NX404"))).toBeNull();
  });
});
