import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, CircleCheck, CircleDashed, CircleX, Clock, Upload, UserRoundPen, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { messages } from "#shared/api-error.ts";
import type { VerificationStatus } from "#shared/profile-schemas.ts";
import {
  documentTypes,
  sidesOf,
  verificationMessages,
  type DocumentSide,
  type DocumentType,
  type VerificationDto,
} from "#shared/verification-schemas.ts";
import { meQuery, verificationQuery } from "@/features/customer/customer-api.ts";
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
import { sidesProgress, sidesUploadedText } from "@/features/customer/verification-progress.ts";

const documentTypeLabels: Record<DocumentType, string> = {
  national_id: "National ID",
  driving_license: "Driving License",
  passport: "Passport",
};

const sideTitles: Record<DocumentSide, string> = { front: "Front side", back: "Back side" };

/** The documents card's heading: "Upload new documents" takes the customer there. */
const documentsHeadingId = "identity-documents";

function goToDocuments(): void {
  const heading = document.getElementById(documentsHeadingId);
  if (!heading) return;
  heading.scrollIntoView({ behavior: "smooth", block: "start" });
  heading.focus({ preventScroll: true });
}

// The status messages (docs/product.md, Customer area › Verification); 'Not Verified' when there is no request yet.
const statusCards: Record<VerificationStatus, { icon: LucideIcon; message: string; className: string }> = {
  none: {
    icon: CircleDashed,
    message: "Upload a National ID, Driving License or Passport below to verify your identity.",
    className: "bg-slate-100 text-slate-700",
  },
  pending: { icon: Clock, message: verificationMessages.pending, className: "bg-amber-100 text-amber-800" },
  approved: { icon: CircleCheck, message: verificationMessages.approved, className: "bg-emerald-100 text-emerald-800" },
  rejected: { icon: CircleX, message: verificationMessages.rejected, className: "bg-red-100 text-red-800" },
};

/** Verification (docs/product.md, Customer area › Verification): the status, one tab per document type with an upload slot per side, and the profile dialog. */
export default function VerificationPage() {
  const verification = useQuery(verificationQuery);

  return (
    <>
      <title>Verification · Nexapay</title>
      <PageHeader title="Verification" description="Verify your identity to keep your account secure." actions={<ManageProfileDialog />} />
      {verification.data ? (
        <div className="grid gap-6">
          <StatusCard verification={verification.data} />
          <DocumentsCard verification={verification.data} />
        </div>
      ) : verification.isError ? (
        <div className="grid gap-3">
          <Notice tone="error">Failed to load your verification.</Notice>
          <Button variant="outline" className="w-fit" onClick={() => void verification.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <LoadingState label="Loading verification..." />
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

function StatusCard({ verification }: { verification: VerificationDto }) {
  const incomplete = incompleteSides(verification);
  const card = incomplete ? { ...statusCards.pending, icon: Upload } : statusCards[verification.status];
  return (
    <Card>
      <CardContent className="flex items-start gap-4 pt-6 sm:items-center">
        <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-full sm:size-12", card.className)}>
          <card.icon aria-hidden="true" className="size-5 sm:size-6" />
        </span>
        <div className="grid flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">Verification Status</h2>
            <StatusBadge
              status={verification.status}
              label={incomplete ? "Incomplete" : verificationStatusLabels[verification.status]}
              icon
            />
          </div>
          {incomplete ? (
            <>
              <p className="text-sm font-medium text-amber-900" data-testid="verification-message">
                {sidesUploadedText(incomplete)}
              </p>
              <p className="text-sm text-muted-foreground">
                Upload the {incomplete.missing.map((side) => sideTitles[side].toLowerCase()).join(" and ")} too. We review your documents
                once every side is in.
              </p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="verification-message">
              {card.message}
            </p>
          )}
          {verification.documentType && verification.status !== "none" ? (
            <p className="text-sm text-muted-foreground">Document: {documentTypeLabels[verification.documentType]}</p>
          ) : null}
          {verification.status === "rejected" && verification.rejectReason ? (
            <p className="text-sm font-medium text-red-800" data-testid="verification-reject-reason">
              Reason: {verification.rejectReason}
            </p>
          ) : null}
          {incomplete ? (
            <Button className="mt-2 w-fit" onClick={goToDocuments}>
              <Upload aria-hidden="true" />
              Upload the {sideTitles[incomplete.missing[0]!].toLowerCase()}
            </Button>
          ) : null}
          {verification.status === "rejected" ? (
            <Button className="mt-2 w-fit" onClick={goToDocuments}>
              <Upload aria-hidden="true" />
              Upload new documents
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function DocumentsCard({ verification }: { verification: VerificationDto }) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<DocumentType>(verification.documentType ?? "national_id");
  const locked = verification.status === "approved";

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
          Identity documents
        </CardTitle>
        <CardDescription>
          {verification.status === "rejected"
            ? "Replace the photos with new, clear ones (Replace under each side); your documents are reviewed again. "
            : "Choose a document and upload a clear photo of each side. "}
          JPEG, PNG or WebP images up to 5 MB.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {locked ? (
          <Notice tone="success" className="mb-4">
            {messages.documentsLocked}
          </Notice>
        ) : null}
        <Tabs value={tab} onValueChange={(value) => setTab(value as DocumentType)}>
          <TabsList aria-label="Document type">
            {documentTypes.map((type) => {
              const complete = sidesOf(type).every((side) =>
                verification.documents.some((d) => d.documentType === type && d.side === side),
              );
              return (
                <TabsTrigger key={type} value={type} className="px-2 text-xs sm:px-3 sm:text-sm">
                  {documentTypeLabels[type]}
                  {complete ? (
                    <>
                      <BadgeCheck aria-hidden="true" className="text-emerald-700" />
                      <span className="sr-only">(uploaded)</span>
                    </>
                  ) : null}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {documentTypes.map((type) => (
            <TabsContent key={type} value={type}>
              <p className="mb-4 text-sm text-muted-foreground">
                {type === "passport"
                  ? "Upload the photo page of your passport."
                  : `Upload the front and the back of your ${documentTypeLabels[type]}.`}
              </p>
              <div className={cn("grid gap-4", type === "passport" ? "sm:max-w-md" : "sm:grid-cols-2")}>
                {sidesOf(type).map((side) => (
                  <DocumentUploadSlot
                    key={side}
                    documentType={type}
                    side={side}
                    title={sideTitles[side]}
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
  const [open, setOpen] = useState(false);
  const me = useQuery({ ...meQuery, enabled: open });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UserRoundPen aria-hidden="true" />
          Manage Profile
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Manage Profile</DialogTitle>
          <DialogDescription>Keep your name, phone, address and document number up to date.</DialogDescription>
        </DialogHeader>
        {me.data ? (
          <ProfileForm
            me={me.data}
            idPrefix="dialog-profile"
            onSaved={() => setOpen(false)}
            secondaryAction={
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
            }
          />
        ) : me.isError ? (
          <Notice tone="error">Failed to load profile data</Notice>
        ) : (
          <LoadingState label="Loading profile..." className="py-8" />
        )}
      </DialogContent>
    </Dialog>
  );
}
