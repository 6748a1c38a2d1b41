// Lists update without a reload (docs/architecture.md, Realtime): one EventSource on /api/events per signed-in
// layout; each change event invalidates the queries that show that table. Query keys start with
// the names below, so a screen only has to use the right first key to stay live.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

export const queryKeys = {
  me: ["me"],
  wallet: ["wallet"],
  transactions: ["transactions"],
  sims: ["sims"],
  verification: ["verification"],
  adminStats: ["admin-stats"],
  adminUsers: ["admin-users"],
  adminTransactions: ["admin-transactions"],
  adminSims: ["admin-sims"],
  adminVerifications: ["admin-verifications"],
  adminAuditLog: ["admin-audit-log"],
  adminSecondApprovals: ["admin-second-approvals"],
} as const;

const affectedBy: Record<string, readonly (readonly string[])[]> = {
  transactions: [
    queryKeys.transactions,
    queryKeys.wallet,
    queryKeys.adminTransactions,
    queryKeys.adminStats,
    queryKeys.adminAuditLog,
    queryKeys.adminSecondApprovals,
  ],
  // Four eyes: a request made, confirmed or declined.
  second_approvals: [queryKeys.adminSecondApprovals, queryKeys.adminStats, queryKeys.adminTransactions],
  profiles: [queryKeys.wallet, queryKeys.me, queryKeys.adminUsers, queryKeys.adminStats],
  sims: [queryKeys.sims, queryKeys.adminSims],
  verifications: [queryKeys.verification, queryKeys.me, queryKeys.adminVerifications, queryKeys.adminUsers],
};

/** Keeps this browser's queries fresh while mounted; reconnects by itself (EventSource retry). */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource("/api/events");
    const onChange = (message: MessageEvent<string>) => {
      let table: string;
      try {
        table = (JSON.parse(message.data) as { table: string }).table;
      } catch {
        return;
      }
      for (const key of affectedBy[table] ?? []) void queryClient.invalidateQueries({ queryKey: key });
    };
    source.addEventListener("change", onChange);
    return () => {
      source.removeEventListener("change", onChange);
      source.close();
    };
  }, [queryClient]);
}
