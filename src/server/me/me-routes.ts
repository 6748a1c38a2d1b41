// GET /api/me: the signed-in user's own account and whether they are an admin (spec §4 Session).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { errorCodes } from "../../shared/api-error.ts";
import { meSchema } from "../../shared/me.ts";
import { adminRoleOf } from "../auth/accounts.ts";
import type { Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

export function registerMeRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/me",
    { schema: { tags: ["customer"], response: { 200: meSchema } }, preHandler: deps.guards.requireUser },
    async (request) => {
      const me = request.user!;
      const [profile] = await deps.db.select().from(profiles).where(eq(profiles.id, me.id));
      if (!profile) throw new AppError(404, errorCodes.notFound, "Profile not found");
      const adminRole = await adminRoleOf(deps.db, me.id);
      return {
        id: me.id,
        email: me.email,
        username: profile.username,
        country: profile.country,
        fullName: profile.fullName,
        phone: profile.phone,
        isAdmin: adminRole !== null,
        adminRole,
      };
    },
  );
}
