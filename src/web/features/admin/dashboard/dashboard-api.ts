// The dashboard's figures (GET /api/admin/stats).
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { adminStatsSchema } from "#shared/admin-schemas.ts";
import { adminApi } from "../shell/admin-api.ts";
import { queryKeys } from "../../../lib/live-updates.ts";

export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminStatsQuery = queryOptions({
  queryKey: [...queryKeys.adminStats],
  queryFn: ({ signal }) => adminApi.get<AdminStats>("/api/admin/stats", signal),
});
