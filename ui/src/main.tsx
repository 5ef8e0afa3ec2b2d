import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { preloadPage } from "./app/pages";
import { matchRoute } from "./lib/core";
import { isExpectedRefusal } from "./lib/errors";
import { I18nProvider } from "./lib/i18n";
import { QueryProvider } from "./lib/queries";
import { SessionProvider } from "./lib/session";
import "./fonts/fonts.css";
import "./styles.css";

// The first page's code before the first render: React then replaces the server's prerendered
// view with the same page in one step (no loading state in between).
await preloadPage(matchRoute(window.location.pathname)?.name).catch((error: unknown) => console.warn("page preload", error));

createRoot(document.getElementById("root")!, {
  // React logs every error a boundary caught; a refusal the page explains is not one.
  onCaughtError: (error, info) => {
    if (!isExpectedRefusal(error)) console.error("page error", error, info.componentStack);
  },
}).render(
  <StrictMode>
    <I18nProvider>
      <SessionProvider>
        <QueryProvider>
          <App />
        </QueryProvider>
      </SessionProvider>
    </I18nProvider>
  </StrictMode>,
);
