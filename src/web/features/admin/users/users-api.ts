// The users list and what an admin does to one account: suspend, unfreeze, adjust the balance, edit the profile.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { adminProfileSchema, adminUserSchema } from "#shared/admin-schemas.ts";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { adminApi, withQuery, type CappedPageOf, type ListQuery } from "../shell/admin-api.ts";
import { queryKeys } from "../../../lib/live-updates.ts";

export type AdminProfile = z.infer<typeof adminProfileSchema>;

export function adminUsersQuery(query: ListQuery) {
  return queryOptions({
    queryKey: [...queryKeys.adminUsers, "list", query.q, query.status, query.page],
    queryFn: ({ signal }) => adminApi.get<CappedPageOf<typeof adminUserSchema>>(withQuery("/api/admin/users", query), signal),
    placeholderData: keepPreviousData,
  });
}

export function setUserSuspended(input: { id: string; isSuspended: boolean }) {
  return adminApi.patch(`/api/admin/users/${input.id}`, { isSuspended: input.isSuspended });
}

/** Unfreezes an account its owner froze with a security alert's link (decision 039); the note says why. */
export function unfreezeUser(input: { id: string; note: string }) {
  return adminApi.post<{ id: string; frozenAt: null }>(`/api/admin/users/${input.id}/unfreeze`, { note: input.note });
}

/** The adjustment (201), or (202) a SecondApproval when a second admin must confirm it. */
export function adjustBalance(userId: string, body: { direction: string; amount: string; note?: string }) {
  return adminApi.post<TransactionDto | SecondApprovalDto>(`/api/admin/users/${userId}/balance-adjustments`, body);
}

export function adminUserProfileQuery(userId: string) {
  return queryOptions({
    queryKey: ["admin-user-profile", userId],
    queryFn: ({ signal }) => adminApi.get<AdminProfile>(`/api/admin/users/${userId}/profile`, signal),
    staleTime: 0,
  });
}

export function saveUserProfile(userId: string, body: unknown) {
  return adminApi.put<AdminProfile>(`/api/admin/users/${userId}/profile`, body);
}
