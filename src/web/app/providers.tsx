import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { i18n } from "@/lib/i18n.ts";
import { createQueryClient } from "@/lib/query-client.ts";
import { ToastHost } from "@/lib/toast.tsx";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        {/* Toasts at the top centre. */}
        <ToastHost />
      </QueryClientProvider>
    </I18nProvider>
  );
}
