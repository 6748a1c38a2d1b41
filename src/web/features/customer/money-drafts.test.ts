import { describe, expect, it } from "vitest";
import { forgetKeptDrafts } from "../../lib/kept-drafts.ts";
import { forgetDraft, keepDraft, readDraft } from "./money-drafts.ts";

const owner = "0b5c2d4e-1111-4222-8333-944455556666";

function takeDraft(kind: "deposit" | "withdrawal", storage: ReturnType<typeof memoryStorage>, whose = owner) {
  const draft = readDraft(kind, whose, storage);
  forgetDraft(kind, storage);
  return draft;
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
    items,
  };
}

describe("money drafts", () => {
  it("gives a kept withdrawal back once, with its own fields only", () => {
    const storage = memoryStorage();
    keepDraft(
      "withdrawal",
      owner,
      { walletType: "bKash", walletNumber: "01712345678", amount: "600", password: "secret", extra: 1 },
      storage,
    );
    expect([...storage.items.values()].join()).not.toContain("secret");
    expect(takeDraft("withdrawal", storage)).toEqual({ walletType: "bKash", walletNumber: "01712345678", amount: "600" });
    expect(takeDraft("withdrawal", storage)).toBeNull();
  });

  it("keeps deposits and withdrawals apart", () => {
    const storage = memoryStorage();
    keepDraft("deposit", owner, { fromAddress: "T1", usdtAmount: "20", txid: "" }, storage);
    expect(takeDraft("withdrawal", storage)).toBeNull();
    expect(takeDraft("deposit", storage)).toEqual({ fromAddress: "T1", usdtAmount: "20", txid: "" });
  });

  it("ignores what is not a draft", () => {
    const storage = memoryStorage();
    storage.setItem("nexapay.draft.deposit", "not json");
    expect(takeDraft("deposit", storage)).toBeNull();
    storage.setItem("nexapay.draft.deposit", JSON.stringify({ owner, fields: { usdtAmount: 5 } }));
    expect(takeDraft("deposit", storage)).toBeNull();
    // A draft of the shape kept before drafts had owners fills nobody's form.
    storage.setItem("nexapay.draft.deposit", JSON.stringify({ usdtAmount: "20" }));
    expect(takeDraft("deposit", storage)).toBeNull();
  });

  it("belongs to one account: another account's form never reads it, and sign-out forgets it", () => {
    const storage = memoryStorage();
    keepDraft("withdrawal", owner, { walletType: "bKash", walletNumber: "01712345678", amount: "600" }, storage);
    expect(readDraft("withdrawal", "another-user", storage)).toBeNull();
    expect(readDraft("withdrawal", owner, storage)).toEqual({ walletType: "bKash", walletNumber: "01712345678", amount: "600" });
    storage.setItem("unrelated", "kept");
    forgetKeptDrafts(storage);
    expect(readDraft("withdrawal", owner, storage)).toBeNull();
    expect(storage.getItem("unrelated")).toBe("kept");
  });
});
