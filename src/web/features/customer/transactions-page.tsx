import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ReceiptText, Search, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { transactionsPageSize, transactionsQuery, type TransactionFilter } from "@/features/customer/customer-api.ts";
import { bdtText, formatDateTime, transactionTypeLabel } from "@/features/customer/customer-format.ts";
import { MethodText } from "@/features/customer/components/method-text.tsx";
import { CustomerStatusBadge } from "@/features/customer/components/customer-status-badge.tsx";
import { DecisionNotice } from "@/features/customer/components/decision-notice.tsx";
import { customerStatus, listNotice } from "@/features/customer/decision-state.ts";
import { TransactionListItem } from "@/features/customer/components/transaction-list-item.tsx";
import { ReceivedOnChainBadge } from "@/features/customer/components/received-on-chain-badge.tsx";
import { TransactionOutcome } from "@/features/customer/components/transaction-outcome.tsx";
import { DepositWindowLine } from "@/features/customer/components/deposit-window-line.tsx";
import { useDepositWindow } from "@/features/customer/use-deposit-window.ts";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { Input } from "@/components/ui/input.tsx";
import { pageCountOf } from "@/components/ui/page-items.ts";
import { Pagination } from "@/components/ui/pagination.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { cn } from "@/lib/class-names.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { useListParams } from "@/lib/use-list-params.ts";
import { LoadFailed } from "./components/load-failed.tsx";

const searchDebounceMs = 300;
const filters: readonly { value: TransactionFilter; label: MessageDescriptor }[] = [
  { value: "all", label: msg`All` },
  { value: "deposit", label: msg({ message: "Deposit", context: "transaction type" }) },
  { value: "withdraw", label: msg({ message: "Withdraw", context: "transaction type" }) },
];

/**
 * Transactions (docs/product.md, Customer area › Transactions): server-side search and type filter, five to a page. The filter, the
 * search and the page live in the address, so reload, back and a shared link show the same list.
 */
export default function TransactionsPage() {
  const { t } = useLingui();
  const { type, q, page, update, searchText, setSearchText } = useTransactionsAddress();
  const list = useQuery(transactionsQuery({ type, q, page }));
  const data = list.data;
  const pageCount = data ? pageCountOf(data.total, transactionsPageSize) : 1;
  const filtered = type !== "all" || q !== "";

  // A page beyond the end (rows were removed, or an old link): go to the last page that exists.
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.items.length === 0 && data.total > 0 && page > pageCount) {
      update({ page: pageCount });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update reads the current address itself
  }, [data, list.isPlaceholderData, page, pageCount]);

  return (
    <>
      <title>{t`Transactions · Nexapay`}</title>
      <PageHeader title={t`Transactions`} description={t`Your deposits and withdrawals, newest first.`} />

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
          <SearchBox searchText={searchText} onChange={setSearchText} />
          <TypeFilter type={type} onChange={(next) => update({ type: next, page: 1 })} />
        </div>

        <CardContent className="p-0">
          {data ? (
            data.total === 0 ? (
              <EmptyState filtered={filtered} />
            ) : (
              <div className={cn("transition-opacity", list.isPlaceholderData && "opacity-60")} aria-busy={list.isFetching}>
                <TransactionsTable items={data.items} page={data.page} pageCount={pageCount} />
                <ul aria-label={t`Transactions`} className="divide-y divide-border px-4 md:hidden">
                  {data.items.map((transaction) => (
                    <TransactionListItem key={transaction.id} transaction={transaction} />
                  ))}
                </ul>
              </div>
            )
          ) : list.isError ? (
            <LoadFailed className="p-5" onRetry={() => void list.refetch()}>
              <Trans>Failed to load transactions.</Trans>
            </LoadFailed>
          ) : (
            <div role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
              <Spinner />
              <Trans>Loading transactions...</Trans>
            </div>
          )}
        </CardContent>

        {data && data.total > 0 ? (
          <ListFooter
            shownPage={data.page}
            addressPage={page}
            pageSize={data.pageSize}
            total={data.total}
            pageCount={pageCount}
            onPageChange={(next) => update({ page: next })}
          />
        ) : null}
      </Card>
    </>
  );
}

/**
 * The list's filter, search and page, kept in the address; and the search box's text, which reaches
 * the address once the typing pauses.
 */
