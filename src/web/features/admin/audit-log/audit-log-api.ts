// The audit log, one page at a time, filtered by action.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { auditEntrySchema } from "#shared/admin-schemas.ts";
import { adminApi, withQuery, type PageOf } from "../shell/admin-api.ts";
import { queryKeys } from "../../../lib/live-updates.ts";

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export function auditLogQuery(query: { action: string; page: number; pageSize: number }) {
  return queryOptions({
    queryKey: [...queryKeys.adminAuditLog, query.action, query.page],
    queryFn: ({ signal }) => adminApi.get<PageOf<typeof auditEntrySchema>>(withQuery("/api/admin/audit-log", query), signal),
    placeholderData: keepPreviousData,
  });
}
