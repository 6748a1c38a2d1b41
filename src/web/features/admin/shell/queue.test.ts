import { describe, expect, test } from "vitest";
import { movedSelection, orderChoiceOf, queueShortcutOf, selectionAfterDecision, waitingOf } from "./queue.ts";

describe("waitingOf", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  test.each([
    [0, "Just now", "fresh"],
    [14, "14 min", "fresh"],
    [15, "15 min", "late"],
    [29, "29 min", "late"],
    [30, "30 min", "overdue"],
    [60, "1 h", "overdue"],
    [125, "2 h 5 min", "overdue"],
    [24 * 60, "1 d", "overdue"],
    [11 * 24 * 60 + 4 * 60 + 59, "11 d 4 h", "overdue"],
  ])("%i minutes → %s, %s", (minutes, label, level) => {
    expect(waitingOf(ago(minutes), now)).toEqual({ label, level, minutes });
  });

  test("a clock behind the server's never shows a negative wait", () => {
    expect(waitingOf(new Date(now + 90_000).toISOString(), now)).toEqual({ label: "Just now", level: "fresh", minutes: 0 });
  });
});

describe("queueShortcutOf", () => {
  const press = { ctrlKey: false, metaKey: false, altKey: false, typing: false, onControl: false, dialogOpen: false };

  test.each([
    ["j", "next"],
    ["k", "previous"],
    ["a", "approve"],
    ["r", "reject"],
    ["Enter", "open"],
    ["?", "help"],
    ["x", null],
    ["A", null],
  ])("%s → %s", (key, shortcut) => {
    expect(queueShortcutOf({ ...press, key })).toBe(shortcut);
  });

  test("never while typing, in a dialog, or with a modifier", () => {
    for (const key of ["j", "k", "a", "r", "Enter", "?"]) {
      expect(queueShortcutOf({ ...press, key, typing: true })).toBeNull();
      expect(queueShortcutOf({ ...press, key, dialogOpen: true })).toBeNull();
      expect(queueShortcutOf({ ...press, key, ctrlKey: true })).toBeNull();
      expect(queueShortcutOf({ ...press, key, metaKey: true })).toBeNull();
      expect(queueShortcutOf({ ...press, key, altKey: true })).toBeNull();
    }
  });

  test("Enter on a button or link is that control's, not the queue's", () => {
    expect(queueShortcutOf({ ...press, key: "Enter", onControl: true })).toBeNull();
    expect(queueShortcutOf({ ...press, key: "a", onControl: true })).toBe("approve");
  });
});

describe("movedSelection", () => {
  test("starts at the first row with j and the last with k", () => {
    expect(movedSelection(null, 5, 1)).toBe(0);
    expect(movedSelection(null, 5, -1)).toBe(4);
  });
  test("stays within the page", () => {
    expect(movedSelection(4, 5, 1)).toBe(4);
    expect(movedSelection(0, 5, -1)).toBe(0);
    expect(movedSelection(2, 5, 1)).toBe(3);
  });
  test("nothing to select on an empty page", () => {
    expect(movedSelection(null, 0, 1)).toBeNull();
  });
});

describe("orderChoiceOf", () => {
  test("the address's sort and direction, or the queue's oldest first", () => {
    expect(orderChoiceOf("amount", "desc").label).toBe("Largest amount first");
    expect(orderChoiceOf("createdAt", "desc").label).toBe("Newest first");
    expect(orderChoiceOf("size", "up").label).toBe("Oldest first");
  });
});

describe("selectionAfterDecision", () => {
  test("the row that took the decided row's place", () => {
    expect(selectionAfterDecision(["a", "b", "c"], "b", ["a", "c", "d"])).toBe("c");
    expect(selectionAfterDecision(["a", "b", "c"], "a", ["b", "c"])).toBe("b");
  });

  test("the last row when the decided row was the last", () => {
    expect(selectionAfterDecision(["a", "b", "c"], "c", ["a", "b"])).toBe("b");
  });

  test("the row after it when the decided row stays in the list", () => {
    expect(selectionAfterDecision(["a", "b", "c"], "b", ["a", "b", "c"])).toBe("c");
    expect(selectionAfterDecision(["a", "b", "c"], "c", ["a", "b", "c"])).toBe("c");
  });

  test("a row from the next page moves up into the place", () => {
    expect(selectionAfterDecision(["a", "b"], "b", ["a", "x"])).toBe("x");
  });

  test("nothing when the list is empty", () => {
    expect(selectionAfterDecision(["a"], "a", [])).toBeNull();
  });
});
