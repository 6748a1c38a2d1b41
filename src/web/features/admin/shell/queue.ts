// The transactions queue's small rules (decision 021): how long a request has waited and how
// urgent that is, the list's orders, and which key does what. Plain functions, unit-tested beside.
// Their words are in the shown language: labels are getters, read when a screen draws them.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { formatCount } from "../../../lib/locale-format.ts";
import { translated } from "./admin-i18n.ts";

/** Customers are promised 15–30 minutes: amber once a request waits past the first, red past the second. */
export const waitingLateMinutes = 15;
export const waitingOverdueMinutes = 30;

export type WaitingLevel = "fresh" | "late" | "overdue";

/** "Just now", "12 min", "2 h 5 min", "11 d 4 h": how long a pending request has waited, and how urgent that is. */
export function waitingOf(createdAt: string, now: number): { label: string; level: WaitingLevel; minutes: number } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  const level: WaitingLevel = minutes >= waitingOverdueMinutes ? "overdue" : minutes >= waitingLateMinutes ? "late" : "fresh";
  return { label: waitingLabel(minutes), level, minutes };
}

function waitingLabel(minutes: number): string {
  if (minutes < 1) return translated(msg`Just now`);
  const m = formatCount(minutes % 60);
  if (minutes < 60) return translated(msg`${m} min`);
  const hours = Math.floor(minutes / 60);
  const h = formatCount(hours % 24);
  if (hours < 24) return minutes % 60 === 0 ? translated(msg`${h} h`) : translated(msg`${h} h ${m} min`);
  const d = formatCount(Math.floor(hours / 24));
  return hours % 24 === 0 ? translated(msg`${d} d`) : translated(msg`${d} d ${h} h`);
}

/** The page sizes an admin can choose; the API takes up to 100. */
export const pageSizes = ["10", "25", "50", "100"] as const;
export type PageSizeChoice = (typeof pageSizes)[number];

/** The list's orders as one choice (a select), each the API's sort and direction. */
export const transactionOrders = [
  {
    value: "createdAt:asc",
    get label() {
      return translated(msg`Oldest first`);
    },
    sort: "createdAt",
    direction: "asc",
  },
  {
    value: "createdAt:desc",
    get label() {
      return translated(msg`Newest first`);
    },
    sort: "createdAt",
    direction: "desc",
  },
  {
    value: "amount:desc",
    get label() {
      return translated(msg`Largest amount first`);
    },
    sort: "amount",
    direction: "desc",
  },
  {
    value: "amount:asc",
    get label() {
      return translated(msg`Smallest amount first`);
    },
    sort: "amount",
    direction: "asc",
  },
] as const;

/** The order choice that matches a sort and direction from the address; the queue's own (oldest first) for anything else. */
export function orderChoiceOf(sort: string, direction: string): (typeof transactionOrders)[number] {
  return transactionOrders.find((order) => order.sort === sort && order.direction === direction) ?? transactionOrders[0];
}

export type QueueShortcut = "next" | "previous" | "approve" | "reject" | "open" | "help";

/** The keys, as the help dialog lists them. */
export const queueShortcuts: readonly { keys: string; does: MessageDescriptor }[] = [
  { keys: "j", does: msg`Select the next row` },
  { keys: "k", does: msg`Select the previous row` },
  { keys: "a", does: msg`Approve the selected request, or confirm or pay it as its stage allows (asks first)` },
  { keys: "r", does: msg`Reject the selected request, or decline its second approval (asks for the reason)` },
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the name of the key on the keyboard
  { keys: "Enter", does: msg`Open the selected row's details` },
  { keys: "?", does: msg`Show these shortcuts` },
];

/** What a key press means to the queue, given where it happened; null when it is someone else's (typing, a button, a dialog). */
export function queueShortcutOf(press: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focused element is a text field, a select or editable text: the key is typing. */
  typing: boolean;
  /** The focused element is a button or link: Enter is its own. */
  onControl: boolean;
  /** A dialog is open: keys belong to it. */
  dialogOpen: boolean;
}): QueueShortcut | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.typing || press.dialogOpen) return null;
  switch (press.key) {
    case "j":
      return "next";
    case "k":
      return "previous";
    case "a":
      return "approve";
    case "r":
      return "reject";
    case "?":
      return "help";
    case "Enter":
      return press.onControl ? null : "open";
    default:
      return null;
  }
}

/** The selected row after j or k: it stays within the page; from nothing selected, j takes the first row and k the last. */
export function movedSelection(current: number | null, rowCount: number, step: 1 | -1): number | null {
  if (rowCount === 0) return null;
  if (current === null) return step === 1 ? 0 : rowCount - 1;
  return Math.min(rowCount - 1, Math.max(0, current + step));
}

/**
 * Where the selection goes once a decision's list has been read again, so that the keyboard keeps its
 * place: the row that took the decided row's place (the decided row left the list), else the row after
 * it (it stayed, e.g. under "All statuses" or waiting for a second admin), else the last row. `before`
 * is the list's ids when the decision was made; null when the list is empty.
 */
export function selectionAfterDecision(before: readonly string[], decidedId: string, after: readonly string[]): string | null {
  if (after.length === 0) return null;
  const stayedAt = after.indexOf(decidedId);
  if (stayedAt >= 0) return after[Math.min(stayedAt + 1, after.length - 1)] ?? null;
  const wasAt = before.indexOf(decidedId);
  const place = wasAt < 0 ? after.length - 1 : Math.min(wasAt, after.length - 1);
  return after[place] ?? null;
}

/** The SIMs and verifications queues sort by date only: oldest first (the queue's order) or newest first. */
export const dateOrderOptions = [
  {
    value: "asc",
    get label() {
      return translated(msg`Oldest first`);
    },
  },
  {
    value: "desc",
    get label() {
      return translated(msg`Newest first`);
    },
  },
] as const;
export const dateDirections = dateOrderOptions.map((option) => option.value);
export const pageSizeOptions = pageSizes.map((size) => ({
  value: size,
  get label() {
    return formatCount(Number(size));
  },
}));
