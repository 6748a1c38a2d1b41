import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { PencilLine } from "lucide-react";
import { useState } from "react";
import type { FloatWalletType } from "#shared/solvency-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/class-names.ts";
import { AdminList, CardField, MobileCard, pinnedEndCell, pinnedEndHeader, Td, Tr } from "@/features/admin/components/admin-table.tsx";
import { formatBdtAmount, formatDateTime } from "@/features/admin/shell/admin-format.ts";
import type { FloatStatus } from "./solvency-api.ts";
import { RecordFloatDialog } from "./record-float-dialog.tsx";

const columns = [
  { label: msg`Wallet` },
  { label: msg`Last reading`, className: "text-right" },
  { label: msg`As of` },
  { label: msg`Expected now`, className: "text-right" },
  { label: msg`Note` },
  { label: msg`Actions`, className: cn("text-right", pinnedEndHeader) },
];

/**
 * The float in the merchant wallets customers are paid from: each one's last reading, and what it
 * should hold now (the reading minus the payouts approved through that provider since). Admins
 * record a new reading from the wallet's app.
 */
export function FloatsCard({ floats }: { floats: readonly FloatStatus[] }) {
  const { t, i18n } = useLingui();
  const [recording, setRecording] = useState<FloatWalletType | null>(null);
  const items = floats.map((float) => ({ ...float, id: float.walletType }));
  return (
    <section aria-labelledby="floats-heading" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="floats-heading" className="text-lg font-semibold">
          <Trans>Merchant wallet float</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Expected now is the last reading minus the payouts approved through that wallet since.</Trans>
        </p>
      </div>
      <AdminList
        caption={t`Merchant wallet float`}
        columns={columns.map((column) => ({ ...column, label: i18n._(column.label) }))}
        message={null}
        items={items}
        row={(float) => <FloatRow float={float} onRecord={() => setRecording(float.walletType)} />}
        card={(float) => <FloatCard float={float} onRecord={() => setRecording(float.walletType)} />}
      />
      <RecordFloatDialog walletType={recording} onClose={() => setRecording(null)} />
    </section>
  );
}

function Amount({ value }: { value: string | null }) {
  return <span className="tabular-nums">{value === null ? "—" : formatBdtAmount(value)}</span>;
}

function AsOf({ value }: { value: string | null }) {
  const { t } = useLingui();
  return value === null ? (
    <span className="text-muted-foreground">{t`Never recorded`}</span>
  ) : (
    <time dateTime={value}>{formatDateTime(value)}</time>
  );
}

function RecordButton({ walletType, touch, onRecord }: { walletType: FloatWalletType; touch: boolean; onRecord: () => void }) {
  const { t } = useLingui();
  return (
    <Button
      variant="outline"
      size={touch ? "default" : "sm"}
      className={touch ? "min-h-11" : undefined}
      aria-label={t`Record float: ${walletType}`}
      onClick={onRecord}
    >
      <PencilLine aria-hidden="true" />
      <Trans>Record float</Trans>
    </Button>
  );
}

function FloatRow({ float, onRecord }: { float: FloatStatus; onRecord: () => void }) {
  return (
    <Tr>
      <Td className="font-medium">{float.walletType}</Td>
      <Td className="text-right">
        <Amount value={float.amountBdt} />
      </Td>
      <Td className="whitespace-nowrap">
        <AsOf value={float.asOf} />
      </Td>
      <Td className="text-right font-medium">
        <Amount value={float.expectedBdt} />
      </Td>
      <Td className="max-w-64 text-muted-foreground [overflow-wrap:anywhere] whitespace-normal">{float.note || "—"}</Td>
      <Td className={pinnedEndCell}>
        <div className="flex justify-end">
          <RecordButton walletType={float.walletType} touch={false} onRecord={onRecord} />
        </div>
      </Td>
    </Tr>
  );
}

function FloatCard({ float, onRecord }: { float: FloatStatus; onRecord: () => void }) {
  const { t } = useLingui();
  return (
    <MobileCard title={float.walletType} actions={<RecordButton walletType={float.walletType} touch onRecord={onRecord} />}>
      <CardField label={t`Last reading`}>
        <Amount value={float.amountBdt} />
      </CardField>
      <CardField label={t`As of`}>
        <AsOf value={float.asOf} />
      </CardField>
      <CardField label={t`Expected now`}>
        <Amount value={float.expectedBdt} />
      </CardField>
      <CardField label={t`Note`}>{float.note || "—"}</CardField>
    </MobileCard>
  );
}
