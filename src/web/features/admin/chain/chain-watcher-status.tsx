import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Activity } from "lucide-react";
import { Badge } from "@/components/ui/badge.tsx";
import { cn } from "@/lib/class-names.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { serverMessageText } from "@/lib/server-messages.ts";
import { chainStatusQuery } from "./chain-api.ts";
import { formatDateTime } from "@/features/admin/shell/admin-format.ts";
import { refusedItems, watcherStateLabel, watcherStateTone } from "./chain-status.ts";

/**
 * How the chain watcher is doing (GET /api/admin/chain/status, decision 038), above Unclaimed
 * transfers: its state, why it fails in the server's words, its last good poll, how far it has read,
 * its last error with its time whenever there is one (also after it recovered: an admin sees that
 * something failed while nobody looked) and what its last poll refused. Nothing while the watcher is off (the page says so) or when the
 * server does not answer the status.
 */
export function ChainWatcherStatus({ className }: { className?: string }) {
  const { t } = useLingui();
  const status = useQuery({ ...chainStatusQuery, refetchInterval: 15_000 });
  if (!status.data || status.data.watcher !== "on") return null;
  const s = status.data;
  const refused = refusedItems(s.lastPollRefused);
  const tone = watcherStateTone(s.state);
  const at = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
  return (
    <section
      aria-labelledby="chain-watcher-status"
      className={cn(
        "mb-4 grid gap-2 rounded-xl border px-4 py-3 text-sm",
        tone === "danger" ? "border-red-200 bg-red-50" : "border-border bg-white shadow-sm",
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Activity aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <h2 id="chain-watcher-status" className="font-semibold">
          <Trans>Chain watcher</Trans>
        </h2>
        <Badge tone={tone}>{watcherStateLabel(s.state)}</Badge>
      </div>
      {s.reason ? <p className={tone === "danger" ? "text-red-800" : undefined}>{serverMessageText(s.reason)}</p> : null}
      <dl className="grid gap-x-4 gap-y-1 text-xs text-muted-foreground sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt>
          <Trans>Last successful poll</Trans>
        </dt>
        <dd className="text-foreground">{s.lastSuccessAt ? at(s.lastSuccessAt) : t`None yet`}</dd>
        {s.cursorAt ? (
          <>
            <dt>
              <Trans>Transfers read up to</Trans>
            </dt>
            <dd className="text-foreground">{at(s.cursorAt)}</dd>
          </>
        ) : null}
        {s.lastError && s.lastErrorAt ? (
          <>
            <dt>
              <Trans>Last error</Trans>
            </dt>
            <dd className="min-w-0 text-foreground [overflow-wrap:anywhere]">
              {at(s.lastErrorAt)}: {serverMessageText(s.lastError)}
            </dd>
          </>
        ) : null}
        {refused.length > 0 ? (
          <>
            <dt>
              <Trans>Refused in the last poll</Trans>
            </dt>
            <dd className="min-w-0 text-foreground [overflow-wrap:anywhere]">
              {refused.map(([why, count]) => `${serverMessageText(why)} (${formatCount(count)})`).join(", ")}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
