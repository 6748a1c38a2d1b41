import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink, ImageOff, RotateCcw, ZoomIn, ZoomOut } from "lucide-react";
import { useEffect, useRef, useState, type Dispatch, type PointerEvent, type ReactNode, type RefObject, type SetStateAction } from "react";
import { toast } from "@/lib/toast.tsx";
import { sidesOf, type DocumentSide, type DocumentType, type VerificationDocumentDto } from "#shared/verification-schemas.ts";
import { verificationDocumentsQuery } from "./verifications-api.ts";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { documentCaption } from "@/features/admin/shell/admin-format.ts";

/** Whose documents, and the type their verification names (the images of another type may linger from an earlier upload). */
export type DocumentsTarget = { userId: string; email: string; documentType: DocumentType } | null;

/**
 * Said where the admin decides (the verification's row and this dialog) when the chosen document
 * misses a side (a national ID and a driving licence have two, a passport one): an incomplete
 * request is not reviewed, and cannot be approved, until every side is in.
 */
export function MissingSides({ sides }: { sides: readonly DocumentSide[] }) {
  if (sides.length === 0) return null;
  return (
    <span className="mt-1 block w-fit rounded-md bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      <MissingSidesText sides={sides} />
    </span>
  );
}

function MissingSidesText({ sides }: { sides: readonly DocumentSide[] }) {
  if (sides.length > 1) return <Trans>Front and back sides missing</Trans>;
  return sides[0] === "front" ? <Trans>Front side missing</Trans> : <Trans>Back side missing</Trans>;
}

/** The sides of `documentType` that are not among the documents. */
function missingSidesIn(documents: readonly VerificationDocumentDto[], documentType: DocumentType): DocumentSide[] {
  return sidesOf(documentType).filter((side) => !documents.some((d) => d.documentType === documentType && d.side === side));
}

/**
 * 'Verification Documents' (docs/product.md, Back office › Verifications): the customer's uploaded
 * images, each captioned, zoomable and pannable, with the page's own decision buttons (`actions`) in
 * the footer, so the admin decides while looking.
 */
