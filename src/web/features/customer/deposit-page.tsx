import { Trans, useLingui } from "@lingui/react/macro";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, Clock, Copy, Layers, LifeBuoy, Network, Repeat } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { depositRequestSchema } from "#shared/wallet-schemas.ts";
import { depositInfoQuery, type DepositInfo } from "@/features/customer/customer-api.ts";
import { bdtForUsdtText, depositReviewText, localDigits, meetsDepositMinimum } from "@/features/customer/customer-format.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { draftRestoredMessage } from "@/features/customer/money-drafts.ts";
import { useMoneyRequest } from "@/features/customer/use-money-request.ts";
import { AmountField } from "@/features/customer/components/amount-field.tsx";
import { DepositQrCode } from "@/features/customer/components/deposit-qr-code.tsx";
import { InformationCard, type InformationItem } from "@/features/customer/components/information-card.tsx";
import { ReviewStep } from "@/features/customer/components/review-step.tsx";
import { SubmittedReceipt } from "@/features/customer/components/submitted-receipt.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { isUsdtAmount, latinDigits } from "#shared/money.ts";

/**
 * Deposit (docs/product.md, Customer area › Deposit), in the order a person acts: what to send
 * (network, minimum, rate) first, then the company's TRC-20 address with copy and QR, then the
 * request form with its review step and receipt.
 */
export default function DepositPage() {
  const { t, i18n } = useLingui();
  const info = useQuery(depositInfoQuery);

  return (
    <>
      <title>{t`Deposit · Nexapay`}</title>
      <PageHeader title={t`Deposit`} description={t`Send USDT on the TRON (TRC-20) network and receive BDT in your Nexapay wallet.`} />
      {info.data ? (
        <div className="grid gap-6">
          <InformationCard items={depositInformation(info.data, i18n)} listClassName="sm:grid-cols-2" data-testid="deposit-terms" />
          <div className="grid gap-6 lg:grid-cols-2">
            <AddressCard address={info.data.address} network={info.data.network} />
            <DepositForm info={info.data} />
          </div>
        </div>
      ) : info.isError ? (
        <Notice tone="error">
          <Trans>
            Failed to load the deposit details.{" "}
            <button type="button" className="font-medium underline" onClick={() => void info.refetch()}>
              Try again
            </button>
          </Trans>
        </Notice>
      ) : (
        <LoadingState label={t`Loading deposit details...`} />
      )}
    </>
  );
}

function AddressCard({ address, network }: { address: string; network: string }) {
  const { t } = useLingui();
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(t`Address copied to clipboard!`);
    } catch {
      toast.error(t`Could not copy the address. Select it and copy it by hand.`);
    }
  }

  return (
    <Card className="h-fit">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>
            <Trans>Deposit address</Trans>
          </CardTitle>
          {/* eslint-disable-next-line lingui/no-unlocalized-strings -- a token and its network, written alike in both languages */}
          <Badge tone="success">USDT · {network}</Badge>
        </div>
        <CardDescription>
          <Trans>Send only USDT on the {network} network to this address.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-5">
        <div className="rounded-xl border border-border p-3 shadow-sm">
          <DepositQrCode value={address} label={t`QR code of the deposit address ${address}`} className="size-48" />
        </div>
        <div className="grid w-full gap-2">
          <p className="text-sm font-medium" id="deposit-address-label">
            <Trans>USDT ({network}) address</Trans>
          </p>
          <div className="flex items-stretch gap-2">
            <code
              aria-labelledby="deposit-address-label"
              className="flex min-w-0 flex-1 items-center rounded-lg border border-border bg-muted px-3 py-2 font-mono text-sm break-all"
              data-testid="deposit-address"
            >
              {address}
            </code>
            <Button variant="outline" className="h-auto" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              <Trans>
                Copy<span className="sr-only"> address</span>
              </Trans>
            </Button>
          </div>
        </div>
        <p className="flex items-start gap-2 self-start text-sm text-amber-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <Trans>Sending any other coin or using another network may lose your funds.</Trans>
        </p>
      </CardContent>
    </Card>
  );
}

