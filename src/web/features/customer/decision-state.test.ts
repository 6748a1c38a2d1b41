import { i18n } from "@lingui/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { depositWindow } from "./customer-format.ts";
import { customerStatus, decisionNotice, listNotice, notSeenSupportLink, showsExpectedTime, windowCounts } from "./decision-state.ts";

const now = Date.parse("2026-11-27T10:00:00Z");

const withdrawal: TransactionDto = {
  id: "7c0e3d1a-0000-4000-8000-000000000001",
  userId: "u1",
  type: "withdraw",
  amount: "30000.00",
  usdtAmount: null,
  rate: null,
  status: "pending",
  reference: "bKash:01712345678",
  txid: null,
  receivedOnChain: false,
  payAmount: null,
  expiresAt: null,
  expired: false,
  payoutReference: null,
  rejectReason: null,
  createdAt: "2026-11-27T09:00:00Z",
  processedAt: null,
  beingPaid: false,
  receivedUsdt: null,
  chainIssue: null,
};

const deposit: TransactionDto = {
  ...withdrawal,
  id: "7c0e3d1a-0000-4000-8000-000000000002",
  type: "deposit",
  amount: "6251.71",
  usdtAmount: "50.000000",
  rate: "125.00",
  reference: "50.013700 USDT",
  payAmount: "50.013700",
  createdAt: "2026-11-27T09:20:00Z",
  expiresAt: "2026-11-27T10:20:00Z",
};

const statusOf = (t: TransactionDto) => customerStatus(t, depositWindow(t, now));

