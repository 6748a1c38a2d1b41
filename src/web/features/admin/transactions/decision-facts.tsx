import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { BadgeCheck, CalendarClock, CircleAlert, History, Smartphone } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { DecisionFactsDto } from "#shared/admin-schemas.ts";
import { Badge, type BadgeTone } from "@/components/ui/badge.tsx";
import { cn } from "@/lib/class-names.ts";
import { formatBdtAmount, formatShortDate } from "@/features/admin/shell/admin-format.ts";

const dayMs = 86_400_000;

/** Whole days since `iso` (never negative, for a clock behind the server's). */
function daysSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / dayMs));
}

const verificationTones: Record<DecisionFactsDto["verification"], BadgeTone> = {
  approved: "success",
  pending: "info",
  none: "warning",
  rejected: "danger",
};

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd className="grid grid-cols-[1rem_minmax(0,1fr)] items-start gap-x-2">
        <span aria-hidden="true" className="mt-0.5 text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
        <div className="min-w-0">{children}</div>
      </dd>
    </div>
  );
}

/**
 * The facts beside a decision (decision 040), read from the transaction's detail: the customer's
 * verification, whether a withdrawal's number is one of their approved SIMs, earlier payouts to that
 * number (to other customers: a warning), how long they have been a customer, and their last five
 * decided transactions. Plain facts in words with icons, never colour alone.
 */
export function DecisionFacts({ facts, className }: { facts: DecisionFactsDto; className?: string }) {
  const { t, i18n } = useLingui();
  // The day the panel opened is precise enough for an account's age in days.
  const [now] = useState(() => Date.now());
  const days = daysSince(facts.accountCreatedAt, now);
  const verification = {
    approved: t`Identity verified`,
    pending: t`Identity verification pending`,
    none: t`Identity not verified`,
    rejected: t`Identity verification rejected`,
  }[facts.verification];
  const payouts = facts.earlierPayouts;
  return (
    <section aria-label={t`Facts about this customer`} className={cn("grid gap-2 rounded-lg border border-border p-3 text-sm", className)}>
      <dl className="grid gap-1.5">
        <Fact icon={<BadgeCheck />} label={t`Verification`}>
          <Badge tone={verificationTones[facts.verification]}>{verification}</Badge>
        </Fact>
        {facts.numberIsApprovedSim !== null ? (
          <Fact icon={<Smartphone />} label={t`Number`}>
            {facts.numberIsApprovedSim ? (
              <Trans>One of their approved SIMs</Trans>
            ) : (
              <span className="font-medium text-amber-800">
                <Trans>Not one of their approved SIMs</Trans>
              </span>
            )}
          </Fact>
        ) : null}
        {payouts ? <EarlierPayouts payouts={payouts} /> : null}
        <Fact icon={<CalendarClock />} label={t`Account age`}>
          {days === 0 ? t`Customer since today` : i18n._(msg`${plural(days, { one: "Customer for # day", other: "Customer for # days" })}`)}
        </Fact>
      </dl>
      <LastDecisions decisions={facts.lastDecisions} />
    </section>
  );
}

function EarlierPayouts({ payouts }: { payouts: NonNullable<DecisionFactsDto["earlierPayouts"]> }) {
  const { t, i18n } = useLingui();
  return (
    <Fact icon={<History />} label={t`Earlier payouts to this number`}>
      <span className="block">
        {i18n._(
          msg`${plural(payouts.toThisCustomer, {
            0: "No earlier payouts to this number for this customer",
            one: "# earlier payout to this number for this customer",
            other: "# earlier payouts to this number for this customer",
          })}`,
        )}
      </span>
      {payouts.toOtherCustomers > 0 ? (
        <span className="mt-1 flex items-start gap-1 rounded-md bg-amber-100 px-2 py-1 font-medium text-amber-900" data-warning="">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {i18n._(
            msg`${plural(payouts.toOtherCustomers, {
              one: "Warning: this number was paid # time for another customer",
              other: "Warning: this number was paid # times for other customers",
            })}`,
          )}
        </span>
      ) : (
        <span className="block text-muted-foreground">
          <Trans>Never paid for another customer</Trans>
        </span>
      )}
    </Fact>
  );
}

/** The customer's last decided transactions: type, amount, outcome and day. */
function LastDecisions({ decisions }: { decisions: DecisionFactsDto["lastDecisions"] }) {
  const { t } = useLingui();
  return (
    <div>
      <h3 className="text-xs font-semibold text-muted-foreground">
        <Trans>Last decisions</Trans>
      </h3>
      {decisions.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>No decided transactions yet</Trans>
        </p>
      ) : (
        <ul className="mt-1 grid gap-0.5">
          {decisions.map((decision) => (
            <li key={decision.id} className="flex flex-wrap gap-x-2 tabular-nums">
              <span>{decision.type === "deposit" ? t`Deposit` : t`Withdraw`}</span>
              <span className="font-medium">{formatBdtAmount(decision.amount)}</span>
              <span className={decision.status === "completed" ? "text-emerald-800" : "text-red-700"}>
                {decision.status === "completed" ? t`Approved` : t`Rejected`}
              </span>
              <time dateTime={decision.processedAt} className="text-muted-foreground">
                {formatShortDate(decision.processedAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
