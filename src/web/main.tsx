import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers.tsx";
import { preloadScreens, router } from "./app/router.tsx";
import "./app/global.css";
import { activateLocale, preferredLocale } from "./lib/i18n.ts";

const rootElement = document.getElementById("root");
if (rootElement) {
  // The shared words (frames, buttons, errors) in the visitor's language before the first paint; each
  // area's own words load with its screens (app/router.tsx). A promise rather than a top-level await:
  // with a top-level await in the entry, the bundler moves every module the entry shares with a lazy
  // screen into a chunk of its own (a dozen more requests and several KB more for `/`).
  const render = () =>
    createRoot(rootElement).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  // The page's own screens (and their words) start loading now, beside the shared words.
  preloadScreens(window.location.pathname);
  // A catalog that fails to load (offline at that moment) still leaves the English source to show.
  activateLocale(preferredLocale()).then(render, render);
} else {
  // Without a root element nothing can render; say why in the console.
  console.error("Nexapay: the #root element is missing from index.html.");
}
