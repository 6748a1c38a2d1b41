import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { CloseIcon } from "./home-icons.ts";

/**
 * The slide-in side menu of the public site below 768 px. A modal dialog: focus moves
 * in and stays in while it is open, Escape, the close button or a tap outside close it, and the
 * page behind does not scroll. It stays mounted (inert and hidden when closed) so it can slide.
 */
export function MobileMenu({
  id,
  open,
  onClose,
  triggerRef,
  children,
}: {
  id: string;
  open: boolean;
  /** Called for Escape, the close button and a tap outside; focus then returns to triggerRef. */
  onClose: () => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const panelRef = useRef<HTMLDivElement>(null);

  useModalFocus(open, panelRef, onClose, triggerRef);

  // Back to the button that opened the menu. (Choosing a link closes the menu in the layout
  // instead, and the page or section it leads to takes focus.)
  const close = () => {
    onClose();
    triggerRef.current?.focus();
  };

  return (
    <div className={`fixed inset-0 z-50 overflow-hidden md:hidden ${open ? "" : "pointer-events-none"}`} inert={!open}>
      <div
        aria-hidden="true"
        onClick={close}
        className={`absolute inset-0 bg-slate-950/50 transition-opacity duration-200 ${open ? "opacity-100" : "opacity-0"}`}
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={t`Menu`}
        className={`absolute inset-y-0 right-0 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white shadow-xl transition-[transform,visibility] duration-200 ease-out ${
          open ? "visible translate-x-0" : "invisible translate-x-full"
        }`}
      >
        <div className="flex h-16 items-center justify-between border-b border-border px-4">
          <p className="text-lg font-bold text-slate-900">
            <Trans>Menu</Trans>
          </p>
          <button
            type="button"
            onClick={close}
            className="flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-muted"
          >
            <CloseIcon aria-hidden="true" className="size-5" />
            <span className="sr-only">
              <Trans>Close menu</Trans>
            </span>
          </button>
        </div>
        <div className="p-4">{children}</div>
      </div>
    </div>
  );
}

/**
 * While the menu is open: focus moves into the panel and Tab stays there, Escape closes it and gives
 * focus back to the trigger, and the page behind does not scroll.
 */
function useModalFocus(
  open: boolean,
  panelRef: RefObject<HTMLDivElement | null>,
  onClose: () => void,
  triggerRef: RefObject<HTMLButtonElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>("a[href], button:not([disabled])")?.focus();
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = "hidden";

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
        triggerRef.current?.focus();
        return;
      }
      if (event.key !== "Tab" || !panel) return;
      // Keep Tab inside the dialog (aria-modal promises it).
      const focusable = [...panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      root.style.overflow = previousOverflow;
    };
  }, [open, panelRef, onClose, triggerRef]);
}
