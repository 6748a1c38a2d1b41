// Export CSV: every row of Manage Transactions' current filter, as a file the browser saves.
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Download, LoaderCircle } from "lucide-react";
import { useState } from "react";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/lib/toast.tsx";
import type { Filters } from "./transaction-list-params.ts";
import { fetchAdminTransactions } from "./transactions-api.ts";
import { csvFileName, transactionsCsv } from "./transactions-csv.ts";

const exportPageSize = 100; // the API's cap

/** Every row of the current filter as CSV, fetched 100 at a time and saved by the browser. */
export function ExportButton({ filters, disabled }: { filters: Filters; disabled: boolean }) {
  const { t: tr, i18n } = useLingui();
  const [busy, setBusy] = useState(false);

  async function exportCsv() {
    setBusy(true);
    try {
      const rows: AdminTransactionDto[] = [];
      // At most 1,000 pages (100,000 rows): an export never loops without end.
      for (let page = 1; page <= 1000; page += 1) {
        const answer = await fetchAdminTransactions({ ...filters, page, pageSize: exportPageSize });
        rows.push(...answer.items);
        // The last page is a short one; `total` may be capped (decision 010), so it is not the test.
        if (answer.items.length < exportPageSize) break;
      }
      const blob = new Blob([transactionsCsv(rows)], { type: "text/csv;charset=utf-8" });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = csvFileName(filters, new Date());
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      toast.success(i18n._(msg`${plural(rows.length, { one: "Exported # transaction", other: "Exported # transactions" })}`));
    } catch {
      toast.error(tr`Failed to export transactions`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" onClick={() => void exportCsv()} disabled={disabled || busy}>
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
      {busy ? <Trans>Exporting...</Trans> : <Trans>Export CSV</Trans>}
    </Button>
  );
}
