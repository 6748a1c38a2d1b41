// Toasts (sonner), without sonner in the code of the first page. The public site's landing page
// never shows a toast, and the library is about 10 KB gzipped: it and its <Toaster> load with the
// signed-in areas (prepareToasts), or on the public site and the sign-in screens with the first
// toast of a visit (a few milliseconds on a warm connection). Screens call
// `toast.success(…)` / `toast.error(…)` from here as they would sonner's.
//
// A toast stays on screen for seconds, and the language may be switched meanwhile: a toast whose
// words were fixed when it was shown would stay in the old language. So a toast takes a message
// descriptor (Lingui's msg`…`) or a function of i18n (for words built from parts, such as a
// server's refusal through serverMessageText), and its words are rendered, and re-rendered, in the
// shown language.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { isValidElement, lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from "react";
import type { ExternalToast } from "sonner";

type Kind = "success" | "error" | "info" | "warning";

/** A toast's words: a descriptor or a function of i18n follows the language; plain text stays as given. */
export type ToastText = MessageDescriptor | ((i18n: I18n) => string) | ReactNode;

function isDescriptor(text: ToastText): text is MessageDescriptor {
  return typeof text === "object" && text !== null && !isValidElement(text) && "id" in text;
}

/** The words of a toast in the shown language: useLingui re-renders it when the language changes. */
function InShownLanguage({ text }: { text: MessageDescriptor | ((i18n: I18n) => string) }): ReactNode {
  const { i18n } = useLingui();
  return typeof text === "function" ? text(i18n) : i18n._(text);
}

/** What sonner is given: a component that follows the language, or plain text as it was. */
export function toastContent(text: ToastText): ReactNode {
  if (typeof text === "function" || isDescriptor(text)) return <InShownLanguage text={text} />;
  return text;
}

let toasterWanted = false;
const listeners = new Set<() => void>();
let markToasterReady: () => void = () => {};
// Resolves once <Toaster> has mounted and listens: a toast sent before that would be lost.
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

/**
 * Mounts the toasts' live region now, before any toast. The signed-in areas call it as they load: a modal dialog hides everything outside itself from screen readers except
 * live regions that already exist when it opens, so a region mounted later, under an open dialog,
 * would never be announced.
 */
export function prepareToasts(): void {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}

function show(kind: Kind, message: ToastText, options?: ExternalToast): void {
  prepareToasts();
  const content = toastContent(message);
  void Promise.all([import("sonner"), toasterReady]).then(([{ toast: sonnerToast }]) => {
    sonnerToast[kind](content, options);
  });
}

export const toast = {
  success: (message: ToastText, options?: ExternalToast) => show("success", message, options),
  error: (message: ToastText, options?: ExternalToast) => show("error", message, options),
  info: (message: ToastText, options?: ExternalToast) => show("info", message, options),
  warning: (message: ToastText, options?: ExternalToast) => show("warning", message, options),
};

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Rendered after <Toaster> in the same tree: its effect runs once the Toaster's own have. */
function ToasterReady(): null {
  useEffect(() => markToasterReady(), []);
  return null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where toasts appear (top centre); renders nothing until the first toast of the visit. */
export function ToastHost(): ReactNode {
  const wanted = useSyncExternalStore(subscribe, () => toasterWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* The app's font stack, not sonner's own: that one lacks Noto Sans Bengali, and a Bangla toast drew as boxes
          on a machine without a Bengali system font (lib/bangla-font.css). */}
      <Toaster position="top-center" richColors closeButton style={{ fontFamily: "var(--font-sans)" }} />
      <ToasterReady />
    </Suspense>
  );
}
