// The money limits a deployment sets (docs/architecture.md, Configuration), in the units the
// checks compare: the deposit minimum in micro-USDT, the withdrawal limits in poisha.
import type { Config } from "../config.ts";

export type Limits = {
  depositMinMicro: bigint; // 0 = no minimum
  withdrawalMinPoisha: bigint; // 0 = no minimum
  withdrawalDailyMaxPoisha: bigint; // 0 = no maximum
};

/** The limits as configured (docs/architecture.md, Configuration); a limit of 0 is off. */
export function limitsFrom(config: Config): Limits {
  return {
    depositMinMicro: BigInt(config.depositMinUsdt) * 1_000_000n,
    withdrawalMinPoisha: BigInt(config.withdrawalMinBdt) * 100n,
    withdrawalDailyMaxPoisha: BigInt(config.withdrawalDailyMaxBdt) * 100n,
  };
}

/** Four eyes (decision 020): adjustments and withdrawal approvals of this many poisha or more wait for a second admin; 0 = off. */
export function fourEyesMinPoishaOf(config: Config): bigint {
  return BigInt(config.fourEyesMinBdt) * 100n;
}
