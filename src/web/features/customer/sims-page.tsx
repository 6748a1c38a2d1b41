import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Smartphone, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast.tsx";
import { simCreateSchema, simMessages, simOperators, simWalletTypes, type SimDto, type SimOperator } from "#shared/sim-schemas.ts";
import { serverMessageText } from "@/lib/server-messages.ts";
import { PhoneNumber } from "@/components/phone-number.tsx";
import { addSim, failureReason, isSignedOut, removeSim, simsQuery } from "@/features/customer/customer-api.ts";
import { formatDate } from "@/features/customer/customer-format.ts";
import { StatusBadge } from "@/components/status-badge.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { sessionQueryKey } from "@/lib/session.ts";
import { LoadFailed } from "./components/load-failed.tsx";

/** The operator as the form and the list name it (docs/decisions/022-sims-as-payout-numbers.md); the wallets' own names stay as they are. */
const operatorLabels: Record<SimOperator, MessageDescriptor | string> = {
  any: msg`Any wallet`,
  bKash: "bKash",
  Nagad: "Nagad",
  Upay: "Upay",
};
/** The wallet types are words of the form: 'Personal', 'Merchant' (the value sent stays English). */
const walletTypeLabels: Record<(typeof simWalletTypes)[number], MessageDescriptor> = { Personal: msg`Personal`, Merchant: msg`Merchant` };

