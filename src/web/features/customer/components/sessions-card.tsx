import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, Monitor, Smartphone } from "lucide-react";
import { toast } from "@/lib/toast.tsx";
import type { OwnSession } from "#shared/session-schemas.ts";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { endOtherOwnSessions, endOwnSession, failureReason, ownSessionsQuery } from "../customer-api.ts";
import { formatDateTime } from "../customer-format.ts";
import { LoadFailed } from "./load-failed.tsx";

/** Systems that are phones or tablets, for the icon beside a session. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- names as the server answers them, not words
const handhelds = new Set(["iPhone", "iPad", "iPod", "Android", "iOS"]);

/**
 * Profile › Where you're signed in (decision 039): every live session of the account, this
 * browser's first, with the device, the address it came from and when it was last used; the others
 * can be signed out one by one or all at once. A session the owner does not recognise is a stolen
 * password's trace: ending it here ends it at once.
 */
export function SessionsCard() {
  const { t } = useLingui();
  const { sessions, endOne, endOthers } = useSessionActions();
  const items = sessions.data?.items ?? [];
  const others = items.filter((item) => !item.current);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Where you&apos;re signed in</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>If you do not recognise a device, sign it out and change your password.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <LoadingState label={t`Loading sessions...`} />
        ) : sessions.isError ? (
          <LoadFailed onRetry={() => void sessions.refetch()}>
            <Trans>Could not load where you are signed in.</Trans>
          </LoadFailed>
        ) : (
          <ul aria-label={t`Signed-in devices`} className="grid divide-y divide-border rounded-lg border border-border">
            {items.map((item) => (
              <SessionRow
                key={item.id}
                session={item}
                ending={endOne.isPending && endOne.variables === item.id}
                onEnd={() => endOne.mutate(item.id)}
              />
            ))}
          </ul>
        )}
        {others.length > 0 ? (
          <Button variant="outline" className="w-full sm:w-fit" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
            <LogOut aria-hidden="true" />
            {endOthers.isPending ? t`Signing out...` : t`Sign out everywhere else`}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session, ending, onEnd }: { session: OwnSession; ending: boolean; onEnd: () => void }) {
  const { t } = useLingui();
  const { browser, system } = session;
  const device = browser === null ? t`Unknown device` : system === null ? browser : t`${browser} on ${system}`;
  const Icon = system !== null && handhelds.has(system) ? Smartphone : Monitor;
  const lastUsed = formatDateTime(session.lastSeenAt);
  const place = session.ipAddress ?? t`Unknown address`;

  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-session-id={session.id}>
      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="[overflow-wrap:anywhere]">{device}</span>
          {session.current ? (
            <Badge tone="success">
              <Trans>This device</Trans>
            </Badge>
          ) : null}
        </p>
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {session.current ? (
            <Trans>From {place} · In use now</Trans>
          ) : (
            <Trans>
              From {place} · Last used {lastUsed}
            </Trans>
          )}
        </p>
      </div>
      {session.current ? null : (
        <Button variant="outline" size="sm" disabled={ending} onClick={onEnd} aria-label={t`Sign out ${device}`}>
          <Trans>Sign out</Trans>
        </Button>
      )}
    </li>
  );
}

/** The owner's sessions, and signing out one device or every other one, with their toasts. */
function useSessionActions() {
  const queryClient = useQueryClient();
  const sessions = useQuery(ownSessionsQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ownSessionsQuery.queryKey });
  const endOne = useMutation({
    mutationFn: endOwnSession,
    onSuccess: async () => {
      toast.success(msg`That device is signed out.`);
      await refresh();
    },
    onError: (error) => {
      // The reason is read as the toast renders: the server's words follow a language switch too.
      toast.error((i18n) => {
        const reason = failureReason(error);
        return i18n._(msg`Failed to sign out that device: ${reason}`);
      });
      void refresh();
    },
  });
  const endOthers = useMutation({
    mutationFn: endOtherOwnSessions,
    onSuccess: async () => {
      toast.success(msg`Every other device is signed out.`);
      await refresh();
    },
    onError: (error) => {
      // The reason is read as the toast renders: the server's words follow a language switch too.
      toast.error((i18n) => {
        const reason = failureReason(error);
        return i18n._(msg`Failed to sign out the other devices: ${reason}`);
      });
    },
  });
  return { sessions, endOne, endOthers };
}
