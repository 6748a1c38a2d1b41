// Four eyes (decision 020): the requests for a second admin, confirming and declining them.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { secondApprovalConfirmedSchema, secondApprovalsPageSchema, SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import { adminApi, withQuery } from "../shell/admin-api.ts";
import { queryKeys } from "../../../lib/live-updates.ts";

// Four eyes: requests waiting for a second admin, oldest first.

export type SecondApprovalsPage = z.infer<typeof secondApprovalsPageSchema>;
export type SecondApprovalStatusFilter = "awaiting" | "confirmed" | "declined" | "all";

export function secondApprovalsQuery(query: { status: SecondApprovalStatusFilter; page: number; pageSize: number }) {
  return queryOptions({
    queryKey: [...queryKeys.adminSecondApprovals, "list", query.status, query.page, query.pageSize],
    queryFn: ({ signal }) => adminApi.get<SecondApprovalsPage>(withQuery("/api/admin/second-approvals", query), signal),
    placeholderData: keepPreviousData,
  });
}

export function confirmSecondApproval(id: string) {
  return adminApi.post<z.infer<typeof secondApprovalConfirmedSchema>>(`/api/admin/second-approvals/${id}/confirm`);
}

export function declineSecondApproval(input: { id: string; reason: string }) {
  return adminApi.post<{ secondApproval: SecondApprovalDto }>(
    `/api/admin/second-approvals/${input.id}/decline`,
    input.reason ? { reason: input.reason } : {},
  );
}
