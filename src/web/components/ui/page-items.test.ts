import { describe, expect, it } from "vitest";
import { pageCountOf, pageItems } from "./page-items.ts";

describe("pageItems", () => {
  it("shows every page when there are few", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it("keeps first, last and the current page's neighbours, with ellipses for the gaps", () => {
    expect(pageItems(1, 10)).toEqual([1, 2, "ellipsis-end", 10]);
    expect(pageItems(5, 10)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 10]);
    expect(pageItems(10, 10)).toEqual([1, "ellipsis-start", 9, 10]);
  });

  it("shows a lone hidden page instead of an ellipsis", () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 10]);
    expect(pageItems(7, 10)).toEqual([1, "ellipsis-start", 6, 7, 8, 9, 10]);
  });

  it("clamps a page outside the range", () => {
    expect(pageItems(0, 3)).toEqual([1, 2, 3]);
    expect(pageItems(99, 10)).toEqual([1, "ellipsis-start", 9, 10]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe("pageCountOf", () => {
  it("rounds up and never answers zero", () => {
    expect(pageCountOf(0, 5)).toBe(1);
    expect(pageCountOf(5, 5)).toBe(1);
    expect(pageCountOf(6, 5)).toBe(2);
  });
});
