import { describe, expect, test } from "vitest";
import { recoveryCodeMessage, recoveryCodeSchema, totpCodeMessage, totpCodeSchema } from "./two-factor-schemas.ts";

describe("totpCodeSchema", () => {
  test("drops spaces before checking the six digits", () => {
    expect(totpCodeSchema.parse({ code: " 123 456 " })).toEqual({ code: "123456" });
  });

  test.each([["12345"], ["1234567"], ["abcdef"], [""]])("%j is refused with the 6-digit message", (code) => {
    const result = totpCodeSchema.safeParse({ code });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(totpCodeMessage);
  });
});

describe("recoveryCodeSchema", () => {
  test("trims the code", () => {
    expect(recoveryCodeSchema.parse({ code: " abcd-efgh " })).toEqual({ code: "abcd-efgh" });
  });

  test.each([[""], ["   "], ["x".repeat(65)]])("%j is refused with the recovery message", (code) => {
    const result = recoveryCodeSchema.safeParse({ code });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(recoveryCodeMessage);
  });
});
