// Manage Transactions' filters, order and page size, kept in the address (decision 021), and the page
// of rows they choose.
import { msg } from "@lingui/core/macro";
import { useQuery } from "@tanstack/react-query";
import { useSearchBox } from "../components/list-controls.tsx";
import { chainFilterOptions } from "../chain/chain-evidence.ts";
import { orderChoiceOf, pageSizes } from "../shell/queue.ts";
import { useListParams } from "../../../lib/use-list-params.ts";
import { adminTransactionsQuery } from "./transactions-api.ts";

export const typeOptions = [
  { value: "all", label: msg`All types` },
  { value: "deposit", label: msg`Deposit` },
  { value: "withdraw", label: msg`Withdraw` },
] as const;
export const statusOptions = [
  { value: "all", label: msg`All statuses` },
  { value: "pending", label: msg`Pending` },
  { value: "completed", label: msg`Completed` },
  { value: "rejected", label: msg`Rejected` },
] as const;
const types = typeOptions.map((option) => option.value);
const statuses = statusOptions.map((option) => option.value);
const chainFilters = chainFilterOptions.map((option) => option.value);
type TypeFilter = (typeof types)[number];
type StatusFilter = (typeof statuses)[number];
type ChainFilter = (typeof chainFilters)[number];
export type Filters = {
  q: string;
  type: TypeFilter;
  status: StatusFilter;
  chain: ChainFilter;
  sort: string;
  direction: string;
  pageSize: (typeof pageSizes)[number];
};
/**
 * The screen opens as a queue (decision 021): pending requests, the one that has waited longest
 * first, ten to a page. Every choice is kept in the address, so a reload or a shared link shows the same rows.
 */
const queueDefaults: Filters = { q: "", type: "all", status: "pending", chain: "all", sort: "createdAt", direction: "asc", pageSize: "10" };

/** The filters in the address, the search box, the chosen order and the page of transactions they show. */
export function useTransactionsList() {
  const { filters, page, update, control, pager } = useListParams<Filters>(queueDefaults, {
    type: types,
    status: statuses,
    chain: chainFilters,
    pageSize: pageSizes,
  });
  const pageSize = Number(filters.pageSize);
  const order = orderChoiceOf(filters.sort, filters.direction);
  const search = useSearchBox(filters.q, (q) => update({ q }));
  const transactions = useQuery(
    adminTransactionsQuery({
      type: filters.type,
      status: filters.status,
      chain: filters.chain,
      q: filters.q,
      sort: order.sort,
      direction: order.direction,
      page,
      pageSize,
    }),
  );
  const filtered = filters.q !== "" || filters.type !== "all" || filters.status !== "all" || filters.chain !== "all";
  return { filters, page, update, control, pager, pageSize, order, search, transactions, filtered };
}
