// The back office's own people and figures (docs/architecture.md, HTTP API › Admin): the dashboard
// stats and the admin accounts (list, create, promote, reset a second factor). Every route requires
// an admin; changing admin accounts requires a super_admin. Routes parse, authorise, call one
// service, shape.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminAccountListSchema,
  adminCreatedSchema,
  adminPromotedSchema,
  adminStatsSchema,
  createAdminSchema,
  promoteAdminSchema,
  twoFactorResetSchema,
} from "#shared/admin-schemas.ts";
import { errorCodes } from "#shared/api-error.ts";
import { adminRoleOf } from "../auth/admin-roles.ts";
import { findUserIdByEmail } from "../auth/profile-queries.ts";
import type { Auth } from "../auth/auth.ts";
import { actingAdmin, type Guards } from "../auth/guards.ts";
import { refuseCommonPassword } from "../auth/password-rules.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { userIdParams } from "../http/id-params.ts";
import { listAdminAccounts } from "./admin-account-queries.ts";
import { adminStats } from "./admin-stats.ts";
import { createUserWithPassword, grantAdminRole } from "./create-admin.ts";
import { resetTwoFactor } from "./reset-two-factor.ts";

export function registerAdminAccountsRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth; guards: Guards; publicUrl: string }): void {
  const { db, auth, guards, publicUrl } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const superAdmin = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      await guards.requireAdmin(request, reply);
      if (request.adminRole !== "super_admin")
        throw new AppError(403, errorCodes.forbidden, "Only a super admin can manage admin accounts.");
    },
  };
  const actorOf = (request: FastifyRequest) => ({ actorId: request.user!.id, ip: request.ip });
  const tags = ["admin"];

  r.get("/api/admin/stats", { schema: { tags, response: { 200: adminStatsSchema } }, ...admin }, async () => adminStats(db, new Date()));

  r.get("/api/admin/admins", { schema: { tags, response: { 200: adminAccountListSchema } }, ...admin }, async () => ({
    items: await listAdminAccounts(db),
  }));

  r.post(
    "/api/admin/admins",
    { schema: { tags, body: createAdminSchema, response: { 201: adminCreatedSchema } }, ...superAdmin },
    async (request, reply) => {
      refuseCommonPassword(request.body.password, "password");
      const userId = await createUserWithPassword(auth, db, { email: request.body.email, password: request.body.password });
      await grantAdminRole(db, { userId, role: request.body.adminRole, ...actorOf(request), newAccount: true, publicUrl });
      return reply.status(201).send({ userId, email: request.body.email, adminRole: request.body.adminRole });
    },
  );

  r.post(
    "/api/admin/admins/promote",
    { schema: { tags, body: promoteAdminSchema, response: { 200: adminPromotedSchema } }, ...superAdmin },
    async (request) => {
      const userId = await findUserIdByEmail(db, request.body.email);
      if (!userId)
        throw new AppError(404, errorCodes.notFound, "User not found with this email. Please ensure they have logged in at least once.");
      // Changing one's own role could leave nobody who manages admins; another super admin can.
      if (userId === request.user!.id) throw new AppError(409, errorCodes.conflict, "You cannot change your own admin role.");
      const wasAdmin = (await adminRoleOf(db, userId)) !== null;
      await grantAdminRole(db, { userId, role: request.body.adminRole, ...actorOf(request), publicUrl });
      return { userId, adminRole: request.body.adminRole, roleChanged: wasAdmin };
    },
  );

  r.post(
    "/api/admin/admins/:userId/reset-two-factor",
    { schema: { tags, params: userIdParams, response: { 200: twoFactorResetSchema } }, ...superAdmin },
    async (request) => {
      await resetTwoFactor(db, auth, { ...actingAdmin(request), userId: request.params.userId });
      return { userId: request.params.userId, twoFactorEnabled: false as const };
    },
  );
}
