import { Trans, useLingui } from "@lingui/react/macro";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { CopyButton } from "@/components/recovery-codes.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { groupedSecret, totpSecretOf } from "@/lib/two-factor-code.ts";

/**
 * The new secret of an authenticator app, to scan as a QR code or type by hand: the step of every
 * enrolment (the back office's, and Profile › Security).
 */
export function AuthenticatorKey({ totpUri }: { totpUri: string }) {
  const { t } = useLingui();
  const [qrDataUrl, setQrDataUrl] = useState<string | null>(null);
  const [qrFailed, setQrFailed] = useState(false);
  const secret = totpSecretOf(totpUri);

  useEffect(() => {
    let current = true;
    // Drawn here, in the browser: the secret never goes to a third-party QR service.
    QRCode.toDataURL(totpUri, { margin: 1, width: 192, errorCorrectionLevel: "M" })
      .then((url) => current && setQrDataUrl(url))
      .catch(() => current && setQrFailed(true));
    return () => {
      current = false;
    };
  }, [totpUri]);

  return (
    <div className="grid gap-3">
      <div className="flex justify-center">
        {qrDataUrl ? (
          <img
            src={qrDataUrl}
            width={192}
            height={192}
            alt={t`QR code for your authenticator app`}
            data-totp-uri={totpUri}
            className="rounded-lg border"
          />
        ) : qrFailed ? (
          <Notice tone="error">
            <Trans>The QR code could not be drawn. Enter the key below instead.</Trans>
          </Notice>
        ) : (
          <div className="flex size-48 items-center justify-center rounded-lg border">
            <Spinner />
          </div>
        )}
      </div>
      {secret ? (
        <div className="grid gap-1 text-sm">
          <p className="text-muted-foreground">
            <Trans>Or enter this key by hand:</Trans>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              id="totp-secret"
              data-secret={secret}
              className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
            >
              {groupedSecret(secret)}
            </code>
            <CopyButton text={secret} label={t`Copy key`} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
