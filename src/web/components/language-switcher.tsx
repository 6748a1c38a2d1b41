import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Me } from "#shared/me.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { cn } from "@/lib/class-names.ts";
import { activateLocale, isLocale, type Locale } from "@/lib/i18n.ts";
import { sessionQueryKey } from "@/lib/session.ts";

// Each language's name in its own language and script, so that a visitor who cannot read the shown
// language still finds theirs. Not translated on purpose.
const languages: readonly { locale: Locale; name: string }[] = [
  { locale: "en", name: "English" },
  { locale: "bn", name: "বাংলা" },
];

/** Body of PUT /api/me/language (the profile's saved language; it follows the user to another browser). */
type LanguageUpdate = { language: Locale };

/**
 * English | বাংলা: two buttons, the shown language pressed. A switch changes the words in place (no
 * reload, so a half-filled form keeps what was typed), is remembered in this browser, and for a
 * signed-in user is saved on the profile as well. `tone` suits the frame: light on white headers,
 * dark on the back office's sidebar.
 */
export function LanguageSwitcher({ tone = "light", className }: { tone?: "light" | "dark"; className?: string }) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);
  const shown = isLocale(i18n.locale) ? i18n.locale : "en";

  async function choose(locale: Locale) {
    if (locale === shown || switching) return;
    setSwitching(true);
    try {
      await activateLocale(locale, { remember: true });
    } finally {
      setSwitching(false);
    }
    // Only when a session is already known: the public pages never ask the API who is signed in.
    const user = queryClient.getQueryData<Me | null>(sessionQueryKey);
    if (user) {
      const body: LanguageUpdate = { language: locale };
      // The switch has happened either way; the profile catches up at the next switch if this fails.
      apiRequest("/api/me/language", { method: "PUT", body }).catch(() => undefined);
    }
  }

  return (
    <div
      role="group"
      aria-label={t`Language`}
      className={cn(
        "inline-flex shrink-0 items-center rounded-lg border p-0.5",
        tone === "dark" ? "border-slate-700" : "border-input bg-white",
        className,
      )}
    >
      {languages.map(({ locale, name }) => {
        const pressed = locale === shown;
        return (
          <button
            key={locale}
            type="button"
            lang={locale}
            aria-pressed={pressed}
            onClick={() => void choose(locale)}
            className={cn(
              // 44 px tall on phones (a thumb's target), compact beside a mouse pointer.
              "inline-flex h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-medium transition-colors md:h-8",
              // "বাংলা" on an English page: Noto Sans Bengali first, or Chromium may draw it in a Latin font as boxes.
              locale === "bn" && "font-bengali",
              tone === "dark"
                ? pressed
                  ? "bg-emerald-700 text-white"
                  : "text-slate-300 hover:bg-slate-800 hover:text-white"
                : pressed
                  ? "bg-emerald-50 text-emerald-800"
                  : "text-slate-700 hover:bg-muted hover:text-foreground",
            )}
          >
            {name}
          </button>
        );
      })}
    </div>
  );
}
