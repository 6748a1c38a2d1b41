import { useLingui } from "@lingui/react/macro";
import { KeyRound, MonitorSmartphone, PhoneOutgoing, ShieldOff, Snowflake, type LucideIcon } from "lucide-react";
import type { WithdrawalRiskDto } from "#shared/admin-schemas.ts";
import { Badge, type BadgeTone } from "@/components/ui/badge.tsx";
import { cn } from "@/lib/class-names.ts";

type Fact = { key: string; tone: BadgeTone; icon: LucideIcon; text: string; short: string };

/**
 * What is known about a withdrawal's circumstances (decision 039), beside the decision: plain facts,
 * not a score. Each is a badge with words and an icon (never colour alone); only the facts that hold
 * are shown, and the second factor either way. `compact` (the queue's narrow column at 1280 px)
 * shows short words, the whole sentence being the badge's title and what a screen reader reads; the
 * approve dialog and the details show the sentences.
 */
export function WithdrawalRiskFacts({
  risk,
  compact = false,
  className,
}: {
  risk: WithdrawalRiskDto | null;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  if (!risk) return null;
  const facts: Fact[] = [];
  if (risk.frozenByCustomer)
    facts.push({ key: "frozen", tone: "danger", icon: Snowflake, text: t`Frozen by the customer`, short: t`Frozen` });
  if (risk.newNumber) facts.push({ key: "number", tone: "warning", icon: PhoneOutgoing, text: t`New number`, short: t`New number` });
  if (risk.newDeviceSignIn24h)
    facts.push({
      key: "device",
      tone: "warning",
      icon: MonitorSmartphone,
      text: t`Signed in from a new device in the last 24 h`,
      short: t`New device, 24 h`,
    });
  facts.push(
    risk.secondFactor
      ? { key: "factor", tone: "neutral", icon: KeyRound, text: t`Uses a second factor`, short: t`2FA` }
      : { key: "factor", tone: "neutral", icon: ShieldOff, text: t`No second factor`, short: t`No 2FA` },
  );
  return (
    <ul className={cn("flex flex-wrap items-start gap-1 [&_.rounded-full]:rounded-lg [&_.rounded-full]:whitespace-normal", className)}>
      {facts.map(({ key, tone, icon: Icon, text, short }) => (
        <li key={key}>
          <Badge tone={tone} title={compact && short !== text ? text : undefined}>
            <Icon aria-hidden="true" />
            {compact && short !== text ? (
              <>
                <span aria-hidden="true">{short}</span>
                <span className="sr-only">{text}</span>
              </>
            ) : (
              text
            )}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
