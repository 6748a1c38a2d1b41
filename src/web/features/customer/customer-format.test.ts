import { describe, expect, it } from "vitest";
import {
  bdtForUsdtText,
  countdownText,
  depositReviewText,
  depositWindow,
  expiresInText,
  payAmountFigure,
  payAmountText,
  shownStatus,
  windowMinutes,
  limitFigure,
  meetsDepositMinimum,
  meetsWithdrawalMinimum,
  withdrawalDestination,
  withdrawalReviewText,
  bdtText,
  fileSizeText,
  formatDate,
  formatDateTime,
  methodText,
  transactionOutcomeText,
  transactionSearchText,
} from "./customer-format.ts";

describe("customer formats", () => {
  it("writes dates as en-US short month with time, with plain spaces", () => {
    const local = new Date(2026, 10, 21, 14, 5).toISOString();
    expect(formatDateTime(local)).toBe("Nov 21, 2026, 2:05 PM");
    expect(formatDate(local)).toBe("Nov 21, 2026");
  });

  it("groups BDT amounts in thousands with two decimals", () => {
    expect(bdtText("12500.00")).toBe("12,500.00 BDT");
    expect(bdtText("0.50")).toBe("0.50 BDT");
  });

  it("says a deposit's reference with the amount to send as it is shown, with or without the sending address", () => {
    expect(methodText("50.013700 USDT from TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(
      "50.0137 USDT from TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    );
    expect(methodText("50.013700 USDT")).toBe("50.0137 USDT");
    expect(methodText("20.000001 USDT")).toBe("20.000001 USDT");
    // Older requests, written before amounts to pay existed, read as they always did.
    expect(methodText("20 USDT from T123")).toBe("20 USDT from T123");
  });

  it("shows 'Not specified' for an empty reference", () => {
    expect(methodText(null)).toBe("Not specified");
    expect(methodText("  ")).toBe("Not specified");
    expect(methodText("bKash:01712345678")).toBe("bKash:01712345678");
  });

  it("computes 'You will receive' exactly, half-up to the poisha", () => {
    expect(bdtForUsdtText("20", "125")).toBe("2,500.00 BDT");
    expect(bdtForUsdtText("0.000001", "125")).toBe("0.00 BDT");
    expect(bdtForUsdtText("0.00004", "125")).toBe("0.01 BDT");
    expect(bdtForUsdtText("12345678.123456", "125")).toBe("1,543,209,765.43 BDT");
    expect(bdtForUsdtText("", "125")).toBe("0.00 BDT");
    expect(bdtForUsdtText("abc", "125")).toBe("0.00 BDT");
    expect(bdtForUsdtText("-5", "125")).toBe("0.00 BDT");
  });

  it("writes file sizes", () => {
    expect(fileSizeText(5_242_880)).toBe("5 MB");
    expect(fileSizeText(1_572_864)).toBe("1.5 MB");
    expect(fileSizeText(2048)).toBe("2 KB");
    expect(fileSizeText(12)).toBe("12 bytes");
  });

  it("drops grouping commas from typed amounts so they match the server's text", () => {
    expect(transactionSearchText("1,500")).toBe("1500");
    expect(transactionSearchText("12,500.00")).toBe("12500.00");
    expect(transactionSearchText("1,234,567")).toBe("1234567");
    expect(transactionSearchText("1,5000")).toBe("1,5000");
    expect(transactionSearchText("bKash,Nagad")).toBe("bKash,Nagad");
  });
});

describe("transactionOutcomeText", () => {
  const withdrawal = {
    type: "withdraw" as const,
    status: "completed" as const,
    reference: "bKash:01712345678",
    payoutReference: "9K3LQ2PA7X",
    rejectReason: null,
  };
  it("says a paid withdrawal's provider and TrxID", () => {
    expect(transactionOutcomeText(withdrawal)).toBe("Paid · bKash TrxID 9K3LQ2PA7X");
    expect(transactionOutcomeText({ ...withdrawal, reference: "Nagad:01812345678" })).toBe("Paid · Nagad TrxID 9K3LQ2PA7X");
    expect(transactionOutcomeText({ ...withdrawal, reference: null })).toBe("Paid · TrxID 9K3LQ2PA7X");
  });
  it("says nothing for a withdrawal paid without a TrxID, a pending one or a deposit", () => {
    expect(transactionOutcomeText({ ...withdrawal, payoutReference: null })).toBeNull();
    expect(transactionOutcomeText({ ...withdrawal, status: "pending" })).toBeNull();
    expect(transactionOutcomeText({ ...withdrawal, type: "deposit" })).toBeNull();
  });
  it("gives a rejected transaction's reason, nothing when there is none", () => {
    const rejected = { ...withdrawal, status: "rejected" as const, payoutReference: null, rejectReason: "Wrong number" };
    expect(transactionOutcomeText(rejected)).toBe("Rejected: Wrong number");
    expect(transactionOutcomeText({ ...rejected, type: "deposit" })).toBe("Rejected: Wrong number");
    expect(transactionOutcomeText({ ...rejected, rejectReason: null })).toBeNull();
    expect(transactionOutcomeText({ ...rejected, rejectReason: "  " })).toBeNull();
  });
});

describe("review and receipt texts", () => {
  it("asks before a withdrawal with the number grouped", () => {
    expect(withdrawalReviewText({ walletType: "bKash", walletNumber: "01712345678", amount: "600" })).toBe(
      "Send 600.00 BDT to bKash 01712-345678?",
    );
  });

  it("asks before a deposit request, with the sending address only when one was given", () => {
    expect(depositReviewText({ usdtAmount: "20.50", fromAddress: "TXyz" })).toBe("Request a deposit of 20.5 USDT from TXyz?");
    expect(depositReviewText({ usdtAmount: "50" })).toBe("Request a deposit of 50 USDT?");
    expect(depositReviewText({ usdtAmount: "50", fromAddress: "  " })).toBe("Request a deposit of 50 USDT?");
  });

  it("knows the minimum only for real amounts", () => {
    expect(meetsDepositMinimum("10", "10")).toBe(true);
    expect(meetsDepositMinimum("9.999999", "10")).toBe(false);
    expect(meetsDepositMinimum("", "10")).toBe(false);
    expect(meetsDepositMinimum("abc", "10")).toBe(false);
    expect(meetsDepositMinimum("0", "0")).toBe(false);
  });

  it("holds a withdrawal to the server's minimum, and leaves anything else to the schema and the server", () => {
    expect(meetsWithdrawalMinimum("500", "500.00")).toBe(true);
    expect(meetsWithdrawalMinimum("499.99", "500.00")).toBe(false);
    expect(meetsWithdrawalMinimum("100", "500.00")).toBe(false);
    expect(meetsWithdrawalMinimum("0.01", "0.00")).toBe(true);
    expect(meetsWithdrawalMinimum("abc", "500.00")).toBe(true);
  });

  it("says a withdrawal limit in whole taka when it has no poisha, and nothing for none", () => {
    expect(limitFigure("500.00")).toBe("500");
    expect(limitFigure("50000.00")).toBe("50,000");
    expect(limitFigure("750.50")).toBe("750.50");
    expect(limitFigure("0.00")).toBeNull();
  });

  it("reads an amount typed in Bengali digits as the server does", () => {
    expect(meetsDepositMinimum("১২", "10")).toBe(true);
    expect(meetsDepositMinimum("৯.৯৯৯৯৯৯", "10")).toBe(false);
    expect(meetsDepositMinimum("১০", "10")).toBe(true);
    expect(meetsDepositMinimum("০", "0")).toBe(false);
    expect(bdtForUsdtText("১২.৫", "125")).toBe("1,562.50 BDT");
  });

  it("reads a withdrawal's destination from its reference", () => {
    expect(withdrawalDestination("Nagad:01812345678")).toEqual({ wallet: "Nagad", number: "01812345678" });
    expect(withdrawalDestination("20 USDT from T123")).toBeNull();
  });
});

describe("a deposit request's amount to send and its window (decision 038)", () => {
  it("writes the amount to send without trailing zeros, never with fewer than two decimals", () => {
    expect(payAmountFigure("50.013700")).toBe("50.0137");
    expect(payAmountFigure("50.010000")).toBe("50.01");
    expect(payAmountFigure("50.100000")).toBe("50.10");
    expect(payAmountFigure("50.000001")).toBe("50.000001");
    expect(payAmountFigure("1234.567890")).toBe("1234.56789");
    expect(payAmountFigure("50")).toBe("50.00");
    expect(payAmountFigure("৫০.০১৩৭০০")).toBe("50.0137");
    expect(payAmountText("50.013700")).toBe("50.0137 USDT");
  });

  it("counts down in minutes and seconds, with hours only past an hour, rounded up to the second", () => {
    expect(countdownText(59 * 60_000 + 12_000)).toBe("59:12");
    expect(countdownText(60 * 60_000)).toBe("60:00");
    expect(countdownText(5 * 60_000 + 3_000)).toBe("5:03");
    expect(countdownText(62 * 60_000 + 3_000)).toBe("1:02:03");
    expect(countdownText(24 * 3_600_000)).toBe("24:00:00");
    expect(countdownText(500)).toBe("0:01");
    expect(countdownText(0)).toBe("0:00");
    expect(countdownText(-5_000)).toBe("0:00");
    expect(expiresInText(59 * 60_000 + 12_000)).toBe("Expires in 59:12");
  });

  const created = "2026-11-27T10:00:00.000Z";
  const ends = Date.parse("2026-11-27T11:00:00.000Z");
  const request = {
    type: "deposit" as const,
    status: "pending" as const,
    receivedOnChain: false,
    payAmount: "50.013700",
    createdAt: created,
    expiresAt: "2026-11-27T11:00:00.000Z",
    expired: false,
  };

  it("is open with the time left until its end, then expired by the clock or by the server's word", () => {
    expect(depositWindow(request, ends - 60_000)).toEqual({ state: "open", msLeft: 60_000 });
    expect(depositWindow(request, ends)).toEqual({ state: "expired" });
    expect(depositWindow(request, ends + 1)).toEqual({ state: "expired" });
    expect(depositWindow({ ...request, expired: true }, ends - 60_000)).toEqual({ state: "expired" });
    expect(shownStatus(request, ends - 60_000)).toBe("pending");
    expect(shownStatus(request, ends)).toBe("expired");
  });

  it("has no window once received or decided, for a withdrawal, or for a request made before amounts to pay", () => {
    expect(depositWindow({ ...request, receivedOnChain: true }, ends + 1)).toBeNull();
    expect(depositWindow({ ...request, status: "completed" }, ends + 1)).toBeNull();
    expect(depositWindow({ ...request, status: "rejected" }, ends + 1)).toBeNull();
    expect(depositWindow({ ...request, type: "withdraw" }, ends + 1)).toBeNull();
    expect(depositWindow({ ...request, payAmount: null, expiresAt: null }, ends + 1)).toBeNull();
    expect(shownStatus({ ...request, receivedOnChain: true }, ends + 1)).toBe("pending");
    expect(shownStatus({ ...request, status: "rejected", expired: true }, ends + 1)).toBe("rejected");
  });

  it("knows the window's length in minutes", () => {
    expect(windowMinutes(request)).toBe(60);
    expect(windowMinutes({ createdAt: created, expiresAt: "2026-11-27T10:01:00.000Z" })).toBe(1);
    expect(windowMinutes({ createdAt: created, expiresAt: null })).toBeNull();
  });
});
