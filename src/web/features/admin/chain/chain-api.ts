// What the back office reads of the chain (decisions 019, 038): the unclaimed (or claimed) transfers,
// assigning one to a request by hand, and the chain watcher's status.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { ChainTransferListStatus, ChainWatcherStatusDto, unclaimedTransfersPageSchema } from "#shared/admin-schemas.ts";
import type { AdminTransactionDetail } from "../transactions/transactions-api.ts";
import { adminApi, withQuery } from "../shell/admin-api.ts";
import { queryKeys } from "../../../lib/live-updates.ts";

export type UnclaimedTransfersPage = z.infer<typeof unclaimedTransfersPageSchema>;

/**
 * USDT that reached the deposit address with no matching request (status "unclaimed"), or the transfers
 * a request holds ("claimed"), newest first. Keyed under the transactions, so a deposit matched to one of
 * them (a transactions event) refreshes this list too.
 */
export function unclaimedTransfersQuery(query: { status: ChainTransferListStatus; page: number; pageSize: number }) {
  return queryOptions({
    queryKey: [...queryKeys.adminTransactions, "unclaimed-transfers", query.status, query.page],
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
