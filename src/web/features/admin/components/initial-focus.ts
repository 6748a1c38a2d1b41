// Where a decision dialog puts the focus when it opens: on what the admin has to do next, never on
// Cancel. Radix focuses the first focusable element (Cancel, or the close button) unless told otherwise.

/** The attribute that marks a dialog's first stop: the field to fill, or else the main button. */
export const initialFocus = { "data-initial-focus": "" } as const;

/**
 * For DialogContent's onOpenAutoFocus: focus the element marked with `initialFocus` (the first
 * one, when the dialog has several), else leave Radix its default.
 */
export function focusInitial(event: Event): void {
  const content = event.currentTarget;
  if (!(content instanceof HTMLElement)) return;
  const target = content.querySelector<HTMLElement>("[data-initial-focus]");
  if (!target) return;
  event.preventDefault();
  target.focus();
}
