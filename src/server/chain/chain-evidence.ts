// What the back office reads of the chain (decision 019): each customer deposit request's chain
// state and the transfer behind it, and the transfers no request has claimed. The state is worked
// out by the database (nexapay_chain_state, migration 0010), so that the list can filter on it and
// approval checks the same rule.
import { and, desc, sql, type SQL } from "drizzle-orm";
import type { ChainEvidenceDto, ChainState, ChainTransferDto } from "#shared/admin-schemas.ts";
import { formatUsdt } from "#shared/money.ts";
import type { Db } from "../db/client.ts";
import { offsetOf, type Page } from "../db/paged-list.ts";
import { chainTransfers, transactions } from "../db/schema.ts";

export type ChainTransferRow = typeof chainTransfers.$inferSelect;

/** The row's chain state: null for a withdrawal or an adjustment; "off" when no watcher runs. */
export function chainStateOf(watcherOn: boolean): SQL<ChainState | null> {
  return sql<ChainState | null>`nexapay_chain_state(${transactions}, ${watcherOn})`;
}

/**
 * Joins the transfer that is the row's evidence: the matched one, else (watcher on) the one that
 * differs from the request. For a left join on chain_transfers.
 */
export function evidenceTransferJoin(watcherOn: boolean): SQL {
  return sql`${chainTransfers.id} = coalesce(${transactions.chainTransferId}, case when ${watcherOn} then nexapay_differing_transfer(${transactions}) end)`;
}

export function toChainTransferDto(row: ChainTransferRow): ChainTransferDto {
  return {
    id: row.id,
    txid: row.txid,
    fromAddress: row.fromAddress,
    amount: formatUsdt(row.amountMicro),
    blockTime: row.blockTime.toISOString(),
    firstSeenAt: row.firstSeenAt.toISOString(),
  };
}

export function toChainEvidence(state: ChainState | null, transfer: ChainTransferRow | null): ChainEvidenceDto | null {
  if (state === null) return null;
  return { state, transfer: transfer && (state === "confirmed" || state === "amount_differs") ? toChainTransferDto(transfer) : null };
}

/** The transfers no request has claimed, newest first, and how many there are. */
export async function listUnclaimedTransfers(db: Db, page: Page): Promise<{ items: ChainTransferDto[]; total: number }> {
  const unclaimed = sql`not exists (select 1 from ${transactions} where ${transactions.chainTransferId} = ${chainTransfers.id})`;
  const rows = await db
    .select({ transfer: chainTransfers, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(chainTransfers)
    .where(and(unclaimed))
    .orderBy(desc(chainTransfers.blockTime), desc(chainTransfers.txid))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  if (rows[0]) return { items: rows.map((row) => toChainTransferDto(row.transfer)), total: rows[0].total };
  if (page.page === 1) return { items: [], total: 0 };
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chainTransfers)
    .where(unclaimed);
  return { items: [], total: counted?.n ?? 0 };
}
