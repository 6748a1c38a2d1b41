// One SIM registration as a row of SIMs (wide screens) or as a card (phones), with its actions.
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, LoaderCircle, Trash2, X } from "lucide-react";
import { CardField, MobileCard, RowActionsCell, RowIconButton, Td, Tr } from "@/features/admin/components/admin-table.tsx";
import { OwnAccountNote } from "@/features/admin/components/own-account.tsx";
import { formatShortDate } from "@/features/admin/shell/admin-format.ts";
import { StatusBadge } from "@/components/status-badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SimNumberFacts } from "./sim-number-facts.tsx";
import type { AdminSim } from "./sims-api.ts";

type Decision = "active" | "rejected";

/** What the row's buttons do, and which SIM is being decided or deleted now (its buttons wait). */
export type SimHandlers = {
  ownUserId: string | null;
  runningOf: (sim: AdminSim) => Decision | undefined;
  busyOf: (sim: AdminSim) => boolean;
  onDecide: (sim: AdminSim, status: Decision) => void;
  onDelete: (sim: AdminSim) => void;
};

type SimProps = { sim: AdminSim; handlers: SimHandlers };

function DecideButton({ sim, handlers, decision }: SimProps & { decision: Decision }) {
  const { t } = useLingui();
  const running = handlers.runningOf(sim);
  const approve = decision === "active";
  const Icon = approve ? Check : X;
  return (
    <Button
      variant="outline"
      size="sm"
      className={approve ? "border-emerald-200 text-emerald-800 hover:bg-emerald-50" : "border-red-200 text-red-700 hover:bg-red-50"}
      disabled={handlers.busyOf(sim)}
      onClick={() => handlers.onDecide(sim, decision)}
    >
      {running === decision ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Icon aria-hidden="true" />}
      {approve ? <Trans>Approve</Trans> : <Trans>Reject</Trans>}
      <span className="sr-only">{t` SIM ${sim.phoneNumber}`}</span>
    </Button>
  );
}

function SimActions({ sim, handlers, showText = false }: SimProps & { showText?: boolean }) {
  const { t } = useLingui();
  // Approving, rejecting or deleting one's own SIM is deciding on it: another admin does.
  if (sim.userId === handlers.ownUserId) return <OwnAccountNote />;
  return (
    <>
      {sim.status !== "active" ? <DecideButton sim={sim} handlers={handlers} decision="active" /> : null}
      {sim.status !== "rejected" ? <DecideButton sim={sim} handlers={handlers} decision="rejected" /> : null}
      <RowIconButton
        showText={showText}
        label={t`Delete SIM ${sim.phoneNumber}`}
        tooltip={t`Delete SIM`}
        className="text-destructive hover:bg-red-50"
        disabled={handlers.busyOf(sim)}
        onClick={() => handlers.onDelete(sim)}
      >
        <Trash2 aria-hidden="true" />
      </RowIconButton>
    </>
  );
}

export function SimRow({ sim, handlers }: SimProps) {
  return (
    <Tr>
      <Td className="font-medium whitespace-nowrap tabular-nums">{sim.phoneNumber}</Td>
      <Td>
        {sim.walletType}
        <SimNumberFacts sim={sim} />
      </Td>
      <Td className="max-w-44">
        <div className="truncate">{sim.username}</div>
        <div className="truncate text-xs text-muted-foreground" title={sim.email}>
          {sim.email}
        </div>
      </Td>
      <Td>
        <StatusBadge status={sim.status} />
      </Td>
      <Td className="whitespace-nowrap">{formatShortDate(sim.createdAt)}</Td>
      <RowActionsCell>
        <SimActions sim={sim} handlers={handlers} />
      </RowActionsCell>
    </Tr>
  );
}

export function SimCard({ sim, handlers }: SimProps) {
  const { t } = useLingui();
  return (
    <MobileCard
      title={<span className="tabular-nums">{sim.phoneNumber}</span>}
      aside={<StatusBadge status={sim.status} />}
      actions={<SimActions sim={sim} handlers={handlers} showText />}
    >
      <CardField label={t`Wallet type`}>
        {sim.walletType}
        <SimNumberFacts sim={sim} />
      </CardField>
      <CardField label={t`User`}>{sim.username}</CardField>
      <CardField label={t`Email`}>{sim.email}</CardField>
      <CardField label={t`Added`}>{formatShortDate(sim.createdAt)}</CardField>
    </MobileCard>
  );
}
