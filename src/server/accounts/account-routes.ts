// GET and PATCH /api/me: the signed-in user's own account, profile and admin role.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { errorCodes } from "#shared/api-error.ts";
import { meSchema, type Me } from "#shared/me.ts";
import { profileUpdateSchema } from "#shared/profile-schemas.ts";
import { adminRoleOf, hasTwoFactor } from "../auth/accounts.ts";
import type { Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { getProfile, updateProfile } from "./profile.ts";

async function me(db: Db, userId: string): Promise<Me> {
  const profile = await getProfile(db, userId);
  const [row] = await db.select({ country: profiles.country }).from(profiles).where(eq(profiles.id, userId));
  if (!profile || !row) throw new AppError(404, errorCodes.notFound, "Profile not found");
  const adminRole = await adminRoleOf(db, userId);
  return { ...profile, country: row.country, isAdmin: adminRole !== null, adminRole, twoFactorEnabled: await hasTwoFactor(db, userId) };
}

export function registerAccountRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/me", { schema: { tags: ["customer"], response: { 200: meSchema } }, onRequest: guards.requireUser }, async (request) =>
    me(db, request.user!.id),
  );

  r.patch(
    "/api/me",
    { schema: { tags: ["customer"], body: profileUpdateSchema, response: { 200: meSchema } }, onRequest: guards.requireUser },
    async (request) => {
      await updateProfile(db, request.user!.id, request.body);
      return me(db, request.user!.id);
    },
  );
}
