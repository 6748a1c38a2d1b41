// Who a busy money action acts for. The deposit and withdrawal requests and an admin's approval
// check the session inside their own statement (decisions 028 and 034): their use case runs either
// for a session still to be admitted (one round trip), or, when that admitted no one or the request
// must be refused first, for the person the guard admitted afterwards. Each use case is one
// function that takes either; these adapters hand it to the guards (auth/guards.ts, actAsUser and
// actAsAdmin), so a route passes its use case once.
import assert from "node:assert/strict";
import type { FastifyRequest } from "fastify";
import type { AdmittedAdmin, AdmittedUser } from "../auth/admission.ts";
import type { QuietAdmission, QuietUserAdmission } from "../auth/who-may-act.ts";
import type { Guards } from "../auth/guards.ts";

/** A customer's session to check in the action's statement, or the customer the guard admitted. */
export type CustomerActor = { admission: QuietUserAdmission } | { userId: string };

/** An admin's session to check in the action's statement, or the admin the guard admitted. */
export type AdminActor = { admission: QuietAdmission } | { adminId: string };

/**
 * What an action did, and whom its statement admitted (null when the guard had admitted them
 * already). The whole answer is null only when the statement admitted no one: then nothing was done.
 */
export type Acted<Admitted, Result> = { admitted: Admitted | null; result: Result } | null;

/** The result of an action for someone already admitted, who cannot be refused by the statement's own check. */
export function resultOf<Result>(acted: Acted<unknown, Result>): Result {
  assert(acted, "an action for someone already admitted answers its result");
  return acted.result;
}

/** A customer's money action as its route hands it over: its checks that need no database, and the action. */
export type CustomerAction<Result> = {
  refusal: () => Error | null;
  act: (actor: CustomerActor) => Promise<Acted<AdmittedUser, Result>>;
};

/** guards.actAsUser for one use case: tried with the session in its statement, else after requireUser. */
export function actAsCustomer<Result>(guards: Guards, request: FastifyRequest, action: CustomerAction<Result>): Promise<Result> {
  return guards.actAsUser(request, {
    refusal: action.refusal,
    actIfAdmitted: async (admission) => {
      const acted = await action.act({ admission });
      if (!acted) return null;
      assert(acted.admitted, "an action with a session to check answers whom it admitted");
      return { user: acted.admitted, result: acted.result };
    },
    actAlone: async () => resultOf(await action.act({ userId: request.user!.id })),
  });
}

/** guards.actAsAdmin for one use case: tried with the session in its statement, else after requireAdmin. */
export function actAsAdminFor<Result>(
  guards: Guards,
  request: FastifyRequest,
  act: (actor: AdminActor) => Promise<Acted<AdmittedAdmin, Result>>,
): Promise<Result> {
  return guards.actAsAdmin(
    request,
    async (admission) => {
      const acted = await act({ admission });
      if (!acted) return null;
      assert(acted.admitted, "an action with a session to check answers whom it admitted");
      return { admin: acted.admitted, result: acted.result };
    },
    async () => resultOf(await act({ adminId: request.user!.id })),
  );
}
