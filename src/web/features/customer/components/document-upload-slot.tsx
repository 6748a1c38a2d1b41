import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleCheck, FileImage, ImageOff, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { toast } from "@/lib/toast.tsx";
import {
  documentContentTypes,
  documentSizeBytesMax,
  type DocumentSide,
  type DocumentType,
  type VerificationDocumentDto,
  type VerificationDto,
  verificationMessages,
} from "#shared/verification-schemas.ts";
import { Button } from "@/components/ui/button.tsx";
import { Progress } from "@/components/ui/progress.tsx";
import { cn } from "@/lib/class-names.ts";
import { failureReason, uploadDocument } from "../customer-api.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { serverMessageText } from "@/lib/server-messages.ts";
import { fileSizeText, formatDateTime } from "../customer-format.ts";

type Chosen = { file: File; previewUrl: string };

/** The same checks the server makes, so a wrong file is refused before it is sent (its English sentence). */
export function documentFileProblem(file: File): string | null {
  if (!(documentContentTypes as readonly string[]).includes(file.type)) return verificationMessages.notAnImage;
  if (file.size > documentSizeBytesMax) return verificationMessages.tooLarge;
  if (file.size === 0) return verificationMessages.noFile;
  return null;
}

type SlotProps = {
  documentType: DocumentType;
  side: DocumentSide;
  title: string;
  document: VerificationDocumentDto | undefined;
  onUploaded: (verification: VerificationDto) => void;
  /** Approved documents are kept as the admin saw them: shown, never replaced. */
  locked?: boolean;
};

/** The hidden file input and the button's way to open it. */
function useFilePicker() {
  const inputRef = useRef<HTMLInputElement>(null);
  function openPicker() {
    if (inputRef.current) {
      // The same file chosen twice in a row must still fire a change.
      inputRef.current.value = "";
      inputRef.current.click();
    }
  }
  return { inputRef, openPicker };
}

/** The slot's state and actions: the chosen file, its upload, the refusal and the drag-over look. */
function useDocumentUpload({ documentType, side, onUploaded, locked }: Omit<SlotProps, "title" | "document"> & { locked: boolean }) {
  const { inputRef, openPicker } = useFilePicker();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const uploading = percent !== null;

  // The preview is an object URL: give its memory back when it is replaced or the slot goes away.
  const previewUrl = chosen?.previewUrl;
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  function choose(file: File | undefined) {
    if (!file || locked) return;
    const refusal = documentFileProblem(file);
    setProblem(refusal ? serverMessageText(refusal) : null);
    if (refusal) {
      setChosen(null);
      return;
    }
    setChosen({ file, previewUrl: URL.createObjectURL(file) });
  }

  async function upload() {
    if (!chosen) return;
    setProblem(null);
    setPercent(0);
    try {
      const verification = await uploadDocument({ documentType, side, file: chosen.file, onProgress: setPercent });
      setChosen(null);
      setImageFailed(false);
      onUploaded(verification);
      toast.success(msg`Document uploaded successfully`);
    } catch (error) {
      setProblem(failureReason(error));
      toast.error(msg`Failed to upload document`);
    } finally {
      setPercent(null);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files[0]);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    if (!uploading) setDragging(true);
  }

  return {
    inputRef,
    chosen,
    setChosen,
    percent,
    problem,
    dragging,
    setDragging,
    imageFailed,
    setImageFailed,
    uploading,
    choose,
    openPicker,
    upload,
    onDrop,
    onDragOver,
  };
}

type SlotUpload = ReturnType<typeof useDocumentUpload>;

