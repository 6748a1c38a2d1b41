import { describe, expect, it } from "vitest";
import { likePattern } from "./like-pattern.ts";

describe("likePattern", () => {
  it("wraps the text in % for a contains-search", () => {
    expect(likePattern("bKash")).toBe("%bKash%");
  });

  it.each([
    ["50%", "%50\\%%"],
    ["Manual_add", "%Manual\\_add%"],
    ["C:\\wallet", "%C:\\\\wallet%"],
    ["%_\\", "%\\%\\_\\\\%"],
  ])("escapes LIKE's wildcards and the escape character itself: %j → %j", (text, pattern) => {
    expect(likePattern(text)).toBe(pattern);
  });

  it("leaves every other character alone", () => {
    expect(likePattern("20 USDT from TKBTfBqELELT4JwJepyXTD18pcAVTpGe74 'x' [y] *")).toBe(
      "%20 USDT from TKBTfBqELELT4JwJepyXTD18pcAVTpGe74 'x' [y] *%",
    );
  });
});
