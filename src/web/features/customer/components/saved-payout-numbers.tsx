import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Smartphone } from "lucide-react";
import { normaliseBdMobile } from "#shared/bd-mobile.ts";
import type { SimDto } from "#shared/sim-schemas.ts";
import { PhoneNumber } from "@/components/phone-number.tsx";
import { cn } from "@/lib/class-names.ts";
import { simsQuery } from "../customer-api.ts";

/**
 * The customer's approved SIMs that can receive this withdrawal (docs/decisions/022-sims-as-payout-numbers.md):
 * active, Bangladeshi mobile numbers, for the chosen wallet or for any. One tap fills the wallet
 * number (and the wallet type, when the SIM names one and none is chosen yet). Nothing shows when none fits.
 */
export function SavedPayoutNumbers({
  walletType,
  selected,
  onChoose,
}: {
  walletType: string;
  selected: string;
  onChoose: (sim: SimDto) => void;
}) {
  const sims = useQuery(simsQuery);
  const offered = (sims.data?.items ?? []).filter((sim) => isOfferedFor(sim, walletType));
  if (offered.length === 0) return null;
  const selectedNumber = normaliseBdMobile(selected);
  return (
    <div role="group" aria-labelledby="saved-numbers-label" className="grid gap-2">
      <p id="saved-numbers-label" className="text-sm font-medium">
        <Trans>Your approved numbers</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        {offered.map((sim) => (
          <button
            key={sim.id}
            type="button"
            aria-pressed={selectedNumber === sim.phoneNumber}
            onClick={() => onChoose(sim)}
            className={cn(
              "inline-flex min-h-10 items-center gap-2 rounded-lg border px-3 text-sm font-medium transition-colors",
              selectedNumber === sim.phoneNumber
                ? "border-emerald-600 bg-emerald-50 text-emerald-900"
                : "border-input bg-white hover:bg-muted",
            )}
          >
            <Smartphone aria-hidden="true" className="size-4 text-emerald-700" />
            <PhoneNumber number={sim.phoneNumber} />
            <span className="text-xs font-normal text-muted-foreground">
              {sim.operator === "any" ? <Trans>Any wallet</Trans> : sim.operator}
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** Active, a Bangladeshi mobile, and for this wallet or any (every wallet while none is chosen). */
export function isOfferedFor(sim: Pick<SimDto, "status" | "operator" | "phoneNumber">, walletType: string): boolean {
  if (sim.status !== "active" || normaliseBdMobile(sim.phoneNumber) === null) return false;
  return walletType === "" || sim.operator === "any" || sim.operator === walletType;
}
