import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Smartphone, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { simCreateSchema, simMessages, simOperators, simWalletTypes, type SimDto, type SimOperator } from "#shared/sim-schemas.ts";
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
import { Notice } from "@/components/ui/notice.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { sessionQueryKey } from "@/lib/session.ts";

// The screen's messages (docs/product.md, Messages).
const signedOutMessage = "You must be logged in to add SIMs.";
const addedMessage = "SIM added successfully! Waiting for admin approval.";
const removedMessage = "SIM removed successfully!";

/** The operator as the form and the list name it (docs/decisions/022-sims-as-payout-numbers.md). */
const operatorLabels: Record<SimOperator, string> = { any: "Any wallet", bKash: "bKash", Nagad: "Nagad", Upay: "Upay" };

/** SIMs (docs/product.md, Customer area › SIMs): register a SIM number, see its approval status, remove it while it is not active. */
export default function SimsPage() {
  const sims = useQuery(simsQuery);
  const [removing, setRemoving] = useState<SimDto | null>(null);

  return (
    <>
      <title>SIMs · Nexapay</title>
      <PageHeader title="SIMs" description="Register the SIM numbers you use with Nexapay. An admin approves each one." />
      <p className="-mt-2 mb-6 max-w-3xl text-sm text-muted-foreground" data-testid="sims-purpose">
        A SIM here is a mobile number you own. Once an admin approves it, it is saved as a payout number: the Withdraw page offers it with
        one tap for its wallet (bKash, Nagad, Upay, or any of them).
      </p>
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <AddSimCard />
        <Card>
          <CardHeader className="pb-2">
            <CardTitle>Your SIMs</CardTitle>
            <CardDescription>Active SIMs cannot be deleted.</CardDescription>
          </CardHeader>
          <CardContent>
            {sims.data ? (
              sims.data.items.length === 0 ? (
                <div className="flex flex-col items-center gap-2 py-10 text-center">
                  <Smartphone aria-hidden="true" className="size-8 text-slate-400" />
                  <p className="font-medium">No SIMs added yet</p>
                  <p className="text-sm text-muted-foreground">Add your first SIM with the form.</p>
                </div>
              ) : (
                <ul aria-label="Your SIMs" className="divide-y divide-border">
                  {sims.data.items.map((sim) => (
                    <SimRow key={sim.id} sim={sim} onRemove={() => setRemoving(sim)} />
                  ))}
                </ul>
              )
            ) : sims.isError ? (
              <div>
                <Notice tone="error">Failed to load your SIMs.</Notice>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => void sims.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
                <Spinner />
                Loading SIMs...
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
      toast.success(addedMessage);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sims });
    } catch (error) {
      if (isSignedOut(error)) {
        // The route guard sees the ended session and sends them to sign in, then back here.
        toast.error(signedOutMessage);
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        return;
      }
      if (error instanceof ApiError) {
        for (const field of ["phoneNumber", "walletType", "operator"] as const) {
          const message = error.fields[field];
          if (message) form.setError(field, { type: "server", message });
        }
      }
      toast.error(`Failed to add SIM: ${failureReason(error)}`);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle>Add a SIM</CardTitle>
        <CardDescription>New SIMs stay pending until an admin approves them.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <fieldset disabled={busy} className="grid gap-5">
            <FormField id="phoneNumber" label="Phone number" error={errors.phoneNumber?.message} hint="Digits only, at least 10.">
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
              label="Wallet type"
              error={errors.walletType?.message}
              hint="The kind of account: Personal or Merchant."
            >
              <NativeSelect {...controlProps("walletType", errors.walletType?.message)} {...form.register("walletType")}>
                <option value="">Select wallet type</option>
                {simWalletTypes.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField
              id="operator"
              label="Operator"
              error={errors.operator?.message}
              hint="The mobile wallet this number receives payouts in."
            >
              <NativeSelect {...controlProps("operator", errors.operator?.message)} {...form.register("operator")}>
                {simOperators.map((operator) => (
                  <option key={operator} value={operator}>
                    {operatorLabels[operator]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <Button type="submit" className="w-full">
              <Plus aria-hidden="true" />
              {busy ? "Adding..." : "Add SIM"}
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}

function SimRow({ sim, onRemove }: { sim: SimDto; onRemove: () => void }) {
  const active = sim.status === "active";
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
          {sim.walletType} · {operatorLabels[sim.operator]} · Added <time dateTime={sim.createdAt}>{formatDate(sim.createdAt)}</time>
        </p>
        {active ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {simMessages.activeCannotBeDeleted}
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
        title={active ? simMessages.activeCannotBeDeleted : "Remove SIM"}
      >
        <Trash2 aria-hidden="true" />
        <span className="sr-only">Remove SIM {sim.phoneNumber}</span>
      </Button>
    </li>
  );
}

function RemoveSimDialog({ sim, onClose }: { sim: SimDto | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!sim) return;
    setBusy(true);
    try {
      await removeSim(sim.id);
      toast.success(removedMessage);
      queryClient.setQueryData<{ items: SimDto[] }>(queryKeys.sims, (data) => data && { items: data.items.filter((s) => s.id !== sim.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sims });
      onClose();
    } catch (error) {
      toast.error(`Failed to remove SIM: ${failureReason(error)}`);
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
          <DialogTitle>Remove this SIM?</DialogTitle>
          <DialogDescription>
            {sim ? `${sim.phoneNumber} (${sim.walletType}) will be removed from your account. You can add it again later.` : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => void remove()} disabled={busy}>
            {busy ? "Removing..." : "Remove SIM"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
