import { describe, expect, it } from "vitest";
import { forgetDraft, keepDraft, readDraft } from "./money-drafts.ts";

function takeDraft(kind: "deposit" | "withdrawal", storage: ReturnType<typeof memoryStorage>) {
  const draft = readDraft(kind, storage);
  forgetDraft(kind, storage);
  return draft;
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe("money drafts", () => {
  it("gives a kept withdrawal back once, with its own fields only", () => {
    const storage = memoryStorage();
    keepDraft("withdrawal", { walletType: "bKash", walletNumber: "01712345678", amount: "600", password: "secret", extra: 1 }, storage);
    expect([...storage.items.values()].join()).not.toContain("secret");
    expect(takeDraft("withdrawal", storage)).toEqual({ walletType: "bKash", walletNumber: "01712345678", amount: "600" });
    expect(takeDraft("withdrawal", storage)).toBeNull();
  });

  it("keeps deposits and withdrawals apart", () => {
    const storage = memoryStorage();
    keepDraft("deposit", { fromAddress: "T1", usdtAmount: "20", txid: "" }, storage);
    expect(takeDraft("withdrawal", storage)).toBeNull();
    expect(takeDraft("deposit", storage)).toEqual({ fromAddress: "T1", usdtAmount: "20", txid: "" });
  });

  it("ignores what is not a draft", () => {
    const storage = memoryStorage();
    storage.setItem("nexapay.draft.deposit", "not json");
    expect(takeDraft("deposit", storage)).toBeNull();
    storage.setItem("nexapay.draft.deposit", JSON.stringify({ usdtAmount: 5 }));
    expect(takeDraft("deposit", storage)).toBeNull();
  });
});
