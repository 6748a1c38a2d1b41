// What the back office reads of the chain (decision 019): each customer deposit request's chain
// state and the transfer behind it, the transfers no request has claimed and those one has. The
// state is worked out by the database (nexapay_chain_state, migration 0010), so that the list can
// filter on it and approval checks the same rule.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type {
  ChainEvidenceDto,
  ChainState,
  ChainTransferDto,
  ChainTransferListStatus,
  ListedChainTransferDto,
} from "#shared/admin-schemas.ts";
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
    senderBlacklisted: row.senderBlacklisted,
  };
}

export function toChainEvidence(state: ChainState | null, transfer: ChainTransferRow | null): ChainEvidenceDto | null {
  if (state === null) return null;
  return { state, transfer: transfer && (state === "confirmed" || state === "amount_differs") ? toChainTransferDto(transfer) : null };
}

/**
 * The transfers no request has claimed (status "unclaimed"), or those a request holds ("claimed",
 * each naming that transaction and its reference), newest first, and how many there are.
 */
export async function listUnclaimedTransfers(
  db: Db,
  query: Page & { status?: ChainTransferListStatus },
): Promise<{ items: ListedChainTransferDto[]; total: number }> {
  if (query.status === "claimed") return listClaimedTransfers(db, query);
  const unclaimed = sql`not exists (select 1 from ${transactions} where ${transactions.chainTransferId} = ${chainTransfers.id})`;
  const rows = await db
    .select({ transfer: chainTransfers, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(chainTransfers)
    .where(and(unclaimed))
    .orderBy(desc(chainTransfers.blockTime), desc(chainTransfers.txid))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  if (rows[0]) return { items: rows.map((row) => toChainTransferDto(row.transfer)), total: rows[0].total };
  return { items: [], total: query.page === 1 ? 0 : await countTransfers(db, unclaimed) };
}

/** The transfers a transaction points at (chain_transfer_id is unique), newest first, with that transaction. */
async function listClaimedTransfers(db: Db, page: Page): Promise<{ items: ListedChainTransferDto[]; total: number }> {
  const rows = await db
    .select({
      transfer: chainTransfers,
      transactionId: transactions.id,
      reference: transactions.reference,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(chainTransfers)
    .innerJoin(transactions, eq(transactions.chainTransferId, chainTransfers.id))
    .orderBy(desc(chainTransfers.blockTime), desc(chainTransfers.txid))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const items = rows.map((row) => ({
    ...toChainTransferDto(row.transfer),
    claimedBy: { transactionId: row.transactionId, reference: row.reference },
  }));
  if (rows[0]) return { items, total: rows[0].total };
  const claimed = sql`exists (select 1 from ${transactions} where ${transactions.chainTransferId} = ${chainTransfers.id})`;
  return { items: [], total: page.page === 1 ? 0 : await countTransfers(db, claimed) };
}

/** How many transfers there are in all: for a page past the end, which has no row to count with. */
async function countTransfers(db: Db, where: SQL): Promise<number> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chainTransfers)
    .where(where);
  return counted?.n ?? 0;
}