describe("the state a customer reads", () => {
  it("an approved withdrawal reads 'Approved, being paid' at every step, with one line to its wallet", () => {
    const approved = { ...withdrawal, beingPaid: true };
    expect(statusOf(approved)).toBe("being_paid");
    expect(decisionNotice(approved)).toEqual({
      kind: "being_paid",
      text: "An admin approved it. The money is on its way to your bKash number.",
    });
    expect(decisionNotice({ ...approved, reference: "Nagad:01812345678" })?.text).toBe(
      "An admin approved it. The money is on its way to your Nagad number.",
    );
    expect(decisionNotice({ ...approved, reference: null })?.text).toBe("An admin approved it. The money is on its way to your wallet.");
    // Still on its way: the promised time stays.
    expect(showsExpectedTime(approved, null)).toBe(true);
  });

  it("a withdrawal nobody approved yet is plain Pending; a paid or rejected one is what it is", () => {
    expect(statusOf(withdrawal)).toBe("pending");
    expect(decisionNotice(withdrawal)).toBeNull();
    // beingPaid only ever means something while pending.
    expect(statusOf({ ...withdrawal, status: "completed", beingPaid: true })).toBe("completed");
    expect(decisionNotice({ ...withdrawal, status: "completed", beingPaid: true })).toBeNull();
    expect(statusOf({ ...withdrawal, status: "rejected" })).toBe("rejected");
  });

  it("a deposit whose transfer came with another amount says what arrived, that an admin credits it, and promises no time", () => {
    const differs = { ...deposit, chainIssue: "amount_differs" as const, receivedUsdt: "45.000000" };
    expect(statusOf(differs)).toBe("pending");
    expect(decisionNotice(differs)).toEqual({
      kind: "amount_differs",
      text: "We received 45.00 USDT, not the 50.0137 USDT you asked to pay. An admin will credit what arrived; you don't need to do anything. If you sent more in another transfer, contact support with its TXID.",
    });
    expect(showsExpectedTime(differs, depositWindow(differs, now))).toBe(false);
    // No 'Send exactly' nor 'Expired' for it: what came is credited whenever the window ends.
    expect(windowCounts(differs)).toBe(false);
    expect(windowCounts({ ...deposit, chainIssue: "not_seen" })).toBe(true);
    // A request made before amounts to pay existed: the amount asked for.
    const older: TransactionDto = { ...differs, payAmount: null, expiresAt: null };
    expect(decisionNotice(older)?.text).toMatch(/^We received 45\.00 USDT, not the 50 USDT you asked/);
  });

  it("a deposit not seen on the chain says what to check, with the way to support", () => {
    const unseen = { ...deposit, chainIssue: "not_seen" as const };
    const notice = decisionNotice(unseen);
    expect(notice).toMatchObject({
      kind: "not_seen",
      text: "We have not seen your transfer on the TRON network yet. Check that you sent exactly 50.0137 USDT (TRC-20) to the deposit address; if you did, contact support with the TXID.",
    });
    expect(notice?.kind === "not_seen" && notice.supportLink).toBe(notSeenSupportLink(unseen));
    expect(showsExpectedTime(unseen, depositWindow(unseen, now))).toBe(false);
  });

  it("a list says 'not seen' only while the window is open: after it, 'Expired' says it, and the receipt keeps the way to support", () => {
    const unseen = { ...deposit, chainIssue: "not_seen" as const };
    expect(listNotice(unseen, depositWindow(unseen, now))?.kind).toBe("not_seen");
    const ended = { ...unseen, expiresAt: "2026-11-27T09:59:00Z", expired: true };
    expect(listNotice(ended, depositWindow(ended, now))).toBeNull();
    expect(decisionNotice(ended)?.kind).toBe("not_seen");
    const differs = { ...ended, chainIssue: "amount_differs" as const, receivedUsdt: "45" };
    expect(listNotice(differs, depositWindow(differs, now))?.kind).toBe("amount_differs");
  });

  it("the support link opens the public contact form with the amount and a place for the TXID, nothing of the account", () => {
    const link = new URL(notSeenSupportLink(deposit), "https://nexapay.example");
    expect(link.pathname).toBe("/contact");
    expect(link.searchParams.get("subject")).toBe("Technical Support");
    expect(link.searchParams.get("message")).toBe("I sent a USDT (TRC-20) deposit of 50.0137 USDT that does not show as received.\nTXID:");
    expect(link.search).not.toContain(deposit.id);
  });

  it("a deposit credited for what arrived shows what was asked, what came and what was credited", () => {
    const credited = { ...deposit, status: "completed" as const, amount: "5625.00", receivedUsdt: "45.000000", payAmount: "50.000000" };
    expect(statusOf(credited)).toBe("completed");
    expect(decisionNotice(credited)).toEqual({
      kind: "credited_received",
      text: "Asked to pay 50.00 USDT · Received 45.00 USDT · Credited 5,625.00 BDT",
    });
    // The same amount written otherwise is no difference; an exact transfer adds nothing.
    expect(decisionNotice({ ...credited, receivedUsdt: "50" })).toBeNull();
    expect(decisionNotice({ ...credited, receivedUsdt: null })).toBeNull();
    expect(showsExpectedTime(credited, null)).toBe(false);
  });

  it("a chain issue on a decided deposit says nothing more; a request past its window reads Expired", () => {
    expect(decisionNotice({ ...deposit, status: "rejected", chainIssue: "not_seen" })).toBeNull();
    const ended = { ...deposit, expiresAt: "2026-11-27T09:59:00Z" };
    expect(statusOf(ended)).toBe("expired");
    expect(showsExpectedTime(ended, depositWindow(ended, now))).toBe(false);
    expect(showsExpectedTime(deposit, depositWindow(deposit, now))).toBe(true);
  });
});

// The words come from the Bangla catalog, which a unit test does not load; the figures are the formatters' own.
describe("the state a customer reads, in Bangla", () => {
  beforeAll(() => {
    i18n.load("bn", {});
    i18n.activate("bn");
  });
  afterAll(() => {
    i18n.load("en", {});
    i18n.activate("en");
  });

  it("writes what was asked, what came and what was credited in Bengali digits", () => {
    const credited = { ...deposit, status: "completed" as const, amount: "5625.00", receivedUsdt: "45.000000", payAmount: "50.000000" };
    const text = decisionNotice(credited)?.text ?? "";
    expect(text).toContain("৫০.০০ USDT");
    expect(text).toContain("৪৫.০০ USDT");
    expect(text).toContain("৫,৬২৫.০০ ৳");
  });
});
