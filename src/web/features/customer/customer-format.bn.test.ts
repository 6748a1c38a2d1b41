import { i18n } from "@lingui/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bdtForUsdtText,
  bdtText,
  countdownText,
  methodText,
  payAmountFigure,
  payAmountText,
  fileSizeText,
  formatDate,
  formatDateTime,
  limitFigure,
  localDigits,
  transactionSearchText,
  usdtText,
} from "./customer-format.ts";
import { sidesUploadedText } from "./verification-progress.ts";

// The figures of the customer area when the app is shown in Bangla. The words come from the Bangla
// catalog, which a unit test does not load; the digits, amounts and dates are the formatters' own.
describe("customer formats in Bangla", () => {
  beforeAll(() => {
    i18n.load("bn", {});
    i18n.activate("bn");
  });
  afterAll(() => {
    i18n.load("en", {});
    i18n.activate("en");
  });

  it("says a withdrawal limit in Bengali digits", () => {
    expect(limitFigure("500.00")).toBe("৫০০");
    expect(limitFigure("50000.00")).toBe("৫০,০০০");
  });

  it("writes BDT amounts in Bengali digits with the taka sign", () => {
    expect(bdtText("12500.00")).toBe("১২,৫০০.০০ ৳");
    expect(bdtText("0.50")).toBe("০.৫০ ৳");
  });

  it("computes 'You will receive' from an amount typed in either digits", () => {
    expect(bdtForUsdtText("20", "125")).toBe("২,৫০০.০০ ৳");
    expect(bdtForUsdtText("২০", "125")).toBe("২,৫০০.০০ ৳");
    expect(bdtForUsdtText("", "125")).toBe("০.০০ ৳");
  });

  it("writes USDT amounts, counts and file sizes in Bengali digits", () => {
    expect(usdtText("20.50")).toBe("২০.৫ USDT");
    expect(usdtText("২০.৫০")).toBe("২০.৫ USDT");
    expect(localDigits("125")).toBe("১২৫");
    expect(fileSizeText(1_572_864)).toContain("১.৫");
    expect(sidesUploadedText({ uploaded: 1, required: 2, missing: ["back"] })).toContain("১");
  });

  it("shows the amount to send and the countdown in Bengali digits, and copies Latin ones", () => {
    expect(payAmountText("50.013700")).toBe("৫০.০১৩৭ USDT");
    expect(payAmountFigure("50.013700")).toBe("50.0137");
    expect(countdownText(59 * 60_000 + 12_000)).toBe("৫৯:১২");
    expect(methodText("50.013700 USDT")).toBe("৫০.০১৩৭ USDT");
  });

  it("writes dates with Bengali digits", () => {
    const local = new Date(2026, 10, 21, 14, 5).toISOString();
    expect(formatDate(local)).toContain("২০২৬");
    expect(formatDate(local)).toContain("২১");
    expect(formatDateTime(local)).toContain("২:০৫");
  });

  it("searches an amount typed in Bengali digits as the server writes it", () => {
    expect(transactionSearchText("১,৫০০")).toBe("1500");
    expect(transactionSearchText("১২,৫০০.০০")).toBe("12500.00");
  });
});
