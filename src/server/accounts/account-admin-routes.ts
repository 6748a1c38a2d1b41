// The back office's endpoints (docs/architecture.md, HTTP API › Admin). Every route requires an admin; creating and
// promoting admins requires a super_admin. Routes parse, authorise, call one service, shape.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { desc, count } from "drizzle-orm";
import { z } from "zod";
import {
  adminAccountSchema,
  adminProfileSchema,
  adminSimSchema,
  adminSimsQuerySchema,
  adminStatsSchema,
  adminTransactionSchema,
  adminTransactionsQuerySchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminVerificationSchema,
  adminVerificationsQuerySchema,
  auditEntrySchema,
  auditLogQuerySchema,
  cappedPageSchema,
  balanceAdjustmentSchema,
  createAdminSchema,
  promoteAdminSchema,
  rejectTransactionSchema,
  simStatusChangeSchema,
  suspendUserSchema,
} from "../../shared/admin-schemas.ts";
import { errorCodes } from "../../shared/api-error.ts";
import { parseBdt } from "../../shared/money.ts";
import { profileUpdateSchema } from "../../shared/profile-schemas.ts";
import { transactionSchema, pageQuerySchema, pageSchema } from "../../shared/wallet-schemas.ts";
import { verificationSchema } from "../../shared/verification-schemas.ts";
import { adminRoleOf, findUserIdByEmail } from "../auth/accounts.ts";
import type { Auth } from "../auth/auth.ts";
import type { Guards } from "../auth/guards.ts";
import { refuseCommonPassword } from "../auth/routes.ts";
import type { Db } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { getVerification } from "../kyc/verification.ts";
import { adjustBalance, approveTransaction, rejectTransaction, toTransactionDto } from "../wallet/ledger.ts";
import {
  decideVerification,
  deleteSimAsAdmin,
  resetTwoFactor,
  setSimStatus,
  setSuspended,
  updateUserProfileAsAdmin,
} from "./admin-actions.ts";
import {
  adminStats,
  getAdminProfile,
  listAdminAccounts,
  listAdminSims,
  listAdminTransactions,
  listAdminUsers,
  listAdminVerifications,
  listAuditLog,
} from "./admin-queries.ts";
import { createUserWithPassword, grantAdminRole } from "./create-admin.ts";

const idParams = z.object({ id: z.uuid({ error: "Invalid id" }) });
const userIdParams = z.object({ userId: z.uuid({ error: "Invalid id" }) });

