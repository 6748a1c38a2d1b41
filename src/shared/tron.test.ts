import { describe, expect, it } from "vitest";
import { isTronAddress } from "./tron.ts";

describe("isTronAddress", () => {
  it("accepts addresses with a valid checksum", () => {
    expect(isTronAddress("TKBTfBqELELT4JwJepyXTD18pcAVTpGe74")).toBe(true);
    expect(isTronAddress("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE")).toBe(true);
  });

  it.each([
    ["one character changed", "TKBTfBqELELT4JwJepyXTD18pcAVTpGe75"],
    ["too short", "TKBTfBqELELT4JwJepyXTD18pcAVTpGe7"],
    ["not starting with T", "AKBTfBqELELT4JwJepyXTD18pcAVTpGe74"],
    ["non-base58 character", "TKBTfBqELELT4JwJepyXTD18pcAVTpGe0l"],
    ["empty", ""],
    ["spaces", " TKBTfBqELELT4JwJepyXTD18pcAVTpGe74"],
  ])("refuses %s", (_what, text) => {
    expect(isTronAddress(text)).toBe(false);
  });
});
