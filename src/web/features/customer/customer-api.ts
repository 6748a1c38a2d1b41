// The customer area's reads and writes (docs/architecture.md, HTTP API › Customer). Query keys start with the names in
// live-updates.ts, so a server event about a table refreshes every screen that shows it.
// Money-creating posts carry an Idempotency-Key (apiRequest's idempotencyKey); document uploads
// report their progress, which only XMLHttpRequest can do.
import { msg } from "@lingui/core/macro";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { useMemo, useRef } from "react";
import type { Me } from "#shared/me.ts";
import type { ProfileUpdate } from "#shared/profile-schemas.ts";
import type { OwnSessionList } from "#shared/session-schemas.ts";
import type { SimCreate, SimDto } from "#shared/sim-schemas.ts";
import type { DocumentSide, DocumentType, VerificationDto } from "#shared/verification-schemas.ts";
import type { z } from "zod";
import type { depositInfoSchema, pageSchema, TransactionDto, transactionSchema, WalletDto } from "#shared/wallet-schemas.ts";
import { api, ApiError, apiErrorFrom, apiRequest, networkErrorMessage, networkErrorStatus, parseJson } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { say, transactionSearchText } from "./customer-format.ts";

export type DepositInfo = z.infer<typeof depositInfoSchema>;
export type TransactionPage = z.infer<ReturnType<typeof pageSchema<typeof transactionSchema>>>;
export type TransactionFilter = "all" | "deposit" | "withdraw";

/** Customer transactions are listed five to a page. */
export const transactionsPageSize = 5;

export const walletQuery = queryOptions({
  queryKey: queryKeys.wallet,
  queryFn: ({ signal }) => api.get<WalletDto>("/api/wallet", signal),
});

export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => api.get<Me>("/api/me", signal),
});

export const depositInfoQuery = queryOptions({
  queryKey: ["deposit-info"],
  queryFn: ({ signal }) => api.get<DepositInfo>("/api/deposit-info", signal),
  // Configuration: it changes only when the server restarts with other settings.
  staleTime: 10 * 60 * 1000,
});

export function transactionsQuery(params: { type: TransactionFilter; q: string; page: number }) {
  const search = new URLSearchParams({
    type: params.type,
    q: transactionSearchText(params.q),
    page: String(params.page),
    pageSize: String(transactionsPageSize),
  });
  return queryOptions({
    queryKey: [...queryKeys.transactions, params],
    queryFn: ({ signal }) => api.get<TransactionPage>(`/api/transactions?${search.toString()}`, signal),
    // Keep the old rows on screen while the next page or search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/**
 * One of the customer's transactions, for its receipt. Its key starts with the transactions key, so
 * a change event about transactions refreshes it: the status, TrxID and reason appear as they are decided.
 */
export function transactionQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.transactions, "one", id],
    queryFn: ({ signal }) => api.get<TransactionDto>(`/api/transactions/${encodeURIComponent(id)}`, signal),
    // A 404 or 400 will not change by asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.isClientError) && failures < 2,
  });
}

export const simsQuery = queryOptions({
  queryKey: queryKeys.sims,
  queryFn: ({ signal }) => api.get<{ items: SimDto[] }>("/api/sims", signal),
});

export const verificationQuery = queryOptions({
  queryKey: queryKeys.verification,
  queryFn: ({ signal }) => api.get<VerificationDto>("/api/verification", signal),
});

export function updateProfile(body: ProfileUpdate): Promise<Me> {
  return apiRequest<Me>("/api/me", { method: "PATCH", body });
}

/** The e-mail preference: decisions about deposits, withdrawals, verification and SIMs; security mail always goes. */
export function updateEmailNotifications(emailNotifications: boolean): Promise<Me> {
  return apiRequest<Me>("/api/me", { method: "PATCH", body: { emailNotifications } satisfies Pick<Me, "emailNotifications"> });
}

export function addSim(body: SimCreate): Promise<SimDto> {
  return api.post<SimDto>("/api/sims", body);
}

export function removeSim(id: string): Promise<void> {
  return apiRequest<void>(`/api/sims/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/**
 * One Idempotency-Key per submission: the same form values sent again (a retry after a lost
 * answer or a double click) reuse the key; other values, or a submission after a success, get a
 * new one.
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; payload: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(payload: unknown): string {
        const text = JSON.stringify(payload);
        if (current.current?.payload !== text) current.current = { key: newIdempotencyKey(), payload: text };
        return current.current.key;
      },
      /** After a success: the next submission is a new request, even with the same values. */
      reset() {
        current.current = null;
      },
    }),
    [],
  );
}

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID exists only in secure contexts; build the same version-4 UUID from random bytes.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * PUT one side of an identity document as multipart/form-data (field `file`). XMLHttpRequest
 * rather than fetch because only it reports upload progress; being same-origin, the browser adds
 * the session cookie and the Origin header the server checks.
 */
export function uploadDocument(input: {
  documentType: DocumentType;
  side: DocumentSide;
  file: File;
  onProgress: (percent: number) => void;
}): Promise<VerificationDto> {
  const { documentType, side, file, onProgress } = input;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", `/api/verification/documents/${documentType}/${side}`);
    request.setRequestHeader("accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    });
    request.addEventListener("load", () => {
      const data = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(data as VerificationDto);
      else reject(apiErrorFrom(request.status, request.statusText, data));
    });
    request.addEventListener("error", () => reject(new ApiError(networkErrorStatus, "NETWORK_ERROR", networkErrorMessage)));
    request.addEventListener("abort", () => reject(new ApiError(networkErrorStatus, "ABORTED", say(msg`The upload was cancelled.`))));
    const body = new FormData();
    body.append("file", file);
    request.send(body);
  });
}

/** 401: the session ended (signed out in another tab, or expired) while the page was open. */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The <reason> of the 'Failed to … : <reason>' toasts: the server's message, or why it could not be reached. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError && error.message.trim() !== "") return error.shownMessage;
  return say(msg`Unknown error`);
}

// Profile › Security and Where you're signed in (decision 039).

/** The secret (as an otpauth:// address for the QR code) and the recovery codes of an enrolment just started. */
export type Enrolment = { totpURI: string; backupCodes: string[] };

/** Starts turning on the authenticator app: the password again; answers the secret and the recovery codes. */
export function enableTwoFactor(password: string): Promise<Enrolment> {
  return api.post<Enrolment>("/api/auth/two-factor/enable", { password });
}

/** The first code from the app, which completes the enrolment. */
export function confirmTwoFactor(code: string): Promise<unknown> {
  return api.post("/api/auth/two-factor/verify-totp", { code });
}

/** Turns the authenticator app off: the password and a current code (the app's or a recovery code). */
export function disableTwoFactor(body: { password: string; code: string }): Promise<unknown> {
  return api.post("/api/auth/two-factor/disable", body);
}

export const ownSessionsQuery = queryOptions({
  queryKey: [...queryKeys.me, "sessions"],
  queryFn: ({ signal }) => api.get<OwnSessionList>("/api/me/sessions", signal),
});

/** Ends one session of the owner's (this browser's own signs it out). */
export function endOwnSession(id: string): Promise<void> {
  return apiRequest<void>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Ends every session of the owner but this browser's. */
export function endOtherOwnSessions(): Promise<void> {
  return apiRequest<void>("/api/me/sessions", { method: "DELETE" });
}
