import { Trans, useLingui } from "@lingui/react/macro";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, Download } from "lucide-react";
import { checkProof, type Sha256 } from "#shared/proof-of-liabilities.ts";
import type { ProofOfLiabilitiesDto, ProofOfReservesDto } from "#shared/solvency-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { api, ApiError } from "@/lib/api-client.ts";
import { formatBdtAmount } from "@/lib/locale-format.ts";
import { formatDate } from "@/features/customer/customer-format.ts";

/** A read whose 404 means "nothing published for you yet", not a failure: null then. */
async function getOrNull<T>(path: string, signal: AbortSignal): Promise<T | null> {
  try {
    return await api.get<T>(path, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const ownProofQuery = queryOptions({
  queryKey: ["proof-of-liabilities"],
  queryFn: ({ signal }) => getOrNull<ProofOfLiabilitiesDto>("/api/me/proof-of-liabilities", signal),
});

const publishedProofQuery = queryOptions({
  queryKey: ["proof-of-reserves"],
  queryFn: ({ signal }) => getOrNull<ProofOfReservesDto>("/api/proof-of-reserves", signal),
});

/** SHA-256 by the browser's own Web Crypto: the check runs on this device, not on our server. */
const webSha256: Sha256 = async (bytes) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));

type Outcome = { kind: "included"; balancePoisha: bigint; takenAt: string } | { kind: "mismatch" } | { kind: "newer" };

/**
 * Recomputes the root from the customer's leaf and path here in the browser, and compares it with
 * the root the public page shows (never the root the proof carries: that would prove nothing).
 */
async function verify(proof: ProofOfLiabilitiesDto, published: ProofOfReservesDto): Promise<Outcome> {
  // A proof taken between the two reads belongs to another snapshot: asking again settles it.
  if (proof.snapshotId !== published.snapshotId) return { kind: "newer" };
  const check = await checkProof(webSha256, proof, published.root);
  return check.ok ? { kind: "included", balancePoisha: BigInt(proof.leaf.balance), takenAt: published.takenAt } : { kind: "mismatch" };
}

/** Profile › Verify my balance (decision 053): the customer's own inclusion in the published proof of liabilities. */
export function VerifyBalanceCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Verify my balance</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Every night Nexapay publishes one fingerprint of all customers&apos; balances. Your browser checks that yours is counted in it.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <VerifyBody />
      </CardContent>
    </Card>
  );
}

function VerifyBody() {
  const { t } = useLingui();
  const proof = useQuery(ownProofQuery);
  const published = useQuery(publishedProofQuery);
  const ready = proof.data && published.data ? { proof: proof.data, published: published.data } : null;
  const outcome = useQuery({
    queryKey: ["proof-check", ready?.proof.snapshotId, ready?.proof.leaf.hash, ready?.published.root.hash],
    queryFn: () => (ready ? verify(ready.proof, ready.published) : null),
    enabled: ready !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (proof.isPending || published.isPending) return <p className="text-sm text-muted-foreground">{t`Loading the proof...`}</p>;
  if (proof.isError || published.isError)
    return <p className="text-sm text-destructive">{t`The proof could not be loaded. Please try again later.`}</p>;
  if (!ready)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No proof includes your account yet. One is published every night; check again tomorrow.</Trans>
      </p>
    );
  return (
    <div className="grid gap-4">
      {outcome.data ? <OutcomeLine outcome={outcome.data} /> : <p className="text-sm text-muted-foreground">{t`Checking...`}</p>}
      <DownloadProof proof={ready.proof} />
    </div>
  );
}

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === "included") {
    const balance = formatBdtAmount(outcome.balancePoisha);
    const date = formatDate(outcome.takenAt);
    return (
      <p role="status" className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <Trans>
            Your balance of {balance} is included in the proof published on {date}.
          </Trans>
        </span>
      </p>
    );
  }
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {outcome.kind === "newer" ? (
          <Trans>A newer proof was published while this page loaded. Reload the page to check against it.</Trans>
        ) : (
          <Trans>
            Your proof does not add up to the published proof: your balance could not be shown to be included. Please contact support.
          </Trans>
        )}
      </span>
    </p>
  );
}

/** The proof answer as a file, for `npm run por:verify` on the customer's own computer. */
function DownloadProof({ proof }: { proof: ProofOfLiabilitiesDto }) {
  const href = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(proof, null, 2))}`;
  return (
    <div className="grid gap-2 text-sm">
      <Button asChild variant="outline" className="w-fit">
        <a href={href} download="proof.json">
          <Download aria-hidden="true" />
          <Trans>Download my proof</Trans>
        </a>
      </Button>
      <p className="text-muted-foreground">
        <Trans>
          To check it yourself with Nexapay&apos;s source code:{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">npm run por:verify -- proof.json</code>
        </Trans>
      </p>
    </div>
  );
}
