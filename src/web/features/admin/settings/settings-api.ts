// Settings: the admins (create, promote, reset a second factor), this admin's password and recovery codes.
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { adminAccountSchema, adminRoles } from "#shared/admin-schemas.ts";
import { adminApi } from "../shell/admin-api.ts";

export type AdminAccount = z.infer<typeof adminAccountSchema>;

export type AdminRole = (typeof adminRoles)[number];

export const adminsQueryKey = ["admin-accounts"] as const;

export const adminsQuery = queryOptions({
  queryKey: adminsQueryKey,
  queryFn: ({ signal }) => adminApi.get<{ items: AdminAccount[] }>("/api/admin/admins", signal),
  staleTime: 60_000, // the list of admins may be a minute old
});

export function createAdmin(body: unknown) {
  return adminApi.post("/api/admin/admins", body);
}

export function promoteAdmin(body: unknown) {
  return adminApi.post<{ userId: string; adminRole: AdminRole; roleChanged: boolean }>("/api/admin/admins/promote", body);
}

export function resetTwoFactor(userId: string) {
  return adminApi.post(`/api/admin/admins/${userId}/reset-two-factor`);
}

/** The server ends this admin's other sessions as well. */
export function changeAdminPassword(values: { currentPassword: string; newPassword: string }) {
  return adminApi.post("/api/auth/change-password", {
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
    revokeOtherSessions: true,
  });
}

export function generateBackupCodes(values: { password: string }) {
  return adminApi.post<{ backupCodes: string[] }>("/api/auth/two-factor/generate-backup-codes", values);
}
