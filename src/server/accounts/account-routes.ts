// GET and PATCH /api/me: the signed-in user's own account, profile and admin role; PUT /api/me/language:
// the language we write to them in (decision 025).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorCodes } from "#shared/api-error.ts";
import { languageUpdateSchema } from "#shared/language.ts";
import { meSchema, type Me } from "#shared/me.ts";
import { meUpdateSchema } from "#shared/profile-schemas.ts";
import type { Guards, SignedInUser } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { getProfile, setLanguage, updateProfile } from "./profile.ts";

/** GET /api/me in one statement: the profile from the database, the role and second factor as the guard read them. */
async function me(db: Db, signedIn: SignedInUser): Promise<Me> {
  const profile = await getProfile(db, signedIn.id);
  if (!profile) throw new AppError(404, errorCodes.notFound, "Profile not found");
  const { adminRole, twoFactorEnabled } = signedIn;
  return { ...profile, isAdmin: adminRole !== null, adminRole, twoFactorEnabled };
}

export function registerAccountRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards }): void {
  const { db, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/me", { schema: { tags: ["customer"], response: { 200: meSchema } }, onRequest: guards.requireUser }, async (request) =>
    me(db, request.user!),
  );

  r.patch(
    "/api/me",
    { schema: { tags: ["customer"], body: meUpdateSchema, response: { 200: meSchema } }, onRequest: guards.requireUser },
    async (request) => {
      await updateProfile(db, request.user!.id, request.body);
      return me(db, request.user!);
    },
  );

  // Guarded as PATCH /api/me is (any signed-in user, the Origin check of every write), and, like a
  // profile change, not audited: it moves no money and grants nothing. There is no user id in the
  // route: a person sets their own language only.
  r.put(
    "/api/me/language",
    {
      schema: { tags: ["customer"], body: languageUpdateSchema, response: { 200: languageUpdateSchema } },
      onRequest: guards.requireUser,
    },
    async (request) => {
      await setLanguage(db, request.user!.id, request.body.language);
      return { language: request.body.language };
    },
  );
}
