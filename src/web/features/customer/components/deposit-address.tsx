import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleAlert, Copy } from "lucide-react";
import { toast } from "@/lib/toast.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DepositQrCode } from "./deposit-qr-code.tsx";

/**
 * The company's TRC-20 deposit address: as text with its copy button, as a QR code drawn in the
 * browser (for a wallet on another device), and the warning about other coins and networks. Shown
 * only with a request's exact amount, so nobody sends before asking (decision 038).
 */
export function DepositAddress({ address, network }: { address: string; network: string }) {
  const { t } = useLingui();
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(msg`Address copied to clipboard!`);
    } catch {
      toast.error(msg`Could not copy the address. Select it and copy it by hand.`);
    }
  }

  return (
    <div className="grid gap-3">
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
      <div className="justify-self-center rounded-xl border border-border p-3 shadow-sm">
        <DepositQrCode value={address} label={t`QR code of the deposit address ${address}`} className="size-40" />
      </div>
      <p className="flex items-start gap-2 text-sm text-amber-800">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <Trans>Sending any other coin or using another network may lose your funds.</Trans>
      </p>
    </div>
  );
}
