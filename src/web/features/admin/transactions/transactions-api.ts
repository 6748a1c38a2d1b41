// The transactions list, one transaction whole, and approving or rejecting it.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { adminTransactionDetailSchema, adminTransactionSchema } from "#shared/admin-schemas.ts";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { adminApi, withQuery, type CappedPageOf } from "../shell/admin-api.ts";
import { queryKeys } from "../../../lib/live-updates.ts";

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

export function rejectTransaction(input: { id: string; reason: string }) {
  return adminApi.post(`/api/admin/transactions/${input.id}/reject`, input.reason ? { reason: input.reason } : {});
}
