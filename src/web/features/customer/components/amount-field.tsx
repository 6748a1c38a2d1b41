import type { UseFormRegisterReturn } from "react-hook-form";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { localDigits } from "../customer-format.ts";

/** An amount typed as decimal text, with its currency written inside the box (deposit in USDT, withdraw in BDT). */
export function AmountField({
  id,
  label,
  unit,
  error,
  registration,
  className,
}: {
  id: string;
  label: string;
  unit: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  /** Room on the right for the unit. */
  className: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <div className="relative">
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder={localDigits("0.00")}
          className={className}
          {...controlProps(id, error)}
          {...registration}
        />
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-600">
          {unit}
        </span>
      </div>
    </FormField>
  );
}
