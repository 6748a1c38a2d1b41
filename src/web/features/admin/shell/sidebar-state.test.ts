import { describe, expect, test } from "vitest";
import { isSidebarShortcut, sidebarCookie, sidebarExpandedFromCookie } from "./sidebar-state.ts";

describe("the sidebar's cookie", () => {
  test("wide unless the cookie says false", () => {
    expect(sidebarExpandedFromCookie("")).toBe(true);
    expect(sidebarExpandedFromCookie("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(sidebarExpandedFromCookie("sidebar_state=true")).toBe(true);
    expect(sidebarExpandedFromCookie("my_sidebar_state=false")).toBe(true);
  });

  test("kept 7 days for the whole site, and read back as written", () => {
    expect(sidebarCookie(false)).toBe("sidebar_state=false; path=/; max-age=604800; SameSite=Lax");
    for (const expanded of [true, false]) expect(sidebarExpandedFromCookie(sidebarCookie(expanded).split(";")[0] ?? "")).toBe(expanded);
  });
});

describe("the shortcut", () => {
  const key = { key: "b", ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
  test("b with Ctrl or Meta, whatever the caps lock", () => {
    expect(isSidebarShortcut({ ...key, ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...key, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...key, key: "B", ctrlKey: true })).toBe(true);
  });
  test("not b alone, another letter, or with Alt or Shift", () => {
    expect(isSidebarShortcut(key)).toBe(false);
    expect(isSidebarShortcut({ ...key, key: "n", ctrlKey: true })).toBe(false);
    expect(isSidebarShortcut({ ...key, ctrlKey: true, altKey: true })).toBe(false);
    expect(isSidebarShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false);
  });
});
