import { useLingui } from "@lingui/react";
import { PhoneNumber } from "@/components/phone-number.tsx";
import { methodText, withdrawalDestination } from "../customer-format.ts";

/**
 * A transaction's method: a withdrawal's wallet and its number grouped and kept on one line
 * ('bKash 01712-345678'); anything else as stored ('20 USDT from T…', or 'Not specified').
 */
export function MethodText({ reference }: { reference: string | null }) {
  useLingui(); // 'Not specified' follows a change of language
  const destination = withdrawalDestination(reference);
  if (!destination) return <>{methodText(reference)}</>;
  return (
    <>
      {destination.wallet} <PhoneNumber number={destination.number} />
    </>
  );
}
