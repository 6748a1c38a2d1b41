// Solvency and the proof of reserves on the wire (docs/architecture.md, HTTP API; decision 053).
// BDT amounts are decimal strings with two decimals ("12500.50"), USDT amounts decimal strings
// ("1500.25"), tree sums decimal strings of poisha, hashes lower-case hex, times ISO 8601.
import { z } from "zod";
import { isBdtAmount, latinDigits } from "./money.ts";
import { withdrawalWalletTypes } from "./wallet-schemas.ts";

/** The company's mobile wallets whose float admins record: the providers customers withdraw to. */
export const floatWalletTypes = withdrawalWalletTypes;
export type FloatWalletType = (typeof floatWalletTypes)[number];

/** Why the dashboard shows a red banner. */
export const solvencyAlertKinds = ["coverage_below_100", "coverage_dropped", "reserve_blacklisted"] as const;
export type SolvencyAlertKind = (typeof solvencyAlertKinds)[number];

export const floatWalletParamsSchema = z.object({
  walletType: z.enum(floatWalletTypes, { error: "Wallet type must be bKash, Nagad or Upay" }),
});

export const floatReadingSchema = z.object({
  amountBdt: z
    .string({ error: "Please enter a valid amount" })
    .trim()
    .transform(latinDigits)
    .refine((text) => isBdtAmount(text), "Please enter a valid amount"),
  note: z.string({ error: "Note must be text" }).trim().max(500, "Note must be at most 500 characters").default(""),
});

export const reserveAddressSchema = z.object({
  address: z.string(),
  /** USDT at the last good read; null before the first one. */
  amount: z.string().nullable(),
  asOf: z.string().nullable(),
  /** Whether Tether's contract has the address blacklisted (isBlackListed); null = not known yet. */
  blacklisted: z.boolean().nullable(),
  /** The last read's error, when the last read failed. */
  lastError: z.string().nullable(),
});

export const floatStatusSchema = z.object({
  walletType: z.enum(floatWalletTypes),
  /** The last reading; null before the first. */
  amountBdt: z.string().nullable(),
  asOf: z.string().nullable(),
  /** The last reading minus the payouts approved through this provider since. */
  expectedBdt: z.string().nullable(),
  note: z.string().nullable(),
  recordedBy: z.string().nullable(),
});

export const solvencySchema = z.object({
  liabilitiesBdt: z.string(),
  reservesBdt: z.string(),
  /** Reserves over liabilities, in percent with two decimals ("101.25"); null when nothing is owed. */
  coverage: z.string().nullable(),
  usdtReserve: z.object({
    addresses: z.array(z.string()),
    amount: z.string(),
    /** The oldest of the addresses' last good reads: the figure is at least this fresh. */
    asOf: z.string().nullable(),
    rate: z.string(),
    amountBdt: z.string(),
    readings: z.array(reserveAddressSchema),
  }),
  floats: z.array(floatStatusSchema),
  history: z.array(z.object({ date: z.string(), liabilitiesBdt: z.string(), reservesBdt: z.string() })),
  alerts: z.array(z.object({ kind: z.enum(solvencyAlertKinds), address: z.string().optional() })),
});
export type SolvencyDto = z.infer<typeof solvencySchema>;

const proofNodeSchema = z.object({ hash: z.string(), sum: z.string() });

export const proofOfReservesSchema = z.object({
  snapshotId: z.string(),
  takenAt: z.string(),
  root: proofNodeSchema,
  leafCount: z.number().int(),
  reserves: z.object({
    usdtAmount: z.string(),
    usdtAddresses: z.array(z.string()),
    floatsBdt: z.string(),
    rate: z.string(),
  }),
  coverage: z.string().nullable(),
});
export type ProofOfReservesDto = z.infer<typeof proofOfReservesSchema>;

export const proofOfLiabilitiesSchema = z.object({
  snapshotId: z.string(),
  root: proofNodeSchema,
  leaf: z.object({ nonce: z.string(), balance: z.string(), hash: z.string() }),
  path: z.array(proofNodeSchema.extend({ side: z.enum(["left", "right"]) })),
});
export type ProofOfLiabilitiesDto = z.infer<typeof proofOfLiabilitiesSchema>;

export const snapshotTakenSchema = proofOfReservesSchema;
