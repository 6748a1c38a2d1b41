import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ImageOff } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "@/lib/toast.tsx";
import { sidesOf, type DocumentType, type VerificationDocumentDto } from "#shared/verification-schemas.ts";
import { verificationDocumentsQuery } from "@/features/admin/admin-api.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { documentCaption } from "../admin-format.ts";

/** Whose documents, and the type their verification names (the images of another type may linger from an earlier upload). */
export type DocumentsTarget = { userId: string; email: string; documentType: DocumentType } | null;

/**
 * Said where the admin decides (the verification's row and this dialog) when the chosen document has
 * two sides (national ID, driving licence) and its back was not uploaded: one side is not the whole document.
 */
export function BackSideMissing() {
  return (
    <span className="mt-1 block w-fit rounded-md bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      <Trans>Back side missing</Trans>
    </span>
  );
}

/** Whether the documents of `documentType` lack the back side it needs. */
function backSideMissingIn(documents: readonly VerificationDocumentDto[], documentType: DocumentType): boolean {
  return sidesOf(documentType).includes("back") && !documents.some((d) => d.documentType === documentType && d.side === "back");
}

/** 'Verification Documents' (docs/product.md, Back office › Verifications): the customer's uploaded images, each captioned. */
export function VerificationDocumentsDialog({ target, onClose }: { target: DocumentsTarget; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Verification Documents</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Review uploaded identification documents</Trans>
          </DialogDescription>
        </DialogHeader>
        {target ? <DocumentsBody userId={target.userId} email={target.email} documentType={target.documentType} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DocumentsBody({ userId, email, documentType }: { userId: string; email: string; documentType: DocumentType }) {
  const { t } = useLingui();
  const documents = useQuery(verificationDocumentsQuery(userId));
  const failedMessage = t`Failed to load documents`;

  useEffect(() => {
    if (documents.isError) toast.error(failedMessage);
  }, [documents.isError, failedMessage]);

  if (documents.isPending) return <LoadingState label={t`Loading documents...`} className="py-10" />;
  if (documents.isError) return <Notice tone="error">{failedMessage}</Notice>;
  if (documents.data.documents.length === 0)
    return (
      <p className="py-10 text-center text-sm text-muted-foreground">
        <Trans>No documents found</Trans>
      </p>
    );

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{email}</p>
      {backSideMissingIn(documents.data.documents, documentType) ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">
            <Trans>Back side missing</Trans>
          </p>
          <p>
            <Trans>Only the front of this two-sided document was uploaded.</Trans>
          </p>
        </div>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {documents.data.documents.map((document) => (
          <li key={document.url}>
            <DocumentImage document={document} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function DocumentImage({ document }: { document: VerificationDocumentDto }) {
  const [failed, setFailed] = useState(false);
  const caption = documentCaption(document.url);
  return (
    <figure className="grid gap-2">
      {failed ? (
        <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-slate-50 text-sm text-muted-foreground">
          <ImageOff aria-hidden="true" className="size-8" />
          <span>
            <Trans>Image could not be loaded</Trans>
          </span>
        </div>
      ) : (
        <a href={document.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border bg-slate-50">
          <img
            src={document.url}
            alt={caption}
            loading="lazy"
            onError={() => setFailed(true)}
            className="aspect-[4/3] w-full object-contain"
          />
          <span className="sr-only">
            <Trans> (opens the full image in a new tab)</Trans>
          </span>
        </a>
      )}
      <figcaption className="text-center text-sm font-medium capitalize">{caption}</figcaption>
    </figure>
  );
}