function DepositForm({ info }: { info: DepositInfo }) {
  const { t, i18n } = useLingui();
  const { rate, minUsdt } = info;
  const minimum = localDigits(minUsdt);
  const form = useForm({ resolver: zodResolver(depositRequestSchema), defaultValues: { fromAddress: "", usdtAmount: "", txid: "" } });
  const { errors } = form.formState;
  const usdtAmount = useWatch({ control: form.control, name: "usdtAmount" });

  const { busy, onSubmit, review, back, confirm, receipt, startOver, draftRestored } = useMoneyRequest({
    form,
    path: "/api/deposits",
    fields: ["fromAddress", "usdtAmount", "txid"],
    draft: "deposit",
    // The screen's messages (docs/product.md, Messages).
    messages: {
      submitted: t`Deposit request submitted successfully!`,
      signedOut: t`You must be logged in to make a deposit`,
      failed: t`Failed to submit deposit request`,
    },
    // The server's own rule and words (decision 005), said before the review rather than after it.
    refuse: (values) =>
      meetsDepositMinimum(values.usdtAmount, minUsdt) ? null : { field: "usdtAmount", message: t`The minimum deposit is ${minimum} USDT` },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Deposit request</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>After sending, tell us where the USDT came from so we can match your transfer.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {receipt ? (
          <SubmittedReceipt
            transaction={receipt}
            title={t`Deposit request submitted`}
            againLabel={t`Make another deposit`}
            onAgain={startOver}
          />
        ) : review ? (
          <ReviewStep question={depositReviewText(review, rate)} busy={busy} onBack={back} onConfirm={() => void confirm()} />
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <fieldset disabled={busy} className="grid gap-5">
              {draftRestored ? <Notice tone="success">{i18n._(draftRestoredMessage)}</Notice> : null}
              <FormField
                id="fromAddress"
                label={t`Your TRON wallet address`}
                error={errors.fromAddress?.message}
                hint={t`The TRC-20 address you are sending from (starts with T).`}
              >
                <Input
                  autoComplete="off"
                  spellCheck={false}
                  // eslint-disable-next-line lingui/no-unlocalized-strings -- how every TRON address starts, in any language
                  placeholder="T..."
                  className="font-mono"
                  {...controlProps("fromAddress", errors.fromAddress?.message)}
                  {...form.register("fromAddress")}
                />
              </FormField>
              <AmountField
                id="usdtAmount"
                label={t`Amount (USDT)`}
                unit="USDT"
                className="pr-16"
                error={errors.usdtAmount?.message}
                registration={form.register("usdtAmount")}
              />
              <FormField
                id="txid"
                label={t`Transaction ID (TXID)`}
                labelAside={
                  <span className="text-xs text-muted-foreground">
                    <Trans>Optional</Trans>
                  </span>
                }
                error={errors.txid?.message}
                hint={t`Giving the TXID speeds up crediting.`}
              >
                <Input
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={80}
                  className="font-mono"
                  {...controlProps("txid", errors.txid?.message)}
                  {...form.register("txid")}
                />
              </FormField>
              <ReceiveOrMinimum usdtAmount={usdtAmount} rate={rate} minUsdt={minUsdt} />
              <Button type="submit" size="lg" className="w-full">
                {busy ? t`Submitting...` : t`Submit Deposit Request`}
              </Button>
              <p className="flex items-start gap-2 text-sm text-muted-foreground">
                <LifeBuoy aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <Link to={belowMinimumSupportLink(minUsdt, i18n)} className="font-medium text-primary underline-offset-4 hover:underline">
                  <Trans>I sent less than the minimum</Trans>
                </Link>
              </p>
            </fieldset>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * 'You will receive' only for an amount that can be credited; an amount below the minimum is said
 * to be so instead of showing a figure nobody will get; nothing while no amount is typed.
 */
function ReceiveOrMinimum({ usdtAmount, rate, minUsdt }: { usdtAmount: string; rate: string; minUsdt: string }) {
  if (meetsDepositMinimum(usdtAmount, minUsdt)) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg bg-emerald-50 px-4 py-3">
        <span className="text-sm font-medium text-emerald-900">
          <Trans>You will receive</Trans>
        </span>
        <output htmlFor="usdtAmount" className="text-lg font-semibold text-emerald-900 tabular-nums" data-testid="you-will-receive">
          {bdtForUsdtText(usdtAmount, rate)}
        </output>
      </div>
    );
  }
  const minimum = localDigits(minUsdt);
  const typed = latinDigits(usdtAmount.trim());
  if (!isUsdtAmount(typed) || !/[1-9]/.test(typed)) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900" data-testid="below-minimum">
      <Trans>This is below the minimum deposit of {minimum} USDT and cannot be credited.</Trans>
    </p>
  );
}

/**
 * The public contact form, its subject and message started for a transfer below the minimum; nothing of the account in it.
 * The subject is the form's own choice (a value, kept in English); the message is the customer's, in their language.
 */
function belowMinimumSupportLink(minUsdt: string, i18n: I18n): string {
  const minimum = localDigits(minUsdt);
  const search = new URLSearchParams({
    subject: "Technical Support",
    message: i18n._(
      msg`I sent a USDT (TRC-20) deposit below the minimum of ${minimum} USDT.\nAmount sent:\nFrom address:\nTXID (if known):`,
    ),
  });
  return `/contact?${search.toString()}`;
}

/** The terms to know before sending, from the server's deposit details. */
function depositInformation({ network, minUsdt, rate }: { network: string; minUsdt: string; rate: string }, i18n: I18n): InformationItem[] {
  const [minimum, one, bdtRate, from, to] = [localDigits(minUsdt), formatCount(1), localDigits(rate), formatCount(10), formatCount(30)];
  return [
    { icon: Network, label: i18n._(msg`Network`), text: i18n._(msg`${network} only`) },
    { icon: Layers, label: i18n._(msg`Minimum deposit`), text: `${minimum} USDT` },
    { icon: Repeat, label: i18n._(msg`Exchange rate`), text: i18n._(msg`${one} USDT = ${bdtRate} BDT`) },
    {
      icon: Clock,
      label: i18n._(msg`Processing time`),
      text: i18n._(msg`Credited within ${from}-${to} minutes after network confirmation`),
    },
  ];
}
