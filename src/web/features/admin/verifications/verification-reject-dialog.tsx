import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { verificationRejectSchema } from "#shared/admin-schemas.ts";
import { verificationRejectReasons } from "#shared/verification-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { cn } from "@/lib/class-names.ts";

export const otherReasonLabel = msg`Other…`;
const other = "other";

// The reasons as the admin reads them. What is sent (and what the customer reads) stays the shared English text.
const reasonLabels: Record<(typeof verificationRejectReasons)[number], MessageDescriptor> = {
  "Photo is blurred": msg`Photo is blurred`,
  "Document expired": msg`Document expired`,
  "Name does not match the profile": msg`Name does not match the profile`,
};

export type RejectTarget = { id: string; email: string; name: string | null } | null;

/**
 * Reject a verification with a reason the customer will read: one of the common
 * reasons, or "Other…" with the admin's own words (then required). Sends `{ reason }`.
 */
export function VerificationRejectDialog({
  target,
  busy,
  onClose,
  onReject,
}: {
  target: RejectTarget;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const { t } = useLingui();
  const whose = target ? (target.name ?? target.email) : "";
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Reject verification</Trans>
          </DialogTitle>
          <DialogDescription>
            {target ? t`${whose}'s documents.` : null} <Trans>The customer sees the reason and can upload new documents.</Trans>
          </DialogDescription>
        </DialogHeader>
        {target ? <ReasonForm key={target.id} busy={busy} onClose={onClose} onReject={onReject} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm({ busy, onClose, onReject }: { busy: boolean; onClose: () => void; onReject: (reason: string) => void }) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<string>("");
  const [otherText, setOtherText] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [otherError, setOtherError] = useState<string | undefined>(undefined);

  function submit() {
    if (choice === "") {
      setError(verificationRejectSchema.safeParse({ reason: "" }).error?.issues[0]?.message);
      return;
    }
    const parsed = verificationRejectSchema.safeParse({ reason: choice === other ? otherText : choice });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      if (choice === other) setOtherError(otherText.trim() === "" ? t`Write the reason for the rejection` : message);
      else setError(message);
      return;
    }
    onReject(parsed.data.reason);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset disabled={busy} className="grid gap-4">
        <div role="radiogroup" aria-label={t`Reason`} aria-describedby={error ? "reject-reason-error" : undefined} className="grid gap-2">
          {[...verificationRejectReasons, other].map((value) => (
            <ReasonChoice
              key={value}
              value={value}
              checked={choice === value}
              onChoose={() => {
                setChoice(value);
                setError(undefined);
                setOtherError(undefined);
              }}
            />
          ))}
          {error ? (
            <p id="reject-reason-error" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        {choice === other ? (
          <OtherReason
            text={otherText}
            error={otherError}
            onChange={(text) => {
              setOtherText(text);
              setOtherError(undefined);
            }}
          />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="destructive">
            {busy ? t`Rejecting...` : t`Reject verification`}
          </Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}

/** One of the reasons as a radio button in a bordered box, the chosen one green. */
function ReasonChoice({ value, checked, onChoose }: { value: string; checked: boolean; onChoose: () => void }) {
  const { i18n } = useLingui();
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
        checked ? "border-primary bg-emerald-50" : "border-input bg-white hover:bg-muted",
      )}
    >
      <input type="radio" name="reject-reason" value={value} checked={checked} onChange={onChoose} className="size-4 accent-emerald-700" />
      {value === other ? i18n._(otherReasonLabel) : i18n._(reasonLabels[value as keyof typeof reasonLabels])}
    </label>
  );
}

/** "Other": the reason in the admin's own words. */
function OtherReason({ text, error, onChange }: { text: string; error: string | undefined; onChange: (text: string) => void }) {
  const { t } = useLingui();
  return (
    <FormField id="reject-reason-other" label={t`Reason`} error={error}>
      <Textarea
        rows={3}
        maxLength={500}
        autoFocus
        placeholder={t`What the customer should fix`}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        {...controlProps("reject-reason-other", error)}
      />
    </FormField>
  );
}
