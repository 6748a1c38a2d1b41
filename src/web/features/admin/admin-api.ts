// The back office's way to the API: apiRequest, plus one rule for every admin call. When the
// server says the admin session is over (401, e.g. SESSION_IDLE_TIMEOUT after 15 idle minutes) or
// that the admin must first enrol a second factor (403 TWO_FACTOR_REQUIRED), the screen that asked
// cannot help: the admin layout hears about it here and leaves for /admin/login or /admin/two-factor.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  adminAccountSchema,
  adminProfileSchema,
  adminRoles,
  adminSimSchema,
  adminStatsSchema,
  adminTransactionDetailSchema,
  adminTransactionSchema,
  adminUserSchema,
  cappedPageSchema,
  adminVerificationSchema,
  auditEntrySchema,
  ChainWatcherStatusDto,
  unclaimedTransfersPageSchema,
} from "#shared/admin-schemas.ts";
import type { secondApprovalConfirmedSchema, secondApprovalsPageSchema, SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import { errorCodes } from "#shared/api-error.ts";
import type { setupStatusSchema } from "#shared/me.ts";
import type { VerificationDto } from "#shared/verification-schemas.ts";
import type { pageSchema, TransactionDto } from "#shared/wallet-schemas.ts";
import { api, ApiError, apiRequest } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";

export type AdminSessionProblem = { kind: "signed-out"; message: string | undefined } | { kind: "two-factor-required" };

type Listener = (problem: AdminSessionProblem) => void;
const listeners = new Set<Listener>();

/** The admin layout listens while mounted; returns the function that stops listening. */
export function onAdminSessionProblem(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function report(problem: AdminSessionProblem): void {
  for (const listener of listeners) listener(problem);
}

/** Why the server ended an admin session: the login page says so in the server's words. */
const sessionEndedCodes = new Set<string>([errorCodes.sessionIdleTimeout, errorCodes.sessionExpired, errorCodes.sessionNeedsSecondFactor]);

/** What an ApiError says about the session, if anything. */
export function sessionProblemOf(error: unknown): AdminSessionProblem | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 401) return { kind: "signed-out", message: sessionEndedCodes.has(error.code) ? error.message : undefined };
  // A suspended account's sessions are ended by the server as it answers.
  if (error.status === 403 && error.code === errorCodes.suspended) return { kind: "signed-out", message: error.message };
  if (error.status === 403 && error.code === errorCodes.twoFactorRequired) return { kind: "two-factor-required" };
  return undefined;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function request<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  try {
    return await apiRequest<T>(path, { method, body, signal });
  } catch (error) {
    const problem = sessionProblemOf(error);
    if (problem) report(problem);
    throw error;
  }
}

export const adminApi = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>("GET", path, undefined, signal),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body),
  put: <T>(path: string, body: unknown) => request<T>("PUT", path, body),
  patch: <T>(path: string, body: unknown) => request<T>("PATCH", path, body),
  delete: <T>(path: string) => request<T>("DELETE", path),
};

/** "/api/admin/users" + {q: "a b", page: 2} → "/api/admin/users?q=a+b&page=2"; empty values are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text === "" ? path : `${path}?${text}`;
}

export type PageOf<S extends z.ZodType> = z.infer<ReturnType<typeof pageSchema<S>>>;
/** The transactions and users lists count up to a cap; `totalCapped` says more rows match (decision 010). */
export type CappedPageOf<S extends z.ZodType> = z.infer<ReturnType<typeof cappedPageSchema<S>>>;

export type AdminStats = z.infer<typeof adminStatsSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AdminSim = z.infer<typeof adminSimSchema>;
export type AdminVerification = z.infer<typeof adminVerificationSchema>;
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export type AdminRole = (typeof adminRoles)[number];
export type AdminProfile = z.infer<typeof adminProfileSchema>;

// The back office's reads and writes (docs/architecture.md, HTTP API › Admin). List keys start with the
// names in live-updates.ts, so a server event about a table refreshes every screen that shows it.

/** A list's search, status filter and page; `direction` "asc" lists the oldest first (the SIMs and verifications queues). */
type ListQuery = { q: string; status: string; page: number; pageSize: number; direction?: string };

export const adminStatsQuery = queryOptions({
  queryKey: [...queryKeys.adminStats],
  queryFn: ({ signal }) => adminApi.get<AdminStats>("/api/admin/stats", signal),
});

export function auditLogQuery(query: { action: string; page: number; pageSize: number }) {
  return queryOptions({
    queryKey: [...queryKeys.adminAuditLog, query.action, query.page],
    queryFn: ({ signal }) => adminApi.get<PageOf<typeof auditEntrySchema>>(withQuery("/api/admin/audit-log", query), signal),
    placeholderData: keepPreviousData,
  });
}

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

export type AdminTransactionsQuery = {
  q: string;
  type: string;
  status: string;
  chain: string;
  /** By date ("createdAt", the default) or amount; "asc" is oldest or smallest first (decision 021). */
  sort?: string;
  direction?: string;
  page: number;
  pageSize: number;
};

/** One page of the transactions list (the screen, and the CSV export page by page). */
export function fetchAdminTransactions(query: AdminTransactionsQuery, signal?: AbortSignal) {
  return adminApi.get<CappedPageOf<typeof adminTransactionSchema>>(withQuery("/api/admin/transactions", query), signal);
}

