import { Trans, useLingui } from "@lingui/react/macro";
import { Check, ChevronsUpDown } from "lucide-react";
import { useMemo, useState } from "react";
import { countries, flagEmoji } from "#shared/countries.ts";
import { cn } from "@/lib/class-names.ts";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "../../../components/ui/command.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";

/**
 * The countries in the shown language: English as the sign-up form has always named them; in Bangla
 * the browser's own names (Intl.DisplayNames), falling back to English where it has none.
 */
function countriesIn(locale: string): { code: string; name: string; englishName: string }[] {
  if (locale !== "bn") return countries.map(([code, name]) => ({ code, name, englishName: name }));
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(["bn"], { type: "region", fallback: "none" });
  } catch {
    // No display names in this browser: the English names.
  }
  return countries
    .map(([code, name]) => ({ code, name: names?.of(code) ?? name, englishName: name }))
    .sort((a, b) => a.name.localeCompare(b.name, "bn"));
}

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
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const items = useMemo(() => countriesIn(i18n.locale).map((country) => ({ ...country, flag: flagEmoji(country.code) })), [i18n.locale]);
  const selectedName = items.find((country) => country.code === value)?.name;
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
            <span className="text-slate-500">
              <Trans>Select your country</Trans>
            </span>
          )}
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        </button>
      </PopoverTrigger>
      <PopoverContent aria-label={t`Choose your country`} className="w-[var(--radix-popover-trigger-width)] min-w-64">
        <Command>
          <CommandInput placeholder={t`Search country...`} aria-label={t`Search country`} />
          <CommandList aria-label={t`Countries`}>
            <CommandEmpty>
              <Trans>No country found.</Trans>
            </CommandEmpty>
            {items.map((country) => (
              <CommandItem
                key={country.code}
                value={country.name}
                keywords={[country.code, country.englishName]}
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
