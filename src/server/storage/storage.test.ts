import { describe, expect, test } from "vitest";
import { objectKeyOf } from "./s3-storage.ts";
import { assertSafeKey } from "./storage.ts";

const userId = "0b5c8f2e-6a4d-4b1e-9c3a-2f7d8e9a1b2c";

describe("storage keys", () => {
  test("a document's key passes", () => {
    expect(() => assertSafeKey(`${userId}/national_id_front.jpg`)).not.toThrow();
  });

  test.each([
    ["a parent folder", `${userId}/../other/national_id_front.jpg`],
    ["a parent folder first", `../${userId}/national_id_front.jpg`],
    ["a NUL character", `${userId}/national_id_front.jpg\0.png`],
    ["an absolute path", `/${userId}/national_id_front.jpg`],
    ["an absolute path alone", "/etc/passwd"],
    ["a backslash", `${userId}\\national_id_front.jpg`],
    ["a backslash in the name", `${userId}/..\\..\\national_id_front.jpg`],
    ["an empty segment", `${userId}//national_id_front.jpg`],
    ["an empty first segment", `/national_id_front.jpg`],
    ["a trailing slash", `${userId}/national_id_front.jpg/`],
    ["an extra segment", `${userId}/a/national_id_front.jpg`],
    ["a hidden file", `${userId}/.national_id_front.jpg`],
    ["percent-encoded dots", `${userId}/%2e%2e/national_id_front.jpg`],
    ["the empty key", ""],
  ])("%s is refused", (_what, key) => {
    expect(() => assertSafeKey(key)).toThrow(/unsafe storage key/);
    expect(() => objectKeyOf("documents", key)).toThrow(/unsafe storage key/);
  });

  test("the bucket prefix goes first, with one slash", () => {
    expect(objectKeyOf("", `${userId}/passport_front.png`)).toBe(`${userId}/passport_front.png`);
    expect(objectKeyOf("prod/kyc", `${userId}/passport_front.png`)).toBe(`prod/kyc/${userId}/passport_front.png`);
  });
});
