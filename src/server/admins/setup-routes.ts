// First-run setup (docs/operations.md, Creating the first admin): /make-admin asks whether an admin exists and creates the first
// super_admin while none does.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { firstAdminBodySchema } from "#shared/auth-schemas.ts";
import { setupStatusSchema } from "#shared/me.ts";
import type { Auth } from "../auth/auth.ts";
import { refuseCommonPassword } from "../auth/password-rules.ts";
import type { Db } from "../db/client.ts";
import { adminCount, createFirstAdmin } from "./create-admin.ts";

export function registerSetupRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/setup", { schema: { tags: ["setup"], response: { 200: setupStatusSchema } } }, async () => ({
    needsFirstAdmin: (await adminCount(deps.db)) === 0,
  }));

  r.post(
    "/api/setup/first-admin",
    {
      schema: { tags: ["setup"], body: firstAdminBodySchema, response: { 201: z.object({ userId: z.string(), email: z.string() }) } },
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      refuseCommonPassword(request.body.password, "password");
      const { userId } = await createFirstAdmin(deps.auth, deps.db, { ...request.body, ip: request.ip });
      return reply.status(201).send({ userId, email: request.body.email });
    },
  );
}
