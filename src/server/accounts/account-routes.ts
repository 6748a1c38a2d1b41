// GET and PATCH /api/me: the signed-in user's own account, profile and admin role.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorCodes } from "#shared/api-error.ts";
import { meSchema, type Me } from "#shared/me.ts";
import { profileUpdateSchema } from "#shared/profile-schemas.ts";
import type { Guards, SignedInUser } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { getProfile, updateProfile } from "./profile.ts";

/** GET /api/me in one statement: the profile from the database, the role and second factor as the guard read them. */
async function me(db: Db, signedIn: SignedInUser): Promise<Me> {
  const profile = await getProfile(db, signedIn.id);
  if (!profile) throw new AppError(404, errorCodes.notFound, "Profile not found");
  const { adminRole, twoFactorEnabled } = signedIn;
  // emailNotifications: a placeholder until the server side of issue 13 stores the preference.
  return { ...profile, isAdmin: adminRole !== null, adminRole, twoFactorEnabled, emailNotifications: true };
}

export function registerAccountRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/me", { schema: { tags: ["customer"], response: { 200: meSchema } }, onRequest: guards.requireUser }, async (request) =>
    me(db, request.user!),
  );

  r.patch(
    "/api/me",
    { schema: { tags: ["customer"], body: profileUpdateSchema, response: { 200: meSchema } }, onRequest: guards.requireUser },
    async (request) => {
      await updateProfile(db, request.user!.id, request.body);
      return me(db, request.user!);
    },
  );
}
