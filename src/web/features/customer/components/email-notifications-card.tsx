import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast.tsx";
import type { Me } from "#shared/me.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { queryKeys } from "@/lib/live-updates.ts";
import { sessionQueryKey } from "@/lib/session.ts";
import { failureReason, updateEmailNotifications } from "../customer-api.ts";

export const emailNotificationsLabel = msg`E-mail me about my deposits, withdrawals, verification and SIMs`;
export const securityMailNote = msg`Security messages, such as password resets, are always sent.`;

/**
 * The Profile page's e-mail preference: a switch saved at once with PATCH /api/me
 * `{ emailNotifications }`; it shows the new value while the request runs and goes back if it fails.
 */
export function EmailNotificationsCard({ me }: { me: Me }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: updateEmailNotifications,
    onSuccess: (saved, enabled) => {
      queryClient.setQueryData(queryKeys.me, saved);
      queryClient.setQueryData(sessionQueryKey, saved);
      toast.success(enabled ? msg`E-mail notifications turned on` : msg`E-mail notifications turned off`);
    },
    onError: (error) => {
      // The reason is read as the toast renders: the server's words follow a language switch too.
      toast.error((i18n) => {
        const reason = failureReason(error);
        return i18n._(msg`Failed to save your e-mail preference: ${reason}`);
      });
    },
  });
  const checked = save.isPending ? save.variables : me.emailNotifications;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>E-mail notifications</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>We write to {me.email} when an admin decides on something you asked for.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <label htmlFor="email-notifications" className="flex cursor-pointer items-start justify-between gap-4">
          <span className="grid gap-1">
            <span className="text-sm font-medium">{i18n._(emailNotificationsLabel)}</span>
            <span id="email-notifications-note" className="text-sm text-muted-foreground">
              {i18n._(securityMailNote)}
            </span>
          </span>
          {/* The real checkbox lies, invisible, over the drawn track: a click or a tap lands on it. */}
          <span className="relative mt-0.5 inline-flex h-6 w-11 shrink-0">
            <input
              id="email-notifications"
              type="checkbox"
              role="switch"
              aria-describedby="email-notifications-note"
              checked={checked}
              disabled={save.isPending}
              onChange={(event) => save.mutate(event.target.checked)}
              className="peer absolute inset-0 z-10 m-0 cursor-pointer opacity-0 disabled:cursor-wait"
            />
            <span
              aria-hidden="true"
              className="relative inline-flex h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:opacity-60 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
            />
          </span>
        </label>
      </CardContent>
    </Card>
  );
}
