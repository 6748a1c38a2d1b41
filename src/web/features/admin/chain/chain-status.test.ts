import { describe, expect, it } from "vitest";
import { refusedItems, watcherStateLabel, watcherStateTone } from "./chain-status.ts";

describe("watcherStateLabel", () => {
  it("names the watcher's states in words", () => {
    expect(["ok", "starting", "failing", "off"].map(watcherStateLabel)).toEqual(["Working", "Starting", "Failing", "Off"]);
  });
  it("shows a state it does not know as the server named it", () => expect(watcherStateLabel("stalled")).toBe("stalled"));
});

describe("watcherStateTone", () => {
  it("is green when working, red when failing, amber while starting", () => {
    expect(["ok", "failing", "starting", "off", "other"].map(watcherStateTone)).toEqual([
      "success",
      "danger",
      "warning",
      "neutral",
      "neutral",
    ]);
  });
});

describe("refusedItems", () => {
  it("lists what was refused, most first, without the zeros", () => {
    expect(refusedItems({ "block time in the future": 2, "not USDT": 5, "too large": 0 })).toEqual([
      ["not USDT", 5],
      ["block time in the future", 2],
    ]);
  });
  it("is empty when nothing was refused or the server does not say", () => {
    expect(refusedItems(null)).toEqual([]);
    expect(refusedItems(undefined)).toEqual([]);
    expect(refusedItems({})).toEqual([]);
  });
});
