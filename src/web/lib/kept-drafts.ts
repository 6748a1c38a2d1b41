// Where the deposit and withdrawal forms keep a draft across an expired session (features/customer/
// money-drafts.ts), and how every draft is forgotten: sign-out calls forgetKeptDrafts, so a draft
// never outlives its owner's session in this tab (decision 039: customer A's withdrawal must never
// fill customer B's form; a draft also records its owner, for a tab where A's session expired and B
// signs in).

/** The sessionStorage key of a kind of draft. */
export function keptDraftKey(kind: string): string {
  return `nexapay.draft.${kind}`;
}

type KeyedStorage = Pick<Storage, "length" | "key" | "removeItem">;

/** Drops every kept draft of this tab. */
export function forgetKeptDrafts(storage: KeyedStorage = sessionStorage): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(keptDraftKey(""))) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
