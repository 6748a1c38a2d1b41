// What the back office reads and writes about solvency (decision 053): the figures, the float
// readings admins record, and the proof of reserves a super admin publishes on demand.
import { queryOptions } from "@tanstack/react-query";
import type { FloatWalletType, ProofOfReservesDto, SolvencyDto } from "#shared/solvency-schemas.ts";
import type { z } from "zod";
import type { floatStatusSchema } from "#shared/solvency-schemas.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { adminApi } from "../shell/admin-api.ts";
import { queryKeys } from "../../../lib/live-updates.ts";

export type FloatStatus = z.infer<typeof floatStatusSchema>;

/**
 * Liabilities against reserves, the floats, the daily history and the alerts. Under the dashboard's
 * key: a balance that changes (a transactions or profiles event) changes what is owed, and the
 * dashboard's red banner reads the same answer.
 */
export const solvencyQuery = queryOptions({
  queryKey: [...queryKeys.adminStats, "solvency"],
  queryFn: ({ signal }) => adminApi.get<SolvencyDto>("/api/admin/solvency", signal),
});

/** The latest published proof of reserves; null before the first snapshot (the server answers 404). */
export const latestProofQuery = queryOptions({
  queryKey: [...queryKeys.adminStats, "proof-of-reserves"],
  queryFn: async ({ signal }) => {
    try {
      return await adminApi.get<ProofOfReservesDto>("/api/proof-of-reserves", signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

/** Records what an admin read in a merchant wallet's app just now (audited). */
export function recordFloat(walletType: FloatWalletType, input: { amountBdt: string; note: string }) {
  return adminApi.put<FloatStatus>(`/api/admin/solvency/floats/${encodeURIComponent(walletType)}`, input);
}

/** A super admin publishes a proof of reserves now, besides the daily one (201). */
export function publishProof() {
  return adminApi.post<ProofOfReservesDto>("/api/admin/proof-of-reserves/snapshots");
}
