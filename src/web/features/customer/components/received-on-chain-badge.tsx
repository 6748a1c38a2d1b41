import { Trans } from "@lingui/react/macro";
import { Link2 } from "lucide-react";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { Badge } from "@/components/ui/badge.tsx";

/** "Received on chain" beside a deposit's status, once its USDT transfer is seen on the chain; nothing otherwise. */
export function ReceivedOnChainBadge({ transaction }: { transaction: Pick<TransactionDto, "type" | "receivedOnChain"> }) {
  if (transaction.type !== "deposit" || !transaction.receivedOnChain) return null;
  return (
    <Badge tone="info">
      <Link2 aria-hidden="true" />
      <Trans>Received on chain</Trans>
    </Badge>
  );
}
