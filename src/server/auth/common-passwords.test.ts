import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { isCommonPassword } from "./common-passwords.ts";

// A new password among the 10,000 most common is refused (ASVS 5.0 6.2.4, NIST 800-63B).
describe("isCommonPassword", () => {
  const listed = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("# "));

  test("the shipped list holds the 10,000 most common passwords", () => {
    expect(listed).toHaveLength(10_000);
    expect(listed.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
  });

  test.each(["123456", "password", "qwerty123", "iloveyou", "Password1", "qwerty123456"])("'%s' is common", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  test("the first, a middle and the last entry of the list are all found (the whole list is read)", () => {
    for (const password of [listed[0]!, listed[4_999]!, listed[9_999]!]) expect(isCommonPassword(password), password).toBe(true);
  });

  test("case does not help: PASSWORD, PaSsWoRd and LETMEIN are common too", () => {
    for (const password of ["PASSWORD", "PaSsWoRd", "LETMEIN", "Qwerty123"]) expect(isCommonPassword(password), password).toBe(true);
  });

  test.each(["Correct-Horse-42", "Fresh-Start-2025", "tiger moth over Sylhet 7", "p@ss-w0rd-nexapay-77"])(
    "'%s' is not common",
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );

  test("the list's header line and near-misses are not passwords", () => {
    const header = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8").split("\n")[0]!;
    expect(header.startsWith("# ")).toBe(true);
    expect(isCommonPassword(header)).toBe(false);
    expect(isCommonPassword("")).toBe(false);
    expect(isCommonPassword(" password")).toBe(false);
    expect(isCommonPassword("password ")).toBe(false);
  });
});