export function registerAdminRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth; guards: Guards }): void {
  const { db, auth, guards } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const superAdmin = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      await guards.requireAdmin(request, reply);
      if (request.adminRole !== "super_admin")
        throw new AppError(403, errorCodes.forbidden, "Only a super admin can manage admin accounts.");
    },
  };
  const actor = (request: FastifyRequest) => ({ adminId: request.user!.id, ip: request.ip });
  const actorOf = (request: FastifyRequest) => ({ actorId: request.user!.id, ip: request.ip });
  const tags = ["admin"];

  r.get("/api/admin/stats", { schema: { tags, response: { 200: adminStatsSchema } }, ...admin }, async () => adminStats(db, new Date()));

  // ---------------------------------------------------------------- users
  r.get(
    "/api/admin/users",
    { schema: { tags, querystring: adminUsersQuerySchema, response: { 200: cappedPageSchema(adminUserSchema) } }, ...admin },
    async (request) => ({ ...(await listAdminUsers(db, request.query)), page: request.query.page, pageSize: request.query.pageSize }),
  );

  r.patch("/api/admin/users/:id", { schema: { tags, params: idParams, body: suspendUserSchema }, ...admin }, async (request) => {
    await setSuspended(db, auth, {
      ...actor(request),
      actorRole: request.adminRole!,
      userId: request.params.id,
      isSuspended: request.body.isSuspended,
    });
    return { id: request.params.id, isSuspended: request.body.isSuspended };
  });

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
      await updateUserProfileAsAdmin(db, { ...actor(request), userId: request.params.id, changes: request.body });
      return (await getAdminProfile(db, request.params.id))!;
    },
  );

  r.post(
    "/api/admin/users/:id/balance-adjustments",
    { schema: { tags, params: idParams, body: balanceAdjustmentSchema, response: { 201: transactionSchema } }, ...admin },
    async (request, reply) => {
      const created = await adjustBalance(db, {
        ...actor(request),
        userId: request.params.id,
        direction: request.body.direction,
        amountPoisha: parseBdt(request.body.amount),
        note: request.body.note ?? null,
      });
      return reply.status(201).send(toTransactionDto(created));
    },
  );

  // ---------------------------------------------------------------- transactions
  r.get(
    "/api/admin/transactions",
    { schema: { tags, querystring: adminTransactionsQuerySchema, response: { 200: cappedPageSchema(adminTransactionSchema) } }, ...admin },
    async (request) => ({
      ...(await listAdminTransactions(db, request.query)),
      page: request.query.page,
      pageSize: request.query.pageSize,
    }),
  );

  r.post(
    "/api/admin/transactions/:id/approve",
    { schema: { tags, params: idParams, response: { 200: transactionSchema } }, ...admin },
    async (request) => toTransactionDto(await approveTransaction(db, { ...actor(request), id: request.params.id })),
  );

  r.post(
    "/api/admin/transactions/:id/reject",
    { schema: { tags, params: idParams, body: rejectTransactionSchema.nullish(), response: { 200: transactionSchema } }, ...admin },
    async (request) => {
      const reason = request.body?.reason ? request.body.reason : null;
      return toTransactionDto(await rejectTransaction(db, { ...actor(request), id: request.params.id, reason }));
    },
  );

  // ---------------------------------------------------------------- SIMs
  r.get(
    "/api/admin/sims",
    { schema: { tags, querystring: adminSimsQuerySchema, response: { 200: pageSchema(adminSimSchema) } }, ...admin },
    async (request) => {
      const { items, total } = await listAdminSims(db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  r.patch("/api/admin/sims/:id", { schema: { tags, params: idParams, body: simStatusChangeSchema }, ...admin }, async (request) => {
    await setSimStatus(db, { ...actor(request), simId: request.params.id, status: request.body.status });
    return { id: request.params.id, status: request.body.status };
  });

  r.delete("/api/admin/sims/:id", { schema: { tags, params: idParams }, ...admin }, async (request, reply) => {
    await deleteSimAsAdmin(db, { ...actor(request), simId: request.params.id });
    return reply.status(204).send();
  });

  // ---------------------------------------------------------------- verifications
  r.get(
    "/api/admin/verifications",
    { schema: { tags, querystring: adminVerificationsQuerySchema, response: { 200: pageSchema(adminVerificationSchema) } }, ...admin },
    async (request) => {
      const { items, total } = await listAdminVerifications(db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  for (const decision of ["approve", "reject"] as const) {
    r.post(`/api/admin/verifications/:id/${decision}`, { schema: { tags, params: idParams }, ...admin }, async (request) => {
      const status = decision === "approve" ? "approved" : "rejected";
      await decideVerification(db, { ...actor(request), verificationId: request.params.id, status });
      return { id: request.params.id, status };
    });
  }

  r.get(
    "/api/admin/verifications/:userId/documents",
    { schema: { tags, params: userIdParams, response: { 200: verificationSchema } }, ...admin },
    async (request) => {
      if (!(await getAdminProfile(db, request.params.userId))) throw new AppError(404, errorCodes.notFound, "User not found");
      return getVerification(db, request.params.userId);
    },
  );

  // ---------------------------------------------------------------- admins
  r.get(
    "/api/admin/admins",
    { schema: { tags, response: { 200: z.object({ items: z.array(adminAccountSchema) }) } }, ...admin },
    async () => ({
      items: await listAdminAccounts(db),
    }),
  );

  r.post("/api/admin/admins", { schema: { tags, body: createAdminSchema }, ...superAdmin }, async (request, reply) => {
    refuseCommonPassword(request.body.password, "password");
    const userId = await createUserWithPassword(auth, db, { email: request.body.email, password: request.body.password });
    await grantAdminRole(db, { userId, role: request.body.adminRole, ...actorOf(request), newAccount: true });
    return reply.status(201).send({ userId, email: request.body.email, adminRole: request.body.adminRole });
  });

  r.post("/api/admin/admins/promote", { schema: { tags, body: promoteAdminSchema }, ...superAdmin }, async (request) => {
    const userId = await findUserIdByEmail(db, request.body.email);
    if (!userId)
      throw new AppError(404, errorCodes.notFound, "User not found with this email. Please ensure they have logged in at least once.");
    // Changing one's own role could leave nobody who manages admins; another super admin can.
    if (userId === request.user!.id) throw new AppError(409, errorCodes.conflict, "You cannot change your own admin role.");
    const wasAdmin = (await adminRoleOf(db, userId)) !== null;
    await grantAdminRole(db, { userId, role: request.body.adminRole, ...actorOf(request) });
    return { userId, adminRole: request.body.adminRole, roleChanged: wasAdmin };
  });

  r.post("/api/admin/admins/:userId/reset-two-factor", { schema: { tags, params: userIdParams }, ...superAdmin }, async (request) => {
    await resetTwoFactor(db, auth, { ...actor(request), userId: request.params.userId });
    return { userId: request.params.userId, twoFactorEnabled: false };
  });

  // ---------------------------------------------------------------- audit and contact
  r.get(
    "/api/admin/audit-log",
    { schema: { tags, querystring: auditLogQuerySchema, response: { 200: pageSchema(auditEntrySchema) } }, ...admin },
    async (request) => {
      const { items, total } = await listAuditLog(db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  r.get("/api/admin/contact-messages", { schema: { tags, querystring: pageQuerySchema(20) }, ...admin }, async (request) => {
    const { page, pageSize } = request.query;
    const [items, [totalRow]] = await Promise.all([
      db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(contactMessages),
    ]);
    return { items: items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), total: totalRow?.n ?? 0, page, pageSize };
  });
}
