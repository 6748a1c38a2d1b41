// The solvency endpoints (docs/architecture.md, HTTP API › Admin; decision 053): what the company
// owes beside what it holds, and an admin's float reading. Every route requires an admin.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { parseBdt } from "#shared/money.ts";
import { floatReadingSchema, floatStatusSchema, floatWalletParamsSchema, solvencySchema } from "#shared/solvency-schemas.ts";
import { actingAdmin, type Guards } from "../auth/guards.ts";
import type { Db } from "../db/db-handle.ts";
import { recordFloat } from "./record-float.ts";
import type { ReserveSettings } from "./reserves.ts";
import { readSolvency } from "./solvency-view.ts";

export function registerSolvencyAdminRoutes(app: FastifyInstance, deps: { db: Db; guards: Guards; settings: ReserveSettings }): void {
  const { db, guards, settings } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const tags = ["admin"];

  r.get("/api/admin/solvency", { schema: { tags, response: { 200: solvencySchema } }, ...admin }, async () => readSolvency(db, settings));

  r.put(
    "/api/admin/solvency/floats/:walletType",
    { schema: { tags, params: floatWalletParamsSchema, body: floatReadingSchema, response: { 200: floatStatusSchema } }, ...admin },
    async (request) => {
      const { walletType } = request.params;
      await recordFloat(db, {
        ...actingAdmin(request),
        walletType,
        amountMinor: parseBdt(request.body.amountBdt),
        note: request.body.note,
      });
      const solvency = await readSolvency(db, settings);
      return solvency.floats.find((f) => f.walletType === walletType)!;
    },
  );
}