/** SIMs (docs/product.md, Customer area › SIMs): register a SIM number, see its approval status, remove it while it is not active. */
export default function SimsPage() {
  const { t } = useLingui();
  const sims = useQuery(simsQuery);
  const [removing, setRemoving] = useState<SimDto | null>(null);

  return (
    <>
      <title>{t`SIMs · Nexapay`}</title>
      <PageHeader title={t`SIMs`} description={t`Register the SIM numbers you use with Nexapay. An admin approves each one.`} />
      <p className="-mt-2 mb-6 max-w-3xl text-sm text-muted-foreground" data-testid="sims-purpose">
        <Trans>
          A SIM here is a mobile number you own. Once an admin approves it, it is saved as a payout number: the Withdraw page offers it with
          one tap for its wallet (bKash, Nagad, Upay, or any of them).
        </Trans>
      </p>
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <AddSimCard />
        <Card>
          <CardHeader className="pb-2">
            <CardTitle>
              <Trans>Your SIMs</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Active SIMs cannot be deleted.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent>
            {sims.data ? (
              sims.data.items.length === 0 ? (
                <div className="flex flex-col items-center gap-2 py-10 text-center">
                  <Smartphone aria-hidden="true" className="size-8 text-slate-400" />
                  <p className="font-medium">
                    <Trans>No SIMs added yet</Trans>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    <Trans>Add your first SIM with the form.</Trans>
                  </p>
                </div>
              ) : (
                <ul aria-label={t`Your SIMs`} className="divide-y divide-border">
                  {sims.data.items.map((sim) => (
                    <SimRow key={sim.id} sim={sim} onRemove={() => setRemoving(sim)} />
                  ))}
                </ul>
              )
            ) : sims.isError ? (
              <LoadFailed onRetry={() => void sims.refetch()}>
                <Trans>Failed to load your SIMs.</Trans>
              </LoadFailed>
            ) : (
              <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
                <Spinner />
                <Trans>Loading SIMs...</Trans>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
      <RemoveSimDialog sim={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function AddSimCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    resolver: zodResolver(simCreateSchema),
    defaultValues: { phoneNumber: "", walletType: "" as unknown as (typeof simWalletTypes)[number], operator: "any" as SimOperator },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await addSim(values);
      form.reset();
      toast.success(msg`SIM added successfully! Waiting for admin approval.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sims });
    } catch (error) {
      if (isSignedOut(error)) {
        // The route guard sees the ended session and sends them to sign in, then back here.
        toast.error(msg`You must be logged in to add SIMs.`);
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        return;
      }
      if (error instanceof ApiError) {
        for (const field of ["phoneNumber", "walletType", "operator"] as const) {
          const message = error.fields[field];
          if (message) form.setError(field, { type: "server", message });
        }
      }
      // The reason is read as the toast renders: the server's words follow a language switch too.
      toast.error((i18n) => {
        const reason = failureReason(error);
        return i18n._(msg`Failed to add SIM: ${reason}`);
      });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle>
          <Trans>Add a SIM</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>New SIMs stay pending until an admin approves them.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <fieldset disabled={busy} className="grid gap-5">
            <FormField id="phoneNumber" label={t`Phone number`} error={errors.phoneNumber?.message} hint={t`Digits only, at least 10.`}>
              <Input
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="01XXXXXXXXX"
                {...controlProps("phoneNumber", errors.phoneNumber?.message)}
                {...form.register("phoneNumber")}
              />
            </FormField>
            <FormField
              id="walletType"
              label={t`Wallet type`}
              error={errors.walletType?.message}
              hint={t`The kind of account: Personal or Merchant.`}
            >
              <NativeSelect {...controlProps("walletType", errors.walletType?.message)} {...form.register("walletType")}>
                <option value="">{t`Select wallet type`}</option>
                {simWalletTypes.map((type) => (
                  <option key={type} value={type}>
                    {i18n._(walletTypeLabels[type])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField
              id="operator"
              label={t`Operator`}
              error={errors.operator?.message}
              hint={t`The mobile wallet this number receives payouts in.`}
            >
              <NativeSelect {...controlProps("operator", errors.operator?.message)} {...form.register("operator")}>
                {simOperators.map((operator) => (
                  <option key={operator} value={operator}>
                    {operatorLabel(operator, i18n)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <Button type="submit" className="w-full">
              <Plus aria-hidden="true" />
              {busy ? t`Adding...` : t`Add SIM`}
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}

function SimRow({ sim, onRemove }: { sim: SimDto; onRemove: () => void }) {
  const { t, i18n } = useLingui();
  const active = sim.status === "active";
  const walletType = i18n._(walletTypeLabels[sim.walletType]);
  const operator = operatorLabel(sim.operator, i18n);
  const phoneNumber = sim.phoneNumber;
  const hintId = `sim-${sim.id}-hint`;
  return (
    <li className="flex items-start gap-3 py-3.5">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <Smartphone aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="font-medium">
            <PhoneNumber number={sim.phoneNumber} />
          </p>
          <StatusBadge status={sim.status} icon />
        </div>
        <p className="text-sm text-muted-foreground">
          <Trans>
            {walletType} · {operator} · Added <time dateTime={sim.createdAt}>{formatDate(sim.createdAt)}</time>
          </Trans>
        </p>
        {active ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {serverMessageText(simMessages.activeCannotBeDeleted)}
          </p>
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-9 shrink-0 text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={onRemove}
        disabled={active}
        aria-describedby={active ? hintId : undefined}
        title={active ? serverMessageText(simMessages.activeCannotBeDeleted) : t`Remove SIM`}
      >
        <Trash2 aria-hidden="true" />
        <span className="sr-only">
          <Trans>Remove SIM {phoneNumber}</Trans>
        </span>
      </Button>
    </li>
  );
}

function RemoveSimDialog({ sim, onClose }: { sim: SimDto | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!sim) return;
    setBusy(true);
    try {
      await removeSim(sim.id);
      toast.success(msg`SIM removed successfully!`);
      queryClient.setQueryData<{ items: SimDto[] }>(queryKeys.sims, (data) => data && { items: data.items.filter((s) => s.id !== sim.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sims });
      onClose();
    } catch (error) {
      // The reason is read as the toast renders: the server's words follow a language switch too.
      toast.error((i18n) => {
        const reason = failureReason(error);
        return i18n._(msg`Failed to remove SIM: ${reason}`);
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={sim !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Remove this SIM?</Trans>
          </DialogTitle>
          <DialogDescription>{sim ? removalText(sim, i18n) : null}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => void remove()} disabled={busy}>
            {busy ? t`Removing...` : t`Remove SIM`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function operatorLabel(operator: SimOperator, i18n: I18n): string {
  const label = operatorLabels[operator];
  return typeof label === "string" ? label : i18n._(label);
}

function removalText(sim: SimDto, i18n: I18n): string {
  const phoneNumber = sim.phoneNumber;
  const walletType = i18n._(walletTypeLabels[sim.walletType]);
  return i18n._(msg`${phoneNumber} (${walletType}) will be removed from your account. You can add it again later.`);
}
