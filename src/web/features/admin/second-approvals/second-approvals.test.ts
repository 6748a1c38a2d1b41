import { describe, expect, it } from "vitest";
import type { SecondApprovalDto } from "#shared/second-approval-schemas.ts";
import type { AdminTransactionDto } from "#shared/admin-schemas.ts";
import { customerName, isSecondApproval, secondApprovalActionText, secondApprovalOfRow, transactionStageOf } from "./second-approvals.ts";

const adjustment: SecondApprovalDto = {
  id: "s1",
  kind: "balance_adjustment",
  status: "awaiting",
  userId: "u1",
  username: "rahim",
  fullName: "Rahim Uddin",
  amount: "30000.00",
  direction: "add",
  note: "Refund",
  transactionId: null,
  method: null,
  walletNumber: null,
  payoutReference: null,
  requestedBy: { id: "a1", username: "admin1" },
  requestedAt: "2025-01-05T10:00:00.000Z",
  decidedBy: null,
  decidedAt: null,
  declineReason: null,
  resultTransactionId: null,
};
const payout: SecondApprovalDto = {
  ...adjustment,
  id: "s2",
  kind: "withdrawal_approval",
  direction: null,
  note: null,
  transactionId: "t1",
  method: "bKash",
  walletNumber: "01712345678",
  payoutReference: "9K3LQ2PA7X",
};

describe("isSecondApproval", () => {
  it("knows a SecondApproval from a transaction", () => {
    expect(isSecondApproval(adjustment)).toBe(true);
    expect(isSecondApproval(payout)).toBe(true);
    expect(isSecondApproval({ id: "t1", type: "withdraw", status: "completed", amount: "10.00" })).toBe(false);
    expect(isSecondApproval(null)).toBe(false);
    expect(isSecondApproval(undefined)).toBe(false);
    expect(isSecondApproval("awaiting")).toBe(false);
  });
});

describe("secondApprovalActionText", () => {
  it("says what the request does", () => {
    expect(secondApprovalActionText(adjustment)).toBe("Add 30,000.00 BDT");
    expect(secondApprovalActionText({ ...adjustment, direction: "subtract" })).toBe("Subtract 30,000.00 BDT");
    expect(secondApprovalActionText({ ...adjustment, kind: "deposit_approval", direction: null })).toBe("Credit 30,000.00 BDT");
  });

  it("never says Pay for a withdrawal: confirming one pays nothing", () => {
    expect(secondApprovalActionText(payout)).toBe("30,000.00 BDT to bKash 01712-345678");
    expect(secondApprovalActionText({ ...payout, method: null, walletNumber: null })).toBe("30,000.00 BDT");
  });
});

describe("customerName", () => {
  it("is the full name, else the username", () => {
    expect(customerName(adjustment)).toBe("Rahim Uddin");
    expect(customerName({ ...adjustment, fullName: null })).toBe("rahim");
    expect(customerName({ ...adjustment, fullName: " " })).toBe("rahim");
  });
});

describe("transactionStageOf", () => {
  const request = {
    id: "s3",
    requestedBy: { id: "a1", username: "admin1" },
    requestedAt: "2025-01-05T10:00:00.000Z",
    decidedBy: null,
    decidedAt: null,
  };
  it("tells plain pending, awaiting a second admin, ready to pay and decided apart", () => {
    expect(transactionStageOf({ status: "pending", secondApproval: null })).toBe("pending");
    expect(transactionStageOf({ status: "pending", secondApproval: { ...request, status: "awaiting" } })).toBe("awaiting");
    expect(transactionStageOf({ status: "pending", secondApproval: { ...request, status: "confirmed" } })).toBe("ready");
    expect(transactionStageOf({ status: "completed", secondApproval: null })).toBe("decided");
    expect(transactionStageOf({ status: "rejected", secondApproval: null })).toBe("decided");
  });
});

describe("secondApprovalOfRow", () => {
  const row = {
    id: "t9",
    userId: "u1",
    username: "rahim",
    type: "withdraw",
    amount: "30000.00",
    reference: "bKash:01712345678",
    secondApproval: {
      id: "s9",
      status: "awaiting",
      requestedBy: { id: "a1", username: "admin1" },
      requestedAt: "2025-01-05T10:00:00.000Z",
      decidedBy: null,
      decidedAt: null,
    },
  } as AdminTransactionDto;
  it("gives the Confirm dialog the row's withdrawal, method and number", () => {
    expect(secondApprovalOfRow(row)).toMatchObject({
      id: "s9",
      kind: "withdrawal_approval",
      transactionId: "t9",
      method: "bKash",
      walletNumber: "01712345678",
      requestedBy: { username: "admin1" },
    });
    expect(secondApprovalOfRow({ ...row, secondApproval: null })).toBeNull();
    expect(secondApprovalOfRow({ ...row, type: "deposit", reference: null })?.kind).toBe("deposit_approval");
  });
});
