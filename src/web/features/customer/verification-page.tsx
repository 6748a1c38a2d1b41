import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, CircleCheck, CircleDashed, CircleX, Clock, Upload, UserRoundPen, type LucideIcon } from "lucide-react";
import { useState } from "react";
import type { VerificationStatus } from "#shared/profile-schemas.ts";
import {
  documentSizeBytesMax,
  documentTypes,
  sidesOf,
  type DocumentSide,
  type DocumentType,
  type VerificationDto,
} from "#shared/verification-schemas.ts";
import { meQuery, verificationQuery } from "@/features/customer/customer-api.ts";
import { fileSizeText } from "@/features/customer/customer-format.ts";
import { DocumentUploadSlot } from "@/features/customer/components/document-upload-slot.tsx";
import { ProfileForm } from "@/features/customer/components/profile-form.tsx";
import { StatusBadge, verificationStatusLabels } from "@/components/status-badge.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";
import { cn } from "@/lib/class-names.ts";
import { queryKeys } from "@/lib/live-updates.ts";
import { sessionQueryKey } from "@/lib/session.ts";
import { sidesProgress, sidesUploadedText, type SidesProgress } from "@/features/customer/verification-progress.ts";
import { messages } from "#shared/api-error.ts";
import { verificationMessages } from "#shared/verification-schemas.ts";
import { serverMessageText } from "@/lib/server-messages.ts";
import { LoadFailed } from "./components/load-failed.tsx";

const documentTypeLabels: Record<DocumentType, MessageDescriptor> = {
  national_id: msg`National ID`,
  driving_license: msg`Driving License`,
  passport: msg`Passport`,
};

const sideTitles: Record<DocumentSide, MessageDescriptor> = { front: msg`Front side`, back: msg`Back side` };

/** The documents card's heading: "Upload new documents" takes the customer there. */
const documentsHeadingId = "identity-documents";

function goToDocuments(): void {
  const heading = document.getElementById(documentsHeadingId);
  if (!heading) return;
  heading.scrollIntoView({ behavior: "smooth", block: "start" });
  heading.focus({ preventScroll: true });
}

// The status messages (docs/product.md, Customer area › Verification); 'Not Verified' when there is no request yet.
// A request's statuses say the shared sentences (also the server's), shown through serverMessageText.
const statusCards: Record<VerificationStatus, { icon: LucideIcon; message: MessageDescriptor | string; className: string }> = {
  none: {
    icon: CircleDashed,
    message: msg`Upload a National ID, Driving License or Passport below to verify your identity.`,
    className: "bg-slate-100 text-slate-700",
  },
  pending: { icon: Clock, message: verificationMessages.pending, className: "bg-amber-100 text-amber-800" },
  approved: { icon: CircleCheck, message: verificationMessages.approved, className: "bg-emerald-100 text-emerald-800" },
  rejected: { icon: CircleX, message: verificationMessages.rejected, className: "bg-red-100 text-red-800" },
};

/** Verification (docs/product.md, Customer area › Verification): the status, one tab per document type with an upload slot per side, and the profile dialog. */
export default function VerificationPage() {
  const { t } = useLingui();
  const verification = useQuery(verificationQuery);

  return (
    <>
      <title>{t`Verification · Nexapay`}</title>
      <PageHeader
        title={t`Verification`}
        description={t`Verify your identity to keep your account secure.`}
        actions={<ManageProfileDialog />}
      />
      {verification.data ? (
        <div className="grid gap-6">
          <StatusCard verification={verification.data} />
          <DocumentsCard verification={verification.data} />
        </div>
      ) : verification.isError ? (
        <LoadFailed onRetry={() => void verification.refetch()}>
          <Trans>Failed to load your verification.</Trans>
        </LoadFailed>
      ) : (
        <LoadingState label={t`Loading verification...`} />
      )}
    </>
  );
}

/**
 * A pending request whose chosen document still misses a side is not being reviewed yet: the card
 * says how many sides are in and asks for the rest (the status itself stays pending).
 */
function incompleteSides(verification: VerificationDto) {
  if (verification.status !== "pending") return null;
  const progress = sidesProgress(verification);
  return progress && progress.missing.length > 0 ? progress : null;
}

/** 'Upload the back side too. We review your documents once every side is in.' */
function missingSidesText(incomplete: SidesProgress, i18n: I18n): string {
  const [first = "", second] = incomplete.missing.map((side) => i18n._(sideTitles[side]).toLowerCase());
  return second === undefined
    ? i18n._(msg`Upload the ${first} too. We review your documents once every side is in.`)
    : i18n._(msg`Upload the ${first} and ${second} too. We review your documents once every side is in.`);
}

/** 'Upload the front and the back of your National ID.' */
function bothSidesText(type: DocumentType, i18n: I18n): string {
  const documentName = i18n._(documentTypeLabels[type]);
  return i18n._(msg`Upload the front and the back of your ${documentName}.`);
}

