// The back office's user management (docs/architecture.md, HTTP API › Admin): the users list, a
// user's profile, suspend and activate, and unfreezing an account its owner froze (decision 039). Every route requires an admin. Routes parse, authorise,
// call one service, shape.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminProfileSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  cappedPageSchema,
  suspendUserSchema,
  userSuspensionSchema,
} from "#shared/admin-schemas.ts";
import { unfreezeUserSchema, userUnfrozenSchema } from "#shared/account-security-schemas.ts";
import { errorCodes } from "#shared/api-error.ts";
import { profileUpdateSchema } from "#shared/profile-schemas.ts";
import { unfreezeAccount } from "../account-security/account-freeze.ts";
import type { Auth } from "../auth/auth.ts";
import { actingAdmin, type Guards } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { idParams } from "../http/id-params.ts";
import { setSuspended, updateUserProfileAsAdmin } from "./account-actions.ts";
import { getAdminProfile, listAdminUsers } from "./account-queries.ts";
import { pageOf } from "../http/page-of.ts";

export function registerAccountAdminRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth; guards: Guards }): void {
  const { db, auth, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const tags = ["admin"];

  r.get(
    "/api/admin/users",
    { schema: { tags, querystring: adminUsersQuerySchema, response: { 200: cappedPageSchema(adminUserSchema) } }, ...admin },
    async (request) => pageOf(request.query, listAdminUsers(db, request.query)),
  );

  r.patch(
    "/api/admin/users/:id",
    { schema: { tags, params: idParams, body: suspendUserSchema, response: { 200: userSuspensionSchema } }, ...admin },
    async (request) => {
      await setSuspended(db, auth, {
        ...actingAdmin(request),
        actorRole: request.adminRole!,
        userId: request.params.id,
        isSuspended: request.body.isSuspended,
      });
      return { id: request.params.id, isSuspended: request.body.isSuspended };
    },
  );

  // The owner froze it with a "This wasn't me" link; an admin unfreezes it after speaking with them,
  // and writes why (decision 039).
  r.post(
    "/api/admin/users/:id/unfreeze",
    { schema: { tags, params: idParams, body: unfreezeUserSchema, response: { 200: userUnfrozenSchema } }, ...admin },
    async (request) => {
      await unfreezeAccount(db, { ...actingAdmin(request), userId: request.params.id, note: request.body.note });
      return { id: request.params.id, frozenAt: null };
    },
  );

  r.get(
    "/api/admin/users/:id/profile",
    { schema: { tags, params: idParams, response: { 200: adminProfileSchema } }, ...admin },
    async (request) => {
      const profile = await getAdminProfile(db, request.params.id);
      if (!profile) throw new AppError(404, errorCodes.notFound, "User not found");
      return profile;
    },
  );

  r.put(
    "/api/admin/users/:id/profile",
    { schema: { tags, params: idParams, body: profileUpdateSchema, response: { 200: adminProfileSchema } }, ...admin },
    async (request) => {
      await updateUserProfileAsAdmin(db, { ...actingAdmin(request), userId: request.params.id, changes: request.body });
      return (await getAdminProfile(db, request.params.id))!;
    },
  );
}
