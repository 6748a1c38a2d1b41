import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { BadgeCheck, BadgePercent, CalendarClock, Clock, Layers, WalletMinimal } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { withdrawalRequestSchema, withdrawalWalletTypes } from "#shared/wallet-schemas.ts";
import { walletQuery } from "@/features/customer/customer-api.ts";
import { AmountField } from "@/features/customer/components/amount-field.tsx";
import { InformationCard, type InformationItem } from "@/features/customer/components/information-card.tsx";
import { ReviewStep } from "@/features/customer/components/review-step.tsx";
import { SavedPayoutNumbers } from "@/features/customer/components/saved-payout-numbers.tsx";
import { SubmittedReceipt } from "@/features/customer/components/submitted-receipt.tsx";
import {
  AccountRefusalNotice,
  ConfirmationCodeField,
  typedCode,
  VerifyToWithdrawNotice,
} from "@/features/customer/components/withdrawal-confirmation.tsx";
import { bdtText, limitFigure, meetsWithdrawalMinimum, withdrawalReviewText } from "@/features/customer/customer-format.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { draftRestoredMessage } from "@/features/customer/money-drafts.ts";
import { useMoneyRequest } from "@/features/customer/use-money-request.ts";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";

const formFields = ["walletType", "walletNumber", "amount"] as const;

type Wallet = ReturnType<typeof useWalletQuery>;
type WithdrawalLimits = NonNullable<Wallet["data"]>["withdrawalLimits"];

function useWalletQuery() {
  return useQuery(walletQuery);
}

/** The information box's lines, and whether an unverified customer has nothing left to withdraw today. */
function useWithdrawalInformation(limits: WithdrawalLimits | undefined) {
  const { t } = useLingui();
  // The information box. The minimum and the daily maximum are the server's own (the wallet answers
  // them, decision 037), shown once it has: a limit of 0 is none, and has no line. The figures are
  // formatted, so that Bangla shows them in Bengali digits.
  const [from, to, fee] = [formatCount(15), formatCount(30), formatCount(0)];
  const minimum = limits && limitFigure(limits.minimum);
  const maximum = limits && limitFigure(limits.dailyMaximum);
  // The identity level sets the daily maximum (decision 039): an unverified customer's may be none.
  const unverified = limits?.level === "unverified";
  const leftToday = limits?.leftToday ? bdtText(limits.leftToday) : null;
  const cannotWithdraw = unverified && limits.leftToday === "0.00";
  const information: readonly InformationItem[] = [
    ...(minimum ? [{ icon: Layers, label: t`Minimum withdrawal`, text: t`${minimum} BDT` }] : []),
    ...(maximum ? [{ icon: CalendarClock, label: t`Maximum withdrawal`, text: t`${maximum} BDT per day` }] : []),
    ...(limits
      ? [
          {
            icon: BadgeCheck,
            label: t`Identity`,
            text: unverified
              ? leftToday && !cannotWithdraw
                ? t`Not verified: up to ${leftToday} more today`
                : t`Not verified: verify your identity to withdraw`
              : leftToday
                ? t`Verified: up to ${leftToday} more today`
                : t`Verified`,
          },
        ]
      : []),
    { icon: Clock, label: t`Processing time`, text: t`${from}-${to} minutes during business hours` },
    { icon: BadgePercent, label: t`Fee`, text: t`${fee}%` },
  ];
  return { information, cannotWithdraw };
}

function useWithdrawalForm() {
  return useForm({
    resolver: zodResolver(withdrawalRequestSchema),
    // The select starts on its empty "Select wallet type" option; the schema refuses it with 'Wallet type is required'.
    defaultValues: { walletType: "" as unknown as (typeof withdrawalWalletTypes)[number], walletNumber: "", amount: "" },
  });
}

type WithdrawalForm = ReturnType<typeof useWithdrawalForm>;

function useWithdrawalRequest(form: WithdrawalForm, limits: WithdrawalLimits | undefined) {
  const { t } = useLingui();
  return useMoneyRequest({
    form,
    path: "/api/withdrawals",
    fields: formFields,
    draft: "withdrawal",
    // The screen's messages (docs/product.md, Messages).
    messages: {
      submitted: msg`Withdrawal request submitted successfully!`,
      signedOut: msg`You must be logged in to make a withdrawal`,
      failed: msg`Failed to submit withdrawal request`,
    },
    // The server's own rule and words (decision 005), said before the review rather than after it.
    // Before the wallet has answered the limits, the server alone checks.
    refuse: (values) => {
      if (!limits || meetsWithdrawalMinimum(values.amount, limits.minimum)) return null;
      const minimumAmount = bdtText(limits.minimum);
      return { field: "amount", message: t`The minimum withdrawal is ${minimumAmount}` };
    },
  });
}

type WithdrawalRequest = ReturnType<typeof useWithdrawalRequest>;

/** The owner's code, typed in the review (decision 039). */
function useConfirmationCode(confirmation: WithdrawalRequest["confirmation"], confirm: WithdrawalRequest["confirm"]) {
  const [code, setCode] = useState("");
  const [codeMissing, setCodeMissing] = useState(false);
  function confirmWithCode(): void {
    if (!confirmation) {
      setCode("");
      void confirm();
      return;
    }
    const typed = typedCode(code);
    setCodeMissing(typed === null);
    if (typed !== null) void confirm(typed);
  }
  function typeCode(typed: string): void {
    setCode(typed);
    setCodeMissing(false);
  }
  function resend(): void {
    setCode("");
    void confirm();
  }
  return { code, codeMissing, confirmWithCode, typeCode, resend };
}

