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

/**
 * One side of one identity document: empty → file selected (preview) →
 * uploading (progress bar) → uploaded (thumbnail from the private URL, replaceable).
 */
export function DocumentUploadSlot({
  documentType,
  side,
  title,
  document,
  onUploaded,
  locked = false,
}: {
  documentType: DocumentType;
  side: DocumentSide;
  title: string;
  document: VerificationDocumentDto | undefined;
  onUploaded: (verification: VerificationDto) => void;
  /** Approved documents are kept as the admin saw them: shown, never replaced. */
  locked?: boolean;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
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

  function openPicker() {
    if (inputRef.current) {
      // The same file chosen twice in a row must still fire a change.
      inputRef.current.value = "";
      inputRef.current.click();
    }
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

  const problemId = `${headingId}-problem`;
  // 'front side' inside a sentence; Bangla has no capitals, so this changes only English.
  const sideName = title.toLowerCase();
  const maxSize = fileSizeText(documentSizeBytesMax);
  const uploadedPercent = formatCount(Math.round(percent ?? 0));
  const imageUrl = chosen?.previewUrl ?? (document ? `${document.url}?v=${encodeURIComponent(document.uploadedAt)}` : null);

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

      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!uploading) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
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
              if (!chosen) setImageFailed(true);
            }}
          />
        ) : document && !chosen ? (
          <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-8" />
            <Trans>Preview unavailable</Trans>
          </div>
        ) : (
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
        )}
      </div>

      {chosen ? (
        <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
          <FileImage aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{chosen.file.name}</span>
          <span className="shrink-0">({fileSizeText(chosen.file.size)})</span>
        </p>
      ) : document ? (
        <p className="text-sm text-muted-foreground">
          <Trans>
            Uploaded <time dateTime={document.uploadedAt}>{formatDateTime(document.uploadedAt)}</time>
          </Trans>
        </p>
      ) : null}

      {uploading ? (
        <div className="grid gap-1.5" aria-live="polite">
          <Progress value={percent} label={t`Uploading ${sideName}`} />
          <p className="text-xs text-muted-foreground">
            <Trans>Uploading... {uploadedPercent}%</Trans>
          </p>
        </div>
      ) : null}

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
        onChange={(event) => choose(event.target.files?.[0])}
      />

      <div className={cn("flex flex-wrap gap-2", locked && "hidden")}>
        {chosen ? (
          <>
            <Button onClick={() => void upload()} disabled={uploading}>
              <Upload aria-hidden="true" />
              {uploading ? t`Uploading...` : t`Upload`}
              <span className="sr-only"> {sideName}</span>
            </Button>
            <Button variant="outline" onClick={() => setChosen(null)} disabled={uploading}>
              <Trans>Cancel</Trans>
              <span className="sr-only"> {sideName}</span>
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={openPicker} aria-describedby={problem ? problemId : undefined}>
            {document ? t`Replace` : t`Choose file`}
            <span className="sr-only"> {t`for ${sideName}`}</span>
          </Button>
        )}
      </div>
    </section>
  );
}
