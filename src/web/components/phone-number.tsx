import { groupBdMobile } from "#shared/bd-mobile.ts";
import { cn } from "@/lib/class-names.ts";

/**
 * A phone number as people read it: a Bangladeshi mobile grouped '01712-345678', never broken
 * across lines (docs/decisions/023-customer-review-receipt-and-drafts.md); any other number as stored.
 */
export function PhoneNumber({ number, className }: { number: string; className?: string }) {
  return <span className={cn("whitespace-nowrap tabular-nums", className)}>{groupBdMobile(number)}</span>;
}