function AvailableBalance({ wallet }: { wallet: Wallet }) {
  const held = wallet.data ? bdtText(wallet.data.heldBalance) : "";
  return (
    <div className="flex items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3">
      <WalletMinimal aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
      <div className="grid gap-0.5">
        <p className="text-sm text-emerald-900">
          <Trans>Available balance</Trans>
        </p>
        {wallet.data ? (
          <p className="text-lg font-semibold text-emerald-950 tabular-nums" data-testid="available-balance">
            {bdtText(wallet.data.availableBalance)}
          </p>
        ) : wallet.isError ? (
          <p className="text-sm font-medium text-emerald-950">
            <Trans>Unavailable</Trans>
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-emerald-900">
            <Spinner className="size-4" />
            <Trans>Loading...</Trans>
          </p>
        )}
        {wallet.data && wallet.data.heldBalance !== "0.00" ? (
          <p className="text-xs text-emerald-900">
            <Trans>{held} on hold for pending withdrawals</Trans>
          </p>
        ) : null}
      </div>
    </div>
  );
}

function WithdrawalReview({ request, typing }: { request: WithdrawalRequest; typing: ReturnType<typeof useConfirmationCode> }) {
  const { t } = useLingui();
  const { busy, review, back, confirmation, codeError } = request;
  // The code lives in the page, so that going back to the form and reviewing again keeps what was typed.
  const { code, codeMissing, confirmWithCode, typeCode, resend } = typing;
  if (!review) return null;
  return (
    <ReviewStep
      question={withdrawalReviewText(review)}
      busy={busy}
      onBack={back}
      onConfirm={confirmWithCode}
      details={
        confirmation ? (
          <ConfirmationCodeField
            confirmation={confirmation}
            code={code}
            onCode={typeCode}
            error={codeMissing ? t`Enter the 6-digit code` : codeError}
            busy={busy}
            onResend={resend}
          />
        ) : null
      }
    />
  );
}

function WalletFields({ form }: { form: WithdrawalForm }) {
  const { t } = useLingui();
  const { errors } = form.formState;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="walletType" label={t`Wallet type`} error={errors.walletType?.message}>
        <NativeSelect {...controlProps("walletType", errors.walletType?.message)} {...form.register("walletType")}>
          <option value="">{t`Select wallet type`}</option>
          {withdrawalWalletTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="walletNumber" label={t`Wallet number`} error={errors.walletNumber?.message}>
        <Input
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="01XXXXXXXXX"
          {...controlProps("walletNumber", errors.walletNumber?.message)}
          {...form.register("walletNumber")}
        />
      </FormField>
    </div>
  );
}

function WithdrawalFormStep({
  form,
  request,
  cannotWithdraw,
}: {
  form: WithdrawalForm;
  request: WithdrawalRequest;
  cannotWithdraw: boolean;
}) {
  const { t, i18n } = useLingui();
  const { errors } = form.formState;
  const { busy, onSubmit, draftRestored, accountRefusal } = request;
  const walletType = useWatch({ control: form.control, name: "walletType" });
  const walletNumber = useWatch({ control: form.control, name: "walletNumber" });
  return (
    <>
      {accountRefusal ? <AccountRefusalNotice refusal={accountRefusal} /> : cannotWithdraw ? <VerifyToWithdrawNotice /> : null}
      {draftRestored ? <Notice tone="success">{i18n._(draftRestoredMessage)}</Notice> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={busy} className="grid gap-5">
          <WalletFields form={form} />
          <SavedPayoutNumbers
            walletType={walletType}
            selected={walletNumber}
            onChoose={(sim) => {
              const validate = { shouldValidate: form.formState.isSubmitted };
              form.setValue("walletNumber", sim.phoneNumber, validate);
              if ((walletType as string) === "" && sim.operator !== "any") form.setValue("walletType", sim.operator, validate);
            }}
          />
          <AmountField
            id="amount"
            label={t`Amount (BDT)`}
            unit={t`BDT`}
            className="pr-14"
            error={errors.amount?.message}
            registration={form.register("amount")}
          />
          <Button type="submit" size="lg" className="w-full">
            {busy ? t`Submitting...` : t`Submit Withdrawal Request`}
          </Button>
        </fieldset>
      </form>
    </>
  );
}

/** Withdraw (docs/product.md, Customer area › Withdraw): send BDT to a bKash, Nagad or Upay wallet. */
export default function WithdrawPage() {
  const { t } = useLingui();
  const wallet = useWalletQuery();
  const limits = wallet.data?.withdrawalLimits;
  const { information, cannotWithdraw } = useWithdrawalInformation(limits);
  const form = useWithdrawalForm();
  const request = useWithdrawalRequest(form, limits);
  const { receipt, review, startOver } = request;
  const typing = useConfirmationCode(request.confirmation, request.confirm);

  return (
    <>
      <title>{t`Withdraw · Nexapay`}</title>
      <PageHeader title={t`Withdraw`} description={t`Send BDT from your Nexapay balance to your bKash, Nagad or Upay wallet.`} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Withdrawal request</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>The amount is held from your available balance until the withdrawal is processed.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <AvailableBalance wallet={wallet} />

            {receipt ? (
              <SubmittedReceipt
                transaction={receipt}
                title={t`Withdrawal request submitted`}
                againLabel={t`Make another withdrawal`}
                onAgain={startOver}
              />
            ) : review ? (
              <WithdrawalReview request={request} typing={typing} />
            ) : (
              <WithdrawalFormStep form={form} request={request} cannotWithdraw={cannotWithdraw} />
            )}
          </CardContent>
        </Card>

        <InformationCard items={information} className="h-fit" />
      </div>
    </>
  );
}
