import { Trans, useLingui } from "@lingui/react/macro";
import { ShieldAlert } from "lucide-react";
import type { SolvencyDto } from "#shared/solvency-schemas.ts";
import { Badge } from "@/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { formatBdtAmount, formatDateTime } from "@/features/admin/shell/admin-format.ts";
import { usdtText } from "@/features/admin/chain/chain-evidence.ts";
import { ageText } from "./solvency-format.ts";

type UsdtReserve = SolvencyDto["usdtReserve"];
type Reading = UsdtReserve["readings"][number];

/**
 * The USDT reserve: the total at today's rate, then each address with its last good read. A read
 * that failed keeps the last good figure, with how old it is and why the newer read failed; an
 * address Tether blacklisted is flagged, as its USDT cannot be moved.
 */
export function UsdtReserveCard({ reserve }: { reserve: UsdtReserve }) {
  const { t } = useLingui();
  const amount = usdtText(reserve.amount);
  const rate = formatBdtAmount(reserve.rate);
  const amountBdt = formatBdtAmount(reserve.amountBdt);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>USDT reserve</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            {amount} × {rate} = {amountBdt}
          </Trans>
          {reserve.asOf ? (
            <>
              {" · "}
              <Trans>
                as of <time dateTime={reserve.asOf}>{formatDateTime(reserve.asOf)}</time>
              </Trans>
            </>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label={t`Reserve addresses`} className="grid gap-3">
          {reserve.readings.map((reading) => (
            <ReadingItem key={reading.address} reading={reading} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ReadingItem({ reading }: { reading: Reading }) {
  const frozen = reading.blacklisted === true;
  return (
    <li
      className={
        frozen
          ? "grid gap-1.5 rounded-lg border border-red-300 bg-red-50 p-3 text-sm"
          : "grid gap-1.5 rounded-lg border border-border p-3 text-sm"
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-mono text-xs break-all">{reading.address}</span>
        {frozen ? (
          <Badge tone="danger">
            <ShieldAlert aria-hidden="true" />
            <Trans>Frozen by Tether</Trans>
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-semibold tabular-nums">{reading.amount === null ? "—" : usdtText(reading.amount)}</span>
        {reading.asOf ? (
          <span className="text-xs text-muted-foreground">
            <Trans>
              as of <time dateTime={reading.asOf}>{formatDateTime(reading.asOf)}</time>
            </Trans>
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">
            <Trans>Not read yet</Trans>
          </span>
        )}
      </div>
      {reading.lastError ? <ReadFailure asOf={reading.asOf} error={reading.lastError} /> : null}
    </li>
  );
}

/** "Last read 2 hours ago", and the error of the read that failed since (the chain API's words, as they came). */
function ReadFailure({ asOf, error }: { asOf: string | null; error: string }) {
  const age = asOf ? ageText(asOf) : null;
  return (
    <p role="status" className="rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900">
      {age ? (
        <Trans>
          Last read {age}. The latest read failed: {error}
        </Trans>
      ) : (
        <Trans>The read failed: {error}</Trans>
      )}
    </p>
  );
}