function useTransactionsAddress() {
  const {
    filters: listFilters,
    page,
    update,
  } = useListParams<{ type: TransactionFilter; q: string }>({ type: "all", q: "" }, { type: filters.map((filter) => filter.value) });
  const { type, q } = listFilters;
  const [searchText, setSearchText] = useState(q);

  // Search as you type, sent once the typing pauses. The wait ends in a state change, so the
  // address is updated from a fresh render (a timer's own closure would hold the address as it
  // was when the typing started, and undo a filter clicked meanwhile).
  const [settledSearch, setSettledSearch] = useState(q);
  useEffect(() => {
    const timer = setTimeout(() => setSettledSearch(searchText.trim()), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [searchText]);
  useEffect(() => {
    if (settledSearch !== q) update({ q: settledSearch, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search changes the address here
  }, [settledSearch]);

  return { type, q, page, update, searchText, setSearchText };
}

function SearchBox({ searchText, onChange }: { searchText: string; onChange: (text: string) => void }) {
  const { t } = useLingui();
  return (
    <div className="relative w-full sm:max-w-sm">
      <label htmlFor="transaction-search" className="sr-only">
        <Trans>Search transactions</Trans>
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
      <Input
        id="transaction-search"
        type="search"
        placeholder={t`Search amount, method, status`}
        value={searchText}
        onChange={(event) => onChange(event.target.value)}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {searchText !== "" ? (
        <button
          type="button"
          onClick={() => onChange("")}
          className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">
            <Trans>Clear search</Trans>
          </span>
        </button>
      ) : null}
    </div>
  );
}

function TypeFilter({ type, onChange }: { type: TransactionFilter; onChange: (type: TransactionFilter) => void }) {
  const { t, i18n } = useLingui();
  return (
    <div role="group" aria-label={t`Transaction type`} className="inline-flex rounded-lg bg-muted p-1">
      {filters.map((filter) => (
        <button
          key={filter.value}
          type="button"
          aria-pressed={type === filter.value}
          onClick={() => onChange(filter.value)}
          className={cn(
            "min-h-8 flex-1 rounded-md px-4 text-sm font-medium transition-colors sm:flex-none",
            type === filter.value ? "bg-white text-foreground shadow-sm" : "text-slate-600 hover:text-foreground",
          )}
        >
          {i18n._(filter.label)}
        </button>
      ))}
    </div>
  );
}

/** The list as a table, from the medium breakpoint up (smaller screens get the list items). */
function TransactionsTable({ items, page, pageCount }: { items: TransactionDto[]; page: number; pageCount: number }) {
  // Counts in the shown language's digits.
  const [shownPage, shownPageCount] = [formatCount(page), formatCount(pageCount)];
  return (
    <div className="hidden md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          <Trans>
            Transactions, page {shownPage} of {shownPageCount}
          </Trans>
        </caption>
        <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-5 py-3">
              <Trans>Type</Trans>
            </th>
            <th scope="col" className="px-5 py-3 text-right">
              <Trans>Amount</Trans>
            </th>
            <th scope="col" className="px-5 py-3">
              <Trans>Method</Trans>
            </th>
            <th scope="col" className="px-5 py-3">
              <Trans>Date</Trans>
            </th>
            <th scope="col" className="px-5 py-3">
              <Trans>Status</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {items.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Which rows are shown (of the page the answer is for), and the pages when there is more than one
 * (at the page the address asks for: while its rows load, the previous page's stay on screen).
 */
function ListFooter(props: {
  shownPage: number;
  addressPage: number;
  pageSize: number;
  total: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}) {
  const { shownPage: page, pageSize, total, pageCount } = props;
  const firstRow = total > 0 ? (page - 1) * pageSize + 1 : 0;
  const lastRow = Math.min(page * pageSize, total);
  // Counts in the shown language's digits.
  const [shownFirstRow, shownLastRow, shownTotal] = [formatCount(firstRow), formatCount(lastRow), formatCount(total)];
  return (
    <div className="flex flex-col items-center gap-3 border-t border-border px-4 py-3 sm:flex-row sm:justify-between sm:px-5">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>
          Showing {shownFirstRow}–{shownLastRow} of {shownTotal}
        </Trans>
      </p>
      {pageCount > 1 ? <Pagination page={props.addressPage} pageCount={pageCount} onPageChange={props.onPageChange} /> : null}
    </div>
  );
}

/** One transaction as a table row. The whole row opens the receipt; the type is its link for keyboards and screen readers. */
function TransactionRow({ transaction }: { transaction: TransactionDto }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  // A deposit request in its window counts down; one whose window ended with nothing received reads 'Expired'.
  const window = useDepositWindow(transaction);
  return (
    <tr className="cursor-pointer hover:bg-slate-50" onClick={() => void navigate(`/transactions/${transaction.id}`)}>
      <td className="px-5 py-3.5 font-medium">
        <Link
          to={`/transactions/${transaction.id}`}
          className="text-primary underline-offset-4 hover:underline"
          onClick={(event) => event.stopPropagation()}
        >
          {transactionTypeLabel(transaction.type)}
          <span className="sr-only"> {t`of ${bdtText(transaction.amount)}, receipt`}</span>
        </Link>
      </td>
      <td className="px-5 py-3.5 text-right font-semibold whitespace-nowrap tabular-nums">{bdtText(transaction.amount)}</td>
      <td className="max-w-72 px-5 py-3.5 text-muted-foreground [overflow-wrap:anywhere]">
        <MethodText reference={transaction.reference} />
        <TransactionOutcome transaction={transaction} className="mt-0.5" />
        <DecisionNotice notice={listNotice(transaction, window)} className="mt-0.5" />
        <DepositWindowLine transaction={transaction} window={window} className="mt-0.5" />
      </td>
      <td className="px-5 py-3.5 whitespace-nowrap text-muted-foreground">
        <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
      </td>
      <td className="px-5 py-3.5">
        <div className="flex flex-wrap items-center gap-1">
          <CustomerStatusBadge status={customerStatus(transaction, window)} />
          <ReceivedOnChainBadge transaction={transaction} />
        </div>
      </td>
    </tr>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-14 text-center">
      <ReceiptText aria-hidden="true" className="size-9 text-slate-400" />
      {filtered ? (
        <>
          <p className="font-medium">
            <Trans>No transactions match your search</Trans>
          </p>
          <p className="text-sm text-muted-foreground">
            <Trans>Try other words or another type.</Trans>
          </p>
        </>
      ) : (
        <>
          <p className="font-medium">
            <Trans>No transactions yet</Trans>
          </p>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Make your first{" "}
              <Link to="/deposit" className="font-medium text-primary underline-offset-4 hover:underline">
                deposit
              </Link>{" "}
              to get started.
            </Trans>
          </p>
        </>
      )}
    </div>
  );
}
