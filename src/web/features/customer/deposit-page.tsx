import { Trans, useLingui } from "@lingui/react/macro";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Clock, Info, Layers, LifeBuoy, Network, Repeat } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { depositRequestSchema } from "#shared/wallet-schemas.ts";
import { depositInfoQuery, type DepositInfo } from "@/features/customer/customer-api.ts";
import { bdtForUsdtText, depositReviewText, localDigits, meetsDepositMinimum } from "@/features/customer/customer-format.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { draftRestoredMessage } from "@/features/customer/money-drafts.ts";
import { useMoneyRequest } from "@/features/customer/use-money-request.ts";
import { AmountField } from "@/features/customer/components/amount-field.tsx";
import { DepositSendPanel } from "@/features/customer/components/deposit-send-panel.tsx";
import { InformationCard, type InformationItem } from "@/features/customer/components/information-card.tsx";
import { ReviewStep } from "@/features/customer/components/review-step.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { isUsdtAmount, latinDigits } from "#shared/money.ts";

/**
 * Deposit (docs/product.md, Customer area › Deposit), ask first, then send (decision 038): the terms
 * (network, minimum, rate, processing time) and the request form with its review step; once the
 * request is made, the exact amount to send, the company's TRC-20 address with copy and QR, the time
 * left and the request's state, live. The address is shown only beside an amount to send, so nobody
 * sends before asking. On a phone the terms come before the form and after the amount to send: what
 * the customer must do next is always at the top.
 */
export default function DepositPage() {
  const { t } = useLingui();
  const info = useQuery(depositInfoQuery);

  return (
    <>
      <title>{t`Deposit · Nexapay`}</title>
      <PageHeader title={t`Deposit`} description={t`Send USDT on the TRON (TRC-20) network and receive BDT in your Nexapay wallet.`} />
      {info.data ? (
        <DepositFlow info={info.data} />
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

function DepositFlow({ info }: { info: DepositInfo }) {
  const { t, i18n } = useLingui();
  const { rate, minUsdt } = info;
  const minimum = localDigits(minUsdt);
  const form = useForm({ resolver: zodResolver(depositRequestSchema), defaultValues: { fromAddress: "", usdtAmount: "", txid: "" } });
  const { errors } = form.formState;
  const usdtAmount = useWatch({ control: form.control, name: "usdtAmount" });

  const { busy, onSubmit, review, back, confirm, receipt, startOver, askAgain, draftRestored } = useMoneyRequest({
    form,
    path: "/api/deposits",
    fields: ["fromAddress", "usdtAmount", "txid"],
    draft: "deposit",
    // The screen's messages (docs/product.md, Messages).
    messages: {
      submitted: msg`Deposit request submitted successfully!`,
      signedOut: msg`You must be logged in to make a deposit`,
      failed: msg`Failed to submit deposit request`,
    },
    // The server's own rule and words (decision 005), said before the review rather than after it.
    refuse: (values) =>
      meetsDepositMinimum(values.usdtAmount, minUsdt) ? null : { field: "usdtAmount", message: t`The minimum deposit is ${minimum} USDT` },
  });

  const terms = (
    <InformationCard
      items={depositInformation(info, i18n)}
      className="lg:col-start-2 lg:row-start-1"
      listClassName="sm:grid-cols-2 lg:grid-cols-1"
      data-testid="deposit-terms"
    />
  );

  if (receipt) {
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Card className="lg:col-start-1 lg:row-start-1">
          <CardContent className="p-4 sm:p-6">
            {/* A new panel for each request: its countdown and focus start afresh. */}
            <DepositSendPanel
              key={receipt.id}
              submitted={receipt}
              address={info.address}
              network={info.network}
              onAgain={startOver}
              onAskAgain={askAgain}
            />
          </CardContent>
        </Card>
        {terms}
      </div>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      {terms}
      <Card className="lg:col-start-1 lg:row-start-1">
        <CardHeader>
          <CardTitle>
            <Trans>Deposit request</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Tell us how much you want to deposit. We then show the exact amount to send and where to send it.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {review ? (
            <ReviewStep
              question={depositReviewText(review)}
              details={
                <p className="flex items-start gap-2 text-sm text-muted-foreground">
                  <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <Trans>Do not send anything yet. After you confirm, we show the exact amount to send.</Trans>
                </p>
              }
              busy={busy}
              onBack={back}
              onConfirm={() => void confirm()}
            />
          ) : (
            <form onSubmit={(event) => void onSubmit(event)} noValidate>
              <fieldset disabled={busy} className="grid gap-5">
                {draftRestored ? <Notice tone="success">{i18n._(draftRestoredMessage)}</Notice> : null}
                <AmountField
                  id="usdtAmount"
                  label={t`Amount (USDT)`}
                  unit="USDT"
                  className="pr-16"
                  error={errors.usdtAmount?.message}
                  registration={form.register("usdtAmount")}
                />
                <ReceiveOrMinimum usdtAmount={usdtAmount} rate={rate} minUsdt={minUsdt} />
                <FormField
                  id="fromAddress"
                  label={t`Your TRON wallet address`}
                  labelAside={
                    <span className="text-xs text-muted-foreground">
                      <Trans>Optional</Trans>
                    </span>
                  }
                  error={errors.fromAddress?.message}
                  hint={t`The TRC-20 address you will send from (starts with T). Only our team sees it.`}
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
                <FormField
                  id="txid"
                  label={t`Transaction ID (TXID)`}
                  labelAside={
                    <span className="text-xs text-muted-foreground">
                      <Trans>Optional</Trans>
                    </span>
                  }
                  error={errors.txid?.message}
                  hint={t`Only if you have sent already: our team then looks for that transfer.`}
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
    </div>
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
