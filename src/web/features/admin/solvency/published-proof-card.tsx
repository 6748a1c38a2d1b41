import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FileCheck2 } from "lucide-react";
import type { ProofOfReservesDto } from "#shared/solvency-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { formatBdtAmount as formatPoisha, formatCount } from "@/lib/locale-format.ts";
import { useSession } from "@/lib/session.ts";
import { toast } from "@/lib/toast.tsx";
import { formatDateTime } from "@/features/admin/shell/admin-format.ts";
import { latestProofQuery, publishProof } from "./solvency-api.ts";
import { coverageText } from "./solvency-format.ts";

/**
 * The proof of reserves customers check (decision 053): the latest published root, taken every
 * midnight (Asia/Dhaka). A super admin may publish one now, e.g. right after a large change.
 */
export function PublishedProofCard() {
  const { t } = useLingui();
  const { user } = useSession();
  const isSuperAdmin = user?.adminRole === "super_admin";
  const latest = useQuery(latestProofQuery);
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: publishProof,
    onSuccess: (proof) => {
      queryClient.setQueryData(latestProofQuery.queryKey, proof);
      toast.success(t`Proof of reserves published`);
    },
    onError: (error) => toast.error(errorMessage(error, t`Failed to publish the proof`)),
  });
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>
            <Trans>Proof of reserves</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Published every midnight (Asia/Dhaka); each customer can check their balance is in it.</Trans>
          </CardDescription>
        </div>
        {isSuperAdmin ? (
          <Button onClick={() => publish.mutate()} disabled={publish.isPending} className="min-h-11 sm:min-h-9">
            <FileCheck2 aria-hidden="true" />
            {publish.isPending ? t`Publishing...` : t`Publish proof now`}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {latest.isPending ? (
          <p className="text-sm text-muted-foreground">{t`Loading...`}</p>
        ) : latest.isError ? (
          <p className="text-sm text-destructive">{t`Failed to load the published proof`}</p>
        ) : latest.data === null ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No proof has been published yet.</Trans>
          </p>
        ) : (
          <ProofFacts proof={latest.data} />
        )}
      </CardContent>
    </Card>
  );
}

function ProofFacts({ proof }: { proof: ProofOfReservesDto }) {
  const { t } = useLingui();
  return (
    <dl aria-label={t`Latest published proof`} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      <dt className="text-muted-foreground">
        <Trans>Published</Trans>
      </dt>
      <dd>
        <time dateTime={proof.takenAt}>{formatDateTime(proof.takenAt)}</time>
      </dd>
      <dt className="text-muted-foreground">
        <Trans>Root hash</Trans>
      </dt>
      <dd className="font-mono text-xs break-all">{proof.root.hash}</dd>
      <dt className="text-muted-foreground">
        <Trans>Total of balances</Trans>
      </dt>
      <dd className="tabular-nums">{formatPoisha(BigInt(proof.root.sum))}</dd>
      <dt className="text-muted-foreground">
        <Trans>Accounts</Trans>
      </dt>
      <dd className="tabular-nums">{formatCount(proof.leafCount)}</dd>
      <dt className="text-muted-foreground">
        <Trans>Coverage</Trans>
      </dt>
      <dd className="tabular-nums">{coverageText(proof.coverage)}</dd>
    </dl>
  );
}
