import { Check, ChevronsUpDown } from "lucide-react";
import { useMemo, useState } from "react";
import { countries, flagEmoji } from "#shared/countries.ts";
import { cn } from "@/lib/class-names.ts";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "../../../components/ui/command.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";

const countryNameByCode: ReadonlyMap<string, string> = new Map(countries);

/**
 * A searchable list of the 195 countries of the sign-up form: flag and name shown, the ISO 3166-1 alpha-2
 * code as the value. The trigger is a button with role combobox, so a <label htmlFor={id}> names it;
 * the search field and the options are keyboard driven (cmdk).
 */
export function CountryCombobox({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const selectedName = countryNameByCode.get(value);
  const items = useMemo(() => countries.map(([code, name]) => ({ code, name, flag: flagEmoji(code) })), []);
  const valueId = `${id}-value`;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onBlur?.();
      }}
    >
      <PopoverTrigger asChild>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={[selectedName ? valueId : undefined, describedBy].filter(Boolean).join(" ") || undefined}
          disabled={disabled}
          className={cn(
            "flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-input bg-white px-3 text-left text-base shadow-sm sm:text-sm",
            "focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40",
            "disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive",
          )}
        >
          {selectedName ? (
            <span id={valueId} className="flex min-w-0 items-center gap-2">
              <span aria-hidden="true">{flagEmoji(value)}</span>
              <span className="truncate">{selectedName}</span>
            </span>
          ) : (
            <span className="text-slate-500">Select your country</span>
          )}
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        </button>
      </PopoverTrigger>
      <PopoverContent aria-label="Choose your country" className="w-[var(--radix-popover-trigger-width)] min-w-64">
        <Command>
          <CommandInput placeholder="Search country..." aria-label="Search country" />
          <CommandList aria-label="Countries">
            <CommandEmpty>No country found.</CommandEmpty>
            {items.map((country) => (
              <CommandItem
                key={country.code}
                value={country.name}
                keywords={[country.code]}
                onSelect={() => {
                  onChange(country.code);
                  setOpen(false);
                  onBlur?.();
                }}
              >
                <span aria-hidden="true">{country.flag}</span>
                <span className="flex-1 truncate">{country.name}</span>
                <Check aria-hidden="true" className={cn("size-4 text-emerald-700", country.code === value ? "opacity-100" : "opacity-0")} />
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