function StatusCard({ verification }: { verification: VerificationDto }) {
  const { t, i18n } = useLingui();
  const incomplete = incompleteSides(verification);
  const card = incomplete ? { ...statusCards.pending, icon: Upload } : statusCards[verification.status];
  const documentLabel = verification.documentType ? i18n._(documentTypeLabels[verification.documentType]) : "";
  const rejectReason = verification.rejectReason;
  // 'Upload the back side': the side in lower case inside the sentence (Bangla has no capitals).
  const firstMissing = incomplete ? i18n._(sideTitles[incomplete.missing[0]!]).toLowerCase() : "";
  const firstMissingText = t`Upload the ${firstMissing}`;
  return (
    <Card>
      <CardContent className="flex items-start gap-4 pt-6 sm:items-center">
        <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-full sm:size-12", card.className)}>
          <card.icon aria-hidden="true" className="size-5 sm:size-6" />
        </span>
        <div className="grid flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">
              <Trans>Verification Status</Trans>
            </h2>
            <StatusBadge
              status={verification.status}
              label={incomplete ? t`Incomplete` : verificationStatusLabels[verification.status]}
              icon
            />
          </div>
          {incomplete ? (
            <>
              <p className="text-sm font-medium text-amber-900" data-testid="verification-message">
                {sidesUploadedText(incomplete)}
              </p>
              <p className="text-sm text-muted-foreground">{missingSidesText(incomplete, i18n)}</p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="verification-message">
              {typeof card.message === "string" ? serverMessageText(card.message) : i18n._(card.message)}
            </p>
          )}
          {verification.documentType && verification.status !== "none" ? (
            <p className="text-sm text-muted-foreground">
              <Trans>Document: {documentLabel}</Trans>
            </p>
          ) : null}
          {verification.status === "rejected" && verification.rejectReason ? (
            <p className="text-sm font-medium text-red-800" data-testid="verification-reject-reason">
              <Trans>Reason: {rejectReason}</Trans>
            </p>
          ) : null}
          {incomplete ? (
            <Button className="mt-2 w-fit" onClick={goToDocuments}>
              <Upload aria-hidden="true" />
              {firstMissingText}
            </Button>
          ) : null}
          {verification.status === "rejected" ? (
            <Button className="mt-2 w-fit" onClick={goToDocuments}>
              <Upload aria-hidden="true" />
              <Trans>Upload new documents</Trans>
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function DocumentsCard({ verification }: { verification: VerificationDto }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<DocumentType>(verification.documentType ?? "national_id");
  const locked = verification.status === "approved";
  const maxSize = fileSizeText(documentSizeBytesMax);

  function onUploaded(next: VerificationDto) {
    queryClient.setQueryData(queryKeys.verification, next);
    // The status shows on the profile and the dashboard too.
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id={documentsHeadingId} tabIndex={-1} className="scroll-mt-24 outline-none">
          <Trans>Identity documents</Trans>
        </CardTitle>
        <CardDescription>
          {verification.status === "rejected"
            ? t`Replace the photos with new, clear ones (Replace under each side); your documents are reviewed again.`
            : t`Choose a document and upload a clear photo of each side.`}{" "}
          <Trans>JPEG, PNG or WebP images up to {maxSize}.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {locked ? (
          <Notice tone="success" className="mb-4">
            {serverMessageText(messages.documentsLocked)}
          </Notice>
        ) : null}
        <Tabs value={tab} onValueChange={(value) => setTab(value as DocumentType)}>
          <TabsList aria-label={t`Document type`}>
            {documentTypes.map((type) => (
              <DocumentTypeTab key={type} type={type} verification={verification} />
            ))}
          </TabsList>
          {documentTypes.map((type) => (
            <TabsContent key={type} value={type}>
              <p className="mb-4 text-sm text-muted-foreground">
                {type === "passport" ? t`Upload the photo page of your passport.` : bothSidesText(type, i18n)}
              </p>
              <div className={cn("grid gap-4", type === "passport" ? "sm:max-w-md" : "sm:grid-cols-2")}>
                {sidesOf(type).map((side) => (
                  <DocumentUploadSlot
                    key={side}
                    documentType={type}
                    side={side}
                    title={i18n._(sideTitles[side])}
                    document={verification.documents.find((d) => d.documentType === type && d.side === side)}
                    onUploaded={onUploaded}
                    locked={locked}
                  />
                ))}
              </div>
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}

function ManageProfileDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const me = useQuery({ ...meQuery, enabled: open });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UserRoundPen aria-hidden="true" />
          <Trans>Manage Profile</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Manage Profile</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Keep your name, phone, address and document number up to date.</Trans>
          </DialogDescription>
        </DialogHeader>
        {me.data ? (
          <ProfileForm
            me={me.data}
            idPrefix="dialog-profile"
            onSaved={() => setOpen(false)}
            secondaryAction={
              <DialogClose asChild>
                <Button variant="outline">
                  <Trans>Cancel</Trans>
                </Button>
              </DialogClose>
            }
          />
        ) : me.isError ? (
          <Notice tone="error">
            <Trans>Failed to load profile data</Trans>
          </Notice>
        ) : (
          <LoadingState label={t`Loading profile...`} className="py-8" />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A document type's tab, marked once every side of that document is uploaded. */
function DocumentTypeTab({ type, verification }: { type: DocumentType; verification: VerificationDto }) {
  const { i18n } = useLingui();
  const complete = sidesOf(type).every((side) => verification.documents.some((d) => d.documentType === type && d.side === side));
  return (
    <TabsTrigger value={type} className="px-2 text-xs sm:px-3 sm:text-sm">
      {i18n._(documentTypeLabels[type])}
      {complete ? (
        <>
          <BadgeCheck aria-hidden="true" className="text-emerald-700" />
          <span className="sr-only">
            <Trans>(uploaded)</Trans>
          </span>
        </>
      ) : null}
    </TabsTrigger>
  );
}
