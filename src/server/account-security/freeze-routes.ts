// The "This wasn't me" link's endpoint (decision 039): POST /api/account/freeze {token}, with no
// session (the owner may be locked out by whoever changed the password). The /freeze page sends it
// when it opens; the link itself is a page, not this endpoint, and the page POSTs: mail scanners
// that fetch every link in a message must not freeze accounts.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fromNodeHeaders } from "better-auth/node";
import { accountFrozenSchema, freezeAccountSchema } from "#shared/account-security-schemas.ts";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { freezeByLink } from "./account-freeze.ts";

export function registerFreezeRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth }): void {
  const { db, auth } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/account/freeze",
    {
      schema: { tags: ["account"], body: freezeAccountSchema, response: { 200: accountFrozenSchema } },
      // Per IP, like the other public forms: tokens are 256 random bits, so this is about load, not guessing.
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (request) => {
      const { email, froze } = await freezeByLink(db, { token: request.body.token, ip: request.ip });
      // The owner chooses a new password through the usual reset e-mail (auth.ts sends it, in
      // their language). Once, when this click froze the account: a second click sends no more.
      // The freeze has committed whatever happens here: a failure to start the reset is logged,
      // and the owner can still ask for one on the forgot-password page.
      if (froze) {
        await auth.api
          .requestPasswordReset({ body: { email }, headers: fromNodeHeaders(request.headers) })
          .catch((error: unknown) => request.log.error({ err: error }, "freeze: could not start the password reset"));
      }
      return { frozen: true as const };
    },
  );
}