export function adminTransactionsQuery(query: AdminTransactionsQuery) {
  return queryOptions({
    queryKey: [
      ...queryKeys.adminTransactions,
      "list",
      query.q,
      query.type,
      query.status,
      query.chain,
      query.sort,
      query.direction,
      query.page,
      query.pageSize,
    ],
    queryFn: ({ signal }) => fetchAdminTransactions(query, signal),
    placeholderData: keepPreviousData,
  });
}

export type AdminTransactionDetail = z.infer<typeof adminTransactionDetailSchema>;

/** One transaction whole, for the detail panel: refreshed with the list when a transaction changes. */
export function adminTransactionQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.adminTransactions, "detail", id],
    queryFn: ({ signal }) => adminApi.get<AdminTransactionDetail>(`/api/admin/transactions/${id}`, signal),
    staleTime: 0,
  });
}

/**
 * What an approval says (decisions 020, 038, 040). `acknowledgeNoChainEvidence` with `reason`: the
 * admin pressed "Approve anyway" on a deposit the chain has not confirmed and wrote why; without them
 * the server refuses such a deposit. `credit: "received"`: a deposit whose transfer differs is credited
 * what arrived. `payoutReference`: a withdrawal's TrxID, once it is paid (never before a second admin
 * confirmed a four-eyes withdrawal: 409 AWAITING_SECOND_APPROVAL).
 */
export type ApproveTransactionInput = {
  id: string;
  acknowledgeNoChainEvidence?: boolean;
  reason?: string;
  credit?: "received" | "claimed";
  payoutReference?: string;
};

/**
 * The answer is the transaction, or (202) a SecondApproval when a second admin must confirm first
 * (isSecondApproval tells them apart).
 */
export function approveTransaction(input: ApproveTransactionInput) {
  const body = {
    ...(input.acknowledgeNoChainEvidence ? { acknowledgeNoChainEvidence: true } : {}),
    ...(input.reason ? { reason: input.reason } : {}),
    ...(input.credit ? { credit: input.credit } : {}),
    ...(input.payoutReference ? { payoutReference: input.payoutReference } : {}),
  };
  return adminApi.post<TransactionDto | SecondApprovalDto>(`/api/admin/transactions/${input.id}/approve`, body);
}

export type UnclaimedTransfersPage = z.infer<typeof unclaimedTransfersPageSchema>;

/**
 * USDT that reached the deposit address with no matching request, newest first. Keyed under the
 * transactions, so a deposit matched to one of them (a transactions event) refreshes this list too.
 */
export function unclaimedTransfersQuery(query: { page: number; pageSize: number }) {
  return queryOptions({
    queryKey: [...queryKeys.adminTransactions, "unclaimed-transfers", query.page],
    queryFn: ({ signal }) => adminApi.get<UnclaimedTransfersPage>(withQuery("/api/admin/chain/unclaimed-transfers", query), signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Gives an unclaimed transfer to a customer's deposit request by hand (decision 038), with the admin's
 * reason for the audit log. It moves no money: the answer is the request as the detail panel shows it,
 * which an admin then approves as any other. 409 TRANSFER_ALREADY_ASSIGNED when the transfer settled a
 * request already, or the request cannot take one; 403 on the admin's own request.
 */
export function assignTransfer(input: { transferId: string; transactionId: string; reason: string }) {
  return adminApi.post<AdminTransactionDetail>(`/api/admin/chain/transfers/${encodeURIComponent(input.transferId)}/assign`, {
    transactionId: input.transactionId,
    reason: input.reason,
  });
}

/**
 * How the chain watcher is doing, for admins (decision 038): running or failing and why, its last good
 * poll, how far it has read. Under the transactions' key, so a poll that matched something (a
 * transactions event) asks for it again too.
 */
export const chainStatusQuery = queryOptions({
  queryKey: [...queryKeys.adminTransactions, "chain-status"],
  queryFn: ({ signal }) => adminApi.get<ChainWatcherStatusDto>("/api/admin/chain/status", signal),
  // The status is a help above the list, not the screen itself: a failed read is not asked again at once.
  retry: false,
});

export function rejectTransaction(input: { id: string; reason: string }) {
  return adminApi.post(`/api/admin/transactions/${input.id}/reject`, input.reason ? { reason: input.reason } : {});
}

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

// Signing in and enrolling happen before the back office is open: these go through the plain client
// (a refusal here is the screen's to show, not a reason to leave for /admin/login).

/** better-auth's answer to a password sign-in: `twoFactorRedirect` when a code is needed next. */
export type SignInAnswer = { twoFactorRedirect?: boolean };

export function signInWithPassword(values: { email: string; password: string }) {
  return api.post<SignInAnswer | null>("/api/auth/sign-in/email", values);
}

/** The 6-digit code of the authenticator app, or one of the recovery codes. */
export function verifyTwoFactorCode(mode: "totp" | "recovery", code: string) {
  return api.post(mode === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code", { code });
}

/** The secret (as an otpauth:// address for the QR code) and the first recovery codes. */
export type Enrolment = { totpURI: string; backupCodes: string[] };

export function enableTwoFactor(password: string) {
  return api.post<Enrolment>("/api/auth/two-factor/enable", { password });
}

export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const setupQuery = queryOptions({
  queryKey: ["setup"],
  queryFn: ({ signal }) => api.get<SetupStatus>("/api/setup", signal),
});

export function createFirstAdmin(body: { email: string; password: string }) {
  return api.post("/api/setup/first-admin", body);
}
