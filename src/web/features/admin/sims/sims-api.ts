// The SIMs queue: list, approve or reject, delete.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { adminSimSchema } from "#shared/admin-schemas.ts";
import { adminApi, withQuery, type ListQuery, type PageOf } from "../shell/admin-api.ts";
import { queryKeys } from "../../../lib/live-updates.ts";

export type AdminSim = z.infer<typeof adminSimSchema>;

export function adminSimsQuery(query: ListQuery) {
  return queryOptions({
    queryKey: [...queryKeys.adminSims, "list", query.q, query.status, query.direction, query.page, query.pageSize],
    queryFn: ({ signal }) => adminApi.get<PageOf<typeof adminSimSchema>>(withQuery("/api/admin/sims", query), signal),
    placeholderData: keepPreviousData,
  });
}

export function setSimStatus(input: { id: string; status: "active" | "rejected" }) {
  return adminApi.patch(`/api/admin/sims/${input.id}`, { status: input.status });
}

export function deleteSim(id: string) {
  return adminApi.delete(`/api/admin/sims/${id}`);
}
