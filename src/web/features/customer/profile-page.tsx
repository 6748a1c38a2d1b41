import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { Me } from "#shared/me.ts";
import { ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { meQuery } from "@/features/customer/customer-api.ts";
import { EmailNotificationsCard } from "@/features/customer/components/email-notifications-card.tsx";
import { ProfileForm } from "@/features/customer/components/profile-form.tsx";
import { SecurityCard } from "@/features/customer/components/security-card.tsx";
import { SessionsCard } from "@/features/customer/components/sessions-card.tsx";
import { VerifyBalanceCard } from "@/features/customer/components/verify-balance-card.tsx";
import { StatusBadge, verificationStatusLabels } from "@/components/status-badge.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { LoadFailed } from "./components/load-failed.tsx";

// The screen's messages (docs/product.md, Messages).
const loadFailedMessage = msg`Failed to load profile data`;

/**
 * Profile (docs/product.md, Customer area › Profile): personal details, the ID number, where the
 * identity verification stands, and the account's security: the authenticator app and where the
 * owner is signed in (decision 039), and the check that their balance is in the published proof of
 * reserves (decision 053).
 */
export default function ProfilePage() {
  const { t, i18n } = useLingui();
  const me = useQuery(meQuery);

  useEffect(() => {
    if (me.isError) toast.error(loadFailedMessage);
  }, [me.isError, i18n]);

  const user = me.data;

  return (
    <>
      <title>{t`Profile · Nexapay`}</title>
      <PageHeader title={t`Profile`} description={t`Keep your personal details up to date.`} />
      {user ? (
        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <IdentityCard user={user} />
          <div className="grid min-w-0 gap-6">
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Personal information</Trans>
                </CardTitle>
                <CardDescription>
                  <Trans>All fields are optional. Leave one empty to remove it.</Trans>
                </CardDescription>
              </CardHeader>
              <CardContent>
                <ProfileForm me={user} />
              </CardContent>
            </Card>
            <EmailNotificationsCard me={user} />
            <SecurityCard me={user} />
            <SessionsCard />
            <VerifyBalanceCard />
          </div>
        </div>
      ) : me.isError ? (
        <LoadFailed onRetry={() => void me.refetch()}>{i18n._(loadFailedMessage)}</LoadFailed>
      ) : (
        <LoadingState label={t`Loading profile...`} />
      )}
    </>
  );
}

/** Who this is (initials, name, e-mail) and where their identity verification stands. */
function IdentityCard({ user }: { user: Me }) {
  const { t } = useLingui();
  const initials = (user.fullName ?? user.username).trim().slice(0, 1).toUpperCase();
  return (
    <Card className="h-fit">
      <CardContent className="grid justify-items-center gap-3 pt-6 text-center">
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-2xl font-semibold text-emerald-800"
        >
          {initials}
        </span>
        <div className="grid min-w-0 gap-0.5">
          <p className="font-semibold [overflow-wrap:anywhere]">{user.fullName ?? user.username}</p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
        </div>
        <div className="grid w-full gap-2 border-t border-border pt-4">
          <dl className="grid justify-items-center gap-2">
            <dt className="text-sm font-medium">
              <Trans>Verification status</Trans>
            </dt>
            <dd>
              <StatusBadge status={user.verificationStatus} label={verificationStatusLabels[user.verificationStatus]} icon />
            </dd>
          </dl>
          {user.verificationStatus !== "approved" ? (
            <Button asChild variant="outline" size="sm" className="mt-1">
              <Link to="/verification">
                <ShieldCheck aria-hidden="true" />
                {user.verificationStatus === "pending" ? t`View verification` : t`Verify identity`}
              </Link>
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
