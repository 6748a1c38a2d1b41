import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast.tsx";
import { Button } from "@/components/ui/button.tsx";

/** One-time recovery codes of a second factor, shown once, in two columns. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Recovery codes`} className="grid grid-cols-2 gap-2 rounded-lg border bg-slate-50 p-3 font-mono text-sm">
      {codes.map((code) => (
        <li key={code} className="text-center">
          {code}
        </li>
      ))}
    </ul>
  );
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            toast.success(msg`Copied to clipboard`);
            setTimeout(() => setCopied(false), 2000);
          },
          () => toast.error(msg`Could not copy. Select the text and copy it by hand.`),
        );
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {label}
    </Button>
  );
}
