// A customer asks to deposit (decision 038): one call of nexapay_request_deposit
// (src/server/db/functions/nexapay_request_deposit.sql), which draws the amount to pay (the amount
// asked plus an offset no other open request holds) and the credit at that amount. Here: the checks
// that need no database, the audit details in the API's words, and the call.
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { errorCodes } from "#shared/api-error.ts";
import { formatUsdt } from "#shared/money.ts";
import { selectQuietlyAdmittedUser, type AdmittedUser } from "../auth/admission.ts";
import type { Db } from "../db/client.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { session } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import type { Limits } from "./limits.ts";
import { resultOf, type Acted, type CustomerActor } from "./money-actor.ts";
import type { Refusals } from "./money-errors.ts";
import {
  callMoneyFunction,
  createdFrom,
  executeMoneyStatement,
  type ArgumentOf,
  type Created,
  type CreatedJson,
} from "./money-function.ts";

/**
 * What a customer sends to request a deposit. The amount to pay (the amount asked plus an offset no
 * other open request holds) and the credit at that amount are drawn by the database (decision 038).
 */
export type DepositRequest = {
  /** The address they will send from, if they said: a fact for the admin, never a key. */
  fromAddress: string | null;
  /** The transfer's TXID (64 lower-case hex characters); none when the customer gave none. */
  txid?: string | null;
  usdtMicro: bigint;
  /** The credit for the amount asked at the rate: checked to be above 0 before the database is asked. */
  amountPoisha: bigint;
  rate: string;
  ratePoisha: bigint;
  idempotencyKey: string | null;
  limits: Limits;
  /** DEPOSIT_WINDOW_MINUTES and DEPOSIT_OPEN_MAX (0 = no limit). */
  windowMinutes: number;
  openMax: number;
};

/** What is wrong with a deposit request before the database is asked: under the minimum, or nothing in BDT. */
export function depositRefusal(input: Pick<DepositRequest, "usdtMicro" | "amountPoisha" | "limits">): AppError | null {
  const { limits } = input;
  if (limits.depositMinMicro > 0n && input.usdtMicro < limits.depositMinMicro) {
    const min = formatUsdt(limits.depositMinMicro);
    return new AppError(400, errorCodes.limitExceeded, `The minimum deposit is ${min} USDT`, {
      usdtAmount: `The minimum deposit is ${min} USDT`,
    });
  }
  if (input.amountPoisha <= 0n) {
    return new AppError(400, errorCodes.validation, "Please enter a valid amount greater than 0", {
      usdtAmount: "Please enter a valid amount greater than 0",
    });
  }
  return null;
}

/** nexapay_request_deposit's arguments after its owner, named as the prepared statement's placeholders. */
function depositArguments(input: DepositRequest) {
  return {
    usdt: input.usdtMicro.toString(),
    ratePoisha: input.ratePoisha.toString(),
    rate: input.rate,
    key: input.idempotencyKey,
    // The database adds the amount to pay, the credit at it and the window's end.
    details: JSON.stringify({
      usdtAmount: formatUsdt(input.usdtMicro),
      ...(input.fromAddress ? { fromAddress: input.fromAddress } : {}),
      ...(input.txid ? { txid: input.txid } : {}),
    }),
    fromAddress: input.fromAddress,
    txid: input.txid ?? null,
    windowMinutes: input.windowMinutes,
    openMax: input.openMax,
  };
}

/** The call of nexapay_request_deposit for `owner` (a uuid value or column), `p` giving each other argument. */
function requestDepositCall(owner: SQL | AnyPgColumn, p: ArgumentOf<typeof depositArguments>) {
  return sql<CreatedJson>`nexapay_request_deposit(${owner}::uuid, ${p("usdt")}::bigint, ${p("ratePoisha")}::bigint, ${p("rate")}::text,
    ${p("key")}::text, ${p("details")}::jsonb, ${p("fromAddress")}::text, ${p("txid")}::text, ${p("windowMinutes")}::integer,
    ${p("openMax")}::integer)`;
}

// Built once per database handle and prepared (db/prepared.ts), like every statement of a busy route.
const preparedDepositAsUser = preparedPerDatabase((db) =>
  selectQuietlyAdmittedUser(db, { answer: requestDepositCall(session.userId, sql.placeholder) }).prepare("nexapay_deposit_as_user"),
);

/** A deposit request's refusals: its profile missing (a deleted account). */
const depositRefusals: Refusals = { notFound: "Profile not found" };

/**
 * The deposit request. For a session to check (`admission`), in the statement that checks it
 * (auth/admission.ts, selectQuietlyAdmittedUser): one round trip instead of two (decision 034). The
 * function is in the select list, which PostgreSQL computes only for the row the check let through:
 * with no row nothing was done, the answer is null, and the caller asks the guard itself. There the
 * caller has already checked depositRefusal; for a customer already admitted it is checked here.
 */
export async function requestDeposit(db: Db, actor: CustomerActor, input: DepositRequest): Promise<Acted<AdmittedUser, Created>> {
  if ("admission" in actor) {
    const [row] = await executeMoneyStatement(
      preparedDepositAsUser(db).execute({ ...actor.admission, ...depositArguments(input) }),
      depositRefusals,
    );
    if (!row) return null;
    const { answer, ...admitted } = row;
    return { admitted, result: createdFrom(answer) };
  }
  const refusal = depositRefusal(input);
  if (refusal) throw refusal;
  const args = depositArguments(input);
  const call = requestDepositCall(sql`${actor.userId}`, (name) => sql`${args[name]}`);
  return { admitted: null, result: createdFrom(await callMoneyFunction<CreatedJson>(db, sql`select ${call} as answer`, depositRefusals)) };
}

/** requestDeposit for a customer known by id: for set-up code, the tests and the benchmarks. */
export async function createDeposit(db: Db, input: DepositRequest & { userId: string }): Promise<Created> {
  return resultOf(await requestDeposit(db, { userId: input.userId }, input));
}
