// Lists update without a reload (docs/architecture.md, Realtime): one EventSource on /api/events per signed-in
// layout; each change event invalidates the queries that show that table. Query keys start with
// the names below, so a screen only has to use the right first key to stay live.
import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionQueryKey } from "./session.ts";

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

/**
 * Refetches, after a change, the shown queries under a key (all of them without one). A fetch
 * already under way may carry an answer from before the change, and TanStack Query joins an
 * invalidation to it instead of sending another (always for a query's first fetch): a receipt
 * opened just as an admin decided kept the old status. Cancelling it instead would starve a list
 * while changes come faster than it loads. So a fetch under way is left to finish and then sent
 * once more, however many changes came meanwhile.
 */
export function followChanges(queryClient: QueryClient): { changed: (queryKey?: QueryKey) => void; stop: () => void } {
  const cache = queryClient.getQueryCache();
  /** Queries (by hash) whose fetch under way may predate a change. */
  const askAgain = new Set<string>();
  const stop = cache.subscribe((event) => {
    const { query } = event;
    if (event.type !== "updated" || query.state.fetchStatus !== "idle" || !askAgain.delete(query.queryHash)) return;
    void queryClient.invalidateQueries({ queryKey: query.queryKey as QueryKey, exact: true }, { cancelRefetch: false });
  });
  const changed = (queryKey?: QueryKey) => {
    const filters = queryKey ? { queryKey } : {};
    for (const query of cache.findAll(filters)) if (query.state.fetchStatus !== "idle") askAgain.add(query.queryHash);
    void queryClient.invalidateQueries(filters, { cancelRefetch: false });
  };
  return { changed, stop };
}

/** How long to wait before asking again for a stream the server refused (busy, too many tabs, a restart). */
const reopenAfterMs = [2_000, 5_000, 15_000, 30_000] as const;

/**
 * Keeps this browser's queries fresh while mounted. The browser reconnects a dropped stream by
 * itself; events sent while it was away are lost, so every shown query is refreshed when it is back.
 * A stream the server answered with an error (429, 503, a 401 between a reload and a redirect) is
 * not retried by the browser, so this opens a new one after a pause.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { changed, stop: stopFollowing } = followChanges(queryClient);
    let source: EventSource | undefined;
    let reopening: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    // Set when the stream broke or was refused: events sent meanwhile never reached this browser.
    let missedSome = false;
    const onChange = (message: MessageEvent<string>) => {
      let table: string;
      try {
        table = (JSON.parse(message.data) as { table: string }).table;
      } catch {
        return;
      }
      for (const key of affectedBy[table] ?? []) changed(key);
    };
    const onOpen = () => {
      failures = 0;
      if (missedSome) changed();
      missedSome = false;
    };
    // The server lost its own feed of changes for a moment (its database restarted): whatever
    // changed meanwhile was not announced, so everything shown is refetched.
    const onResync = () => changed();
    const onError = () => {
      missedSome = true;
      if (source?.readyState !== EventSource.CLOSED) return; // the browser is reconnecting by itself
      close();
      // Refused: perhaps the session has ended. Asking who is signed in lets the guard send them to sign in.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      reopening = setTimeout(connect, reopenAfterMs[Math.min(failures, reopenAfterMs.length - 1)]);
      failures += 1;
    };
    const connect = () => {
      source = new EventSource("/api/events");
      source.addEventListener("change", onChange);
      source.addEventListener("open", onOpen);
      source.addEventListener("resync", onResync);
      source.addEventListener("error", onError);
    };
    const close = () => {
      source?.removeEventListener("change", onChange);
      source?.removeEventListener("open", onOpen);
      source?.removeEventListener("resync", onResync);
      source?.removeEventListener("error", onError);
      source?.close();
      source = undefined;
    };
    connect();
    return () => {
      clearTimeout(reopening);
      close();
      stopFollowing();
    };
  }, [queryClient]);
}
