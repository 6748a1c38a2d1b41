import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers.tsx";
import { router } from "./app/router.tsx";
import "./app/global.css";
import { activateLocale, preferredLocale } from "./lib/i18n.ts";

const rootElement = document.getElementById("root");
if (rootElement) {
  // The shared words (frames, buttons, errors) in the visitor's language before the first paint; each
  // area's own words load with its screens (app/router.tsx).
  await activateLocale(preferredLocale());
  createRoot(rootElement).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
} else {
  // Without a root element nothing can render; say why in the console.
  console.error("Nexapay: the #root element is missing from index.html.");
}
