// The identity verifications queue: list, decide, and the documents behind one.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { adminVerificationSchema } from "#shared/admin-schemas.ts";
import type { VerificationDto } from "#shared/verification-schemas.ts";
import { adminApi, withQuery, type ListQuery, type PageOf } from "../shell/admin-api.ts";
import { queryKeys } from "../../../lib/live-updates.ts";

export type AdminVerification = z.infer<typeof adminVerificationSchema>;

export function adminVerificationsQuery(query: ListQuery) {
  return queryOptions({
    queryKey: [...queryKeys.adminVerifications, "list", query.q, query.status, query.direction, query.page, query.pageSize],
    queryFn: ({ signal }) => adminApi.get<PageOf<typeof adminVerificationSchema>>(withQuery("/api/admin/verifications", query), signal),
    placeholderData: keepPreviousData,
  });
}

/** Approve takes no body; reject sends the reason the admin chose (required). */
export function decideVerification(input: { id: string; status: "approved" } | { id: string; status: "rejected"; reason: string }) {
  if (input.status === "approved") return adminApi.post(`/api/admin/verifications/${input.id}/approve`);
  return adminApi.post(`/api/admin/verifications/${input.id}/reject`, { reason: input.reason });
}

export function verificationDocumentsQuery(userId: string) {
  return queryOptions({
    queryKey: [...queryKeys.adminVerifications, "documents", userId],
    queryFn: ({ signal }) => adminApi.get<VerificationDto>(`/api/admin/verifications/${userId}/documents`, signal),
  });
}