/** What the slot shows when there is no image to show: the drop hint, or that the upload's image cannot be loaded. */
function EmptyDropZone({ locked, hasDocument }: { locked: boolean; hasDocument: boolean }) {
  const maxSize = fileSizeText(documentSizeBytesMax);
  if (hasDocument) {
    return (
      <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-8" />
        <Trans>Preview unavailable</Trans>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2 px-4 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-white text-emerald-700 shadow-sm">
        <Upload aria-hidden="true" className="size-5" />
      </span>
      {locked ? (
        <p className="text-sm font-medium">
          <Trans>No document uploaded</Trans>
        </p>
      ) : (
        <>
          <p className="text-sm font-medium">
            <Trans>Drop an image here or choose a file</Trans>
          </p>
          <p className="text-xs text-muted-foreground">
            <Trans>JPEG, PNG or WebP, up to {maxSize}</Trans>
          </p>
        </>
      )}
    </div>
  );
}

function DropZone({
  upload,
  document,
  sideName,
  locked,
}: {
  upload: SlotUpload;
  document: VerificationDocumentDto | undefined;
  sideName: string;
  locked: boolean;
}) {
  const { t } = useLingui();
  const { chosen, dragging, imageFailed } = upload;
  const imageUrl = chosen?.previewUrl ?? (document ? `${document.url}?v=${encodeURIComponent(document.uploadedAt)}` : null);
  return (
    <div
      onDragOver={upload.onDragOver}
      onDragLeave={() => upload.setDragging(false)}
      onDrop={upload.onDrop}
      className={cn(
        "relative flex aspect-[16/10] items-center justify-center overflow-hidden rounded-lg border-2 border-dashed",
        imageUrl ? "border-transparent bg-slate-100" : "border-slate-300 bg-slate-50",
        dragging && "border-primary bg-emerald-50",
      )}
    >
      {imageUrl && !(imageFailed && !chosen) ? (
        <img
          src={imageUrl}
          alt={chosen ? t`Preview of ${sideName}` : t`Uploaded ${sideName}`}
          className="h-full w-full object-contain"
          onError={() => {
            if (!chosen) upload.setImageFailed(true);
          }}
        />
      ) : (
        <EmptyDropZone locked={locked} hasDocument={Boolean(document && !chosen)} />
      )}
    </div>
  );
}

function FileLine({ chosen, document }: { chosen: Chosen | null; document: VerificationDocumentDto | undefined }) {
  if (chosen) {
    return (
      <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        <FileImage aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{chosen.file.name}</span>
        <span className="shrink-0">({fileSizeText(chosen.file.size)})</span>
      </p>
    );
  }
  if (!document) return null;
  return (
    <p className="text-sm text-muted-foreground">
      <Trans>
        Uploaded <time dateTime={document.uploadedAt}>{formatDateTime(document.uploadedAt)}</time>
      </Trans>
    </p>
  );
}

function UploadProgress({ percent, sideName }: { percent: number; sideName: string }) {
  const { t } = useLingui();
  const uploadedPercent = formatCount(Math.round(percent));
  return (
    <div className="grid gap-1.5" aria-live="polite">
      <Progress value={percent} label={t`Uploading ${sideName}`} />
      <p className="text-xs text-muted-foreground">
        <Trans>Uploading... {uploadedPercent}%</Trans>
      </p>
    </div>
  );
}

function SlotActions({
  upload,
  document,
  sideName,
  problemId,
  locked,
}: {
  upload: SlotUpload;
  document: VerificationDocumentDto | undefined;
  sideName: string;
  problemId: string;
  locked: boolean;
}) {
  const { t } = useLingui();
  const { chosen, uploading, problem } = upload;
  return (
    <div className={cn("flex flex-wrap gap-2", locked && "hidden")}>
      {chosen ? (
        <>
          <Button onClick={() => void upload.upload()} disabled={uploading}>
            <Upload aria-hidden="true" />
            {uploading ? t`Uploading...` : t`Upload`}
            <span className="sr-only"> {sideName}</span>
          </Button>
          <Button variant="outline" onClick={() => upload.setChosen(null)} disabled={uploading}>
            <Trans>Cancel</Trans>
            <span className="sr-only"> {sideName}</span>
          </Button>
        </>
      ) : (
        <Button variant="outline" onClick={upload.openPicker} aria-describedby={problem ? problemId : undefined}>
          {document ? t`Replace` : t`Choose file`}
          <span className="sr-only"> {t`for ${sideName}`}</span>
        </Button>
      )}
    </div>
  );
}

/**
 * One side of one identity document: empty → file selected (preview) →
 * uploading (progress bar) → uploaded (thumbnail from the private URL, replaceable).
 */
export function DocumentUploadSlot({ documentType, side, title, document, onUploaded, locked = false }: SlotProps) {
  const { t } = useLingui();
  const headingId = useId();
  const upload = useDocumentUpload({ documentType, side, onUploaded, locked });
  const { inputRef, chosen, percent, problem } = upload;

  const problemId = `${headingId}-problem`;
  // 'front side' inside a sentence; Bangla has no capitals, so this changes only English.
  const sideName = title.toLowerCase();

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-border bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="font-medium">
          {title}
        </h3>
        {document && !chosen ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-4" />
            <Trans>Uploaded</Trans>
          </span>
        ) : null}
      </div>

      <DropZone upload={upload} document={document} sideName={sideName} locked={locked} />

      <FileLine chosen={chosen} document={document} />

      {percent !== null ? <UploadProgress percent={percent} sideName={sideName} /> : null}

      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}

      <input
        ref={inputRef}
        type="file"
        accept={documentContentTypes.join(",")}
        hidden
        aria-label={t`${title} image file`}
        onChange={(event) => upload.choose(event.target.files?.[0])}
      />

      <SlotActions upload={upload} document={document} sideName={sideName} problemId={problemId} locked={locked} />
    </section>
  );
}
