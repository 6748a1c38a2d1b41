import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { AdminSim } from "./sims-api.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { translated } from "@/features/admin/shell/admin-i18n.ts";

/**
 * What an admin weighs before approving a SIM as a payout number (docs/decisions/022-sims-as-payout-numbers.md):
 * the wallet it is for, the withdrawals already sent to the number, and other accounts that
 * registered it. A number others use is marked, since approving it lets this customer's money go there.
 */
export function SimNumberFacts({ sim }: { sim: Pick<AdminSim, "operator" | "history"> }) {
  const { t } = useLingui();
  const { withdrawals, withdrawalsByOthers, otherAccounts } = sim.history;
  const sharedWithOthers = withdrawalsByOthers > 0 || otherAccounts > 0;
  const operator = sim.operator === "any" ? t`Any wallet` : sim.operator;
  return (
    // Narrow, so the table keeps its action buttons in view at 1280 px: the lines wrap instead.
    <div className="mt-0.5 grid max-w-40 gap-0.5 text-xs" data-testid="sim-number-facts">
      <span className="text-muted-foreground">{t`Operator: ${operator}`}</span>
      <span className={sharedWithOthers ? "font-medium text-amber-800" : "text-muted-foreground"}>
        {historyText(withdrawals, withdrawalsByOthers, otherAccounts)}
      </span>
    </div>
  );
}

/** 'No withdrawals to this number yet', '3 withdrawals to this number (2 by other accounts) · 1 other account registered it'. */
export function historyText(withdrawals: number, withdrawalsByOthers: number, otherAccounts: number): string {
  const byOthers = formatCount(withdrawalsByOthers);
  const sent =
    withdrawals === 0
      ? translated(msg`No withdrawals to this number yet`)
      : withdrawalsByOthers > 0
        ? translated(
            msg`${plural(withdrawals, { one: "# withdrawal to this number", other: "# withdrawals to this number" })} (${byOthers} by other accounts)`,
          )
        : translated(msg`${plural(withdrawals, { one: "# withdrawal to this number", other: "# withdrawals to this number" })}`);
  if (otherAccounts === 0) return sent;
  return `${sent} · ${translated(msg`${plural(otherAccounts, { one: "# other account registered it", other: "# other accounts registered it" })}`)}`;
}
