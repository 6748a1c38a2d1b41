// The CSV export of Manage Transactions: every row of the current filter, built in the browser.
// Its column names and words stay English whatever language the screen shows: spreadsheets,
// accounting tools and scripts read these files, and they need the same headers every time.
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { chainStateLabels } from "../chain/chain-evidence.ts";

/* eslint-disable lingui/no-unlocalized-strings -- the column names stay English, as said above */
const columns: readonly [string, (t: AdminTransactionDto) => string][] = [
  ["Id", (t) => t.id],
  ["Type", (t) => t.type],
  ["Username", (t) => t.username],
  ["Email", (t) => t.email],
  ["Amount (BDT)", (t) => t.amount],
  ["Amount (USDT)", (t) => t.usdtAmount ?? ""],
  ["Method", (t) => t.reference ?? ""],
  ["Payout reference", (t) => t.payoutReference ?? ""],
  ["Status", (t) => t.status],
  ["Origin", (t) => t.origin],
  ["Reject reason", (t) => t.rejectReason ?? ""],
  ["Created at", (t) => t.createdAt],
  ["Processed at", (t) => t.processedAt ?? ""],
  // The chain evidence of a customer's deposit (empty for withdrawals and adjustments).
  ["From address", (t) => t.fromAddress ?? ""],
  ["Claimed TXID", (t) => t.txid ?? ""],
  ["Chain state", (t) => (t.chain ? chainStateLabels[t.chain.state] : "")],
  ["Chain TXID", (t) => t.chain?.transfer?.txid ?? ""],
  ["Chain amount (USDT)", (t) => t.chain?.transfer?.amount ?? ""],
  ["Block time", (t) => t.chain?.transfer?.blockTime ?? ""],
  // A deposit request's exact amount to send and its window (decision 038), last so that the columns
  // before keep their places for the tools that read them by position.
  ["Pay amount (USDT)", (t) => t.payAmount ?? ""],
  ["Expires at", (t) => t.expiresAt ?? ""],
  ["Expired", (t) => (t.type === "deposit" && t.expiresAt !== null ? (t.expired ? "yes" : "no") : "")],
];
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A value a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: customers write the references, and an export must not run their text (OWASP CSV
 * injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header line and one line per transaction, CRLF-separated as RFC 4180 says. */
export function transactionsCsv(rows: readonly AdminTransactionDto[]): string {
  const lines = [columns.map(([name]) => csvField(name)).join(",")];
  for (const row of rows) lines.push(columns.map(([, value]) => csvField(value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** "transactions-pending-deposit-not-seen-2025-01-05.csv": says which filter and which day. */
export function csvFileName(filter: { type: string; status: string; chain?: string; q: string }, now: Date): string {
  const parts = ["transactions"];
  if (filter.status !== "all") parts.push(filter.status);
  if (filter.type !== "all") parts.push(filter.type);
  if (filter.chain !== undefined && filter.chain !== "all") parts.push(filter.chain.replaceAll("_", "-"));
  if (filter.q !== "") parts.push("search");
  parts.push(now.toISOString().slice(0, 10));
  return `${parts.join("-")}.csv`;
}
