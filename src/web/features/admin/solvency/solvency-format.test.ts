import { describe, expect, it } from "vitest";
import { ageOf, alertSentence, coverageTone } from "./solvency-format.ts";

describe("coverageTone", () => {
  it("calls 100 % and more healthy, and anything below short, by the whole percent", () => {
    expect(coverageTone("100.00")).toBe("healthy");
    expect(coverageTone("250.10")).toBe("healthy");
    expect(coverageTone("99.99")).toBe("short");
    expect(coverageTone("0.00")).toBe("short");
  });

  it("says none when nothing is owed or the figure is not a percentage", () => {
    expect(coverageTone(null)).toBe("none");
    expect(coverageTone("abc")).toBe("none");
  });
});

describe("ageOf", () => {
  const now = Date.parse("2026-11-28T12:00:00Z");

  it("gives the largest whole unit", () => {
    expect(ageOf("2026-11-28T09:30:00Z", now)).toEqual([-2, "hour"]);
    expect(ageOf("2026-11-25T11:00:00Z", now)).toEqual([-3, "day"]);
    expect(ageOf("2026-11-28T11:55:00Z", now)).toEqual([-5, "minute"]);
  });

  it("says now for under a minute and for a clock ahead of ours", () => {
    expect(ageOf("2026-11-28T11:59:30Z", now)).toEqual([0, "minute"]);
    expect(ageOf("2026-11-28T12:05:00Z", now)).toEqual([0, "minute"]);
  });
});

describe("alertSentence", () => {
  it("names the frozen address", () => {
    expect(alertSentence({ kind: "reserve_blacklisted", address: "TXyz" })).toContain("TXyz");
  });

  it("has a sentence for every kind", () => {
    expect(alertSentence({ kind: "coverage_below_100" })).toMatch(/below/);
    expect(alertSentence({ kind: "coverage_dropped" })).toMatch(/dropped/);
  });
});