export function VerificationDocumentsDialog({
  target,
  actions,
  onClose,
}: {
  target: DocumentsTarget;
  actions?: ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={actions ? "max-w-4xl pb-0" : "max-w-4xl"}>
        <DialogHeader>
          <DialogTitle>
            <Trans>Verification Documents</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Review uploaded identification documents</Trans>
          </DialogDescription>
        </DialogHeader>
        {target ? <DocumentsBody userId={target.userId} email={target.email} documentType={target.documentType} /> : null}
        {/* Kept in view under long or zoomed images: the decision is what the admin came for. */}
        {actions ? <DialogFooter className="sticky bottom-0 -mx-6 border-t bg-white px-6 py-4">{actions}</DialogFooter> : null}
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

  const missing = missingSidesIn(documents.data.documents, documentType);
  return (
    <div className="grid min-w-0 gap-4">
      <p className="text-sm break-all text-muted-foreground">{email}</p>
      {missing.length > 0 ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">
            <MissingSidesText sides={missing} />
          </p>
          <p>
            {missing.length === 1 && missing[0] === "back" ? <Trans>Only the front of this two-sided document was uploaded.</Trans> : null}
            {missing.length === 1 && missing[0] === "front" ? (
              <Trans>Only the back of this two-sided document was uploaded.</Trans>
            ) : null}{" "}
            <Trans>It can be approved once every side is in.</Trans>
          </p>
        </div>
      ) : null}
      <ul className="grid min-w-0 gap-4 sm:grid-cols-2">
        {documents.data.documents.map((document) => (
          <li key={document.url} className="min-w-0">
            <DocumentImage document={document} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const zoomMin = 1;
const zoomMax = 5;
const zoomStep = 1.25;
const clampZoom = (zoom: number) => Math.min(zoomMax, Math.max(zoomMin, Math.round(zoom * 100) / 100));

/**
 * One image in a frame of fixed shape: at 100% the whole image fits (whatever its orientation or
 * size); zoomed, the image grows inside the frame, which scrolls, and dragging pans it. Zoom with
 * the buttons, Ctrl + the mouse wheel, or +, - and 0 while the frame has focus.
 */
function DocumentImage({ document }: { document: VerificationDocumentDto }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(zoomMin);
  const frame = useRef<HTMLDivElement>(null);
  const caption = documentCaption(document.url);
  useCtrlWheelZoom(frame, setZoom);
  const drag = useDragToPan();

  if (failed) return <ImageMissing caption={caption} />;

  const percent = `${Math.round(zoom * 100)}%`;
  return (
    <figure className="grid gap-2">
      <div
        ref={frame}
        tabIndex={0}
        role="group"
        aria-label={t`${caption}, zoom ${percent}`}
        onKeyDown={(event) => {
          const next = zoomKeys[event.key];
          if (next) {
            event.preventDefault();
            setZoom(next);
          }
        }}
        {...drag}
        className="aspect-[4/3] overflow-auto overscroll-contain rounded-lg border bg-slate-50 focus-visible:outline-2 focus-visible:outline-ring data-[zoomed=true]:cursor-grab"
        data-zoomed={zoom > zoomMin}
      >
        <img
          src={document.url}
          alt={caption}
          loading="lazy"
          draggable={false}
          onError={() => setFailed(true)}
          style={{ width: `${zoom * 100}%`, height: `${zoom * 100}%` }}
          className="max-w-none object-contain select-none"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption className="text-sm font-medium capitalize">{caption}</figcaption>
        <ZoomControls caption={caption} zoom={zoom} setZoom={setZoom} url={document.url} />
      </div>
    </figure>
  );
}

function ImageMissing({ caption }: { caption: string }) {
  return (
    <figure className="grid gap-2">
      <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-slate-50 text-sm text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-8" />
        <span>
          <Trans>Image could not be loaded</Trans>
        </span>
      </div>
      <figcaption className="text-center text-sm font-medium capitalize">{caption}</figcaption>
    </figure>
  );
}

/** Zoom out, the zoom in percent, zoom in, back to 100%, and the image full size in a new tab. */
function ZoomControls({
  caption,
  zoom,
  setZoom,
  url,
}: {
  caption: string;
  zoom: number;
  setZoom: Dispatch<SetStateAction<number>>;
  url: string;
}) {
  const { t } = useLingui();
  const percent = `${Math.round(zoom * 100)}%`;
  return (
    <div className="flex items-center gap-1">
      <ZoomButton label={t`Zoom out of ${caption}`} disabled={zoom <= zoomMin} onClick={() => setZoom((z) => clampZoom(z / zoomStep))}>
        <ZoomOut aria-hidden="true" />
      </ZoomButton>
      <span className="w-12 text-center text-xs text-muted-foreground tabular-nums" aria-live="polite">
        {percent}
      </span>
      <ZoomButton label={t`Zoom in on ${caption}`} disabled={zoom >= zoomMax} onClick={() => setZoom((z) => clampZoom(z * zoomStep))}>
        <ZoomIn aria-hidden="true" />
      </ZoomButton>
      <ZoomButton label={t`Reset zoom of ${caption}`} disabled={zoom === zoomMin} onClick={() => setZoom(zoomMin)}>
        <RotateCcw aria-hidden="true" />
      </ZoomButton>
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        title={t`Open full size`}
        className="flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-muted hover:text-foreground"
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">
          <Trans>Open {caption} full size in a new tab</Trans>
        </span>
      </a>
    </div>
  );
}

/** +, - and 0 on the focused frame; a function of the current zoom each. */
const zoomKeys: Record<string, ((zoom: number) => number) | undefined> = {
  "+": (z) => clampZoom(z * zoomStep),
  "=": (z) => clampZoom(z * zoomStep),
  "-": (z) => clampZoom(z / zoomStep),
  "0": () => zoomMin,
};

function ZoomButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-9"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/**
 * Ctrl + wheel zooms the frame instead of the page. React's wheel listener is passive and cannot
 * stop the browser's own zoom, hence a listener of our own.
 */
function useCtrlWheelZoom(frame: RefObject<HTMLDivElement | null>, setZoom: (update: (zoom: number) => number) => void) {
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      setZoom((z) => clampZoom(event.deltaY < 0 ? z * zoomStep : z / zoomStep));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [frame, setZoom]);
}

/** Dragging with the mouse scrolls the frame (touch screens scroll it natively). */
function useDragToPan() {
  const start = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType !== "mouse" || event.button !== 0) return;
      const element = event.currentTarget;
      start.current = { x: event.clientX, y: event.clientY, left: element.scrollLeft, top: element.scrollTop };
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (!start.current) return;
      event.currentTarget.scrollTo(
        start.current.left - (event.clientX - start.current.x),
        start.current.top - (event.clientY - start.current.y),
      );
    },
    onPointerUp: () => {
      start.current = null;
    },
    onPointerLeave: () => {
      start.current = null;
    },
  };
}
