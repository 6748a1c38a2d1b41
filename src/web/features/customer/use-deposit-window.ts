import { useEffect, useState } from "react";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { depositWindow, type DepositWindow } from "./customer-format.ts";
import { windowCounts } from "./decision-state.ts";

/**
 * A deposit request's window as it stands now (decision 038), following the clock: while it is open
 * the component renders again every second (the countdown), and once it ends it says "expired" by
 * itself, without reading the request again. A request whose transfer came with another amount has
 * no window left to count (decision-state.ts).
 */
export function useDepositWindow(
  transaction: Pick<TransactionDto, "type" | "status" | "receivedOnChain" | "payAmount" | "expiresAt" | "expired" | "chainIssue">,
): DepositWindow | null {
  const [now, setNow] = useState(() => Date.now());
  const window = windowCounts(transaction) ? depositWindow(transaction, now) : null;
  const open = window?.state === "open";
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open]);
  return window;
}
