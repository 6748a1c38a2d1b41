// Manage Transactions' keyboard (decision 021): the keys on the whole page and the dialog that lists them.
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog.tsx";
import { queueShortcutOf, queueShortcuts, type QueueShortcut } from "@/features/admin/shell/queue.ts";

/**
 * The queue's keys on the whole page (j, k, a, r, Enter, ?). Never while the admin types in a field
 * or a dialog is open, and never with Ctrl, Cmd or Alt (the browser's own shortcuts).
 */
export function useQueueShortcuts(run: (shortcut: QueueShortcut) => void) {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target instanceof Element ? event.target : null;
      const shortcut = queueShortcutOf({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: target !== null && target.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])") !== null,
        onControl: target !== null && target.closest("button, a, [role='button'], summary") !== null,
        dialogOpen: document.querySelector("[role='dialog'], [role='alertdialog']") !== null,
      });
      if (shortcut === null || event.repeat) return;
      event.preventDefault();
      latest.current(shortcut);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** The list of keys, opened with "?" or the Keyboard shortcuts button. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { i18n } = useLingui();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Keyboard shortcuts</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>They work on this list while you are not typing in a field.</Trans>
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
          {queueShortcuts.map((shortcut) => (
            <div key={shortcut.keys} className="contents">
              <dt>
                <kbd className="inline-flex min-w-8 justify-center rounded-md border border-border bg-slate-50 px-2 py-0.5 font-mono text-xs font-semibold">
                  {shortcut.keys}
                </kbd>
              </dt>
              <dd>{i18n._(shortcut.does)}</dd>
            </div>
          ))}
        </dl>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
