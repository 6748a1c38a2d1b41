import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleHelp } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { bengaliDigits, parseBdt } from "#shared/money.ts";
import type { ProofOfReservesDto } from "#shared/solvency-schemas.ts";
import { api, ApiError } from "@/lib/api-client.ts";
import { dateFormatter, formatBdtAmount, formatCount, shownLocale } from "@/lib/locale-format.ts";
import { PageSection } from "@/features/marketing/components/page-section.tsx";
import { ContentPageShell } from "./components/content-page-shell.tsx";

/** The latest published proof; null before the first one (the server answers 404). */
async function latestProof(signal: AbortSignal): Promise<ProofOfReservesDto | null> {
  try {
    return await api.get<ProofOfReservesDto>("/api/proof-of-reserves", signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const takenAtFormat = dateFormatter({ dateStyle: "long", timeStyle: "short" });

function digits(text: string): string {
  return shownLocale() === "bn" ? bengaliDigits(text) : text;
}

function bdtText(amount: string): string {
  try {
    return formatBdtAmount(parseBdt(amount));
  } catch {
    return `${amount} BDT`;
  }
}

/**
 * Proof of reserves (decision 053): what Nexapay owes its customers against what it holds, the
 * latest published figures, how a customer checks their own balance is counted, and what the proof
 * does and does not show.
 */
export default function ProofOfReservesPage() {
  const { t } = useLingui();
  const proof = useQuery({ queryKey: ["proof-of-reserves"], queryFn: ({ signal }) => latestProof(signal) });
  return (
    <ContentPageShell
      eyebrow={t`Trust`}
      title={t`Proof of reserves`}
      intro={t`Nexapay owes every customer their balance in taka. Here is what we hold against it, and how you can check your own balance is counted.`}
    >
      <PageSection width="narrow" align="start" title={t`What we owe and what we hold`}>
        <div className="grid gap-4 text-lg text-slate-700">
          <p>
            <Trans>
              What we owe is the sum of all customers&apos; balances, including amounts held for withdrawals under way. What we hold is USDT
              on our TRON addresses, valued at our current rate, plus taka in our bKash, Nagad and Upay merchant wallets.
            </Trans>
          </p>
          <p>
            <Trans>
              Every night at midnight (Bangladesh time) we publish a proof: one fingerprint (a root hash) of every customer&apos;s balance,
              and the total of those balances beside what we hold.
            </Trans>
          </p>
        </div>
      </PageSection>
      <PageSection width="narrow" align="start" tone="tint" title={t`The latest published figures`}>
        {proof.isPending ? (
          <p className="text-slate-600">{t`Loading the latest proof...`}</p>
        ) : proof.isError ? (
          <p className="text-red-800">{t`The latest proof could not be loaded. Please try again later.`}</p>
        ) : proof.data === null ? (
          <p className="text-lg text-slate-700">
            <Trans>No proof has been published yet.</Trans>
          </p>
        ) : (
          <PublishedFigures proof={proof.data} />
        )}
      </PageSection>
      <HowToCheck />
    </ContentPageShell>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-200 py-3 last:border-b-0 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

function PublishedFigures({ proof }: { proof: ProofOfReservesDto }) {
  const { t } = useLingui();
  const usdt = `${digits(proof.reserves.usdtAmount)} USDT`;
  const rate = bdtText(proof.reserves.rate);
  return (
    <dl
      aria-label={t`Latest published proof`}
      className="rounded-xl border border-slate-200 bg-white px-4 text-sm shadow-sm sm:px-6 sm:text-base"
    >
      <Fact label={t`Published`}>
        <time dateTime={proof.takenAt}>{takenAtFormat(proof.takenAt)}</time>
      </Fact>
      <Fact label={t`Root hash`}>
        <span className="font-mono text-xs break-all sm:text-sm">{proof.root.hash}</span>
      </Fact>
      <Fact label={t`Total of balances`}>
        <span className="tabular-nums">{formatBdtAmount(BigInt(proof.root.sum))}</span>
      </Fact>
      <Fact label={t`Customer accounts`}>
        <span className="tabular-nums">{formatCount(proof.leafCount)}</span>
      </Fact>
      <Fact label={t`USDT held`}>
        <span className="tabular-nums">{usdt}</span>
        <ul className="mt-1 grid gap-0.5 font-mono text-xs break-all text-slate-600">
          {proof.reserves.usdtAddresses.map((address) => (
            <li key={address}>{address}</li>
          ))}
        </ul>
      </Fact>
      <Fact label={t`Rate`}>
        <span className="tabular-nums">
          <Trans>1 USDT = {rate}</Trans>
        </span>
      </Fact>
      <Fact label={t`Taka in merchant wallets`}>
        <span className="tabular-nums">{bdtText(proof.reserves.floatsBdt)}</span>
      </Fact>
      <Fact label={t`Coverage`}>
        <span className="font-semibold tabular-nums">{proof.coverage === null ? "—" : `${digits(proof.coverage)} %`}</span>
      </Fact>
    </dl>
  );
}

function HowToCheck() {
  const { t } = useLingui();
  return (
    <PageSection width="narrow" align="start" title={t`Check your own balance`}>
      <div className="grid gap-6 text-lg text-slate-700">
        <p>
          <Trans>
            Sign in and open{" "}
            <Link to="/profile" className="font-medium text-emerald-800 underline underline-offset-4">
              Profile
            </Link>
            , then <strong>Verify my balance</strong>. Your browser recomputes the root hash from your balance and the few hashes beside it,
            and compares it with the root published here. You can also download your proof and check it with Nexapay&apos;s source code.
          </Trans>
        </p>
        <div className="grid gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-base">
          <h3 className="flex items-center gap-2 font-semibold text-emerald-900">
            <CircleCheck aria-hidden="true" className="size-5" />
            <Trans>What it proves</Trans>
          </h3>
          <p>
            <Trans>
              Your balance is counted in the published total of balances. The hashes and sums on your path add up to the published root
              hash, so your balance could not have been left out or made smaller without changing it.
            </Trans>
          </p>
        </div>
        <div className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-base">
          <h3 className="flex items-center gap-2 font-semibold text-amber-900">
            <CircleHelp aria-hidden="true" className="size-5" />
            <Trans>What it does not prove</Trans>
          </h3>
          <p>
            <Trans>
              It cannot prove that no customer was left out of the proof altogether. That is caught by each customer checking their own
              balance: the more of you check, the surer everyone can be.
            </Trans>
          </p>
        </div>
        <p className="text-base">
          <Trans>How the proof is built, byte for byte, is written in docs/proof-of-reserves.md in Nexapay&apos;s source code.</Trans>
        </p>
      </div>
    </PageSection>
  );
}
