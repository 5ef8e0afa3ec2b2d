import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { I18nProvider } from "./lib/i18n";
import { QueryProvider } from "./lib/queries";
import { SessionProvider } from "./lib/session";
import "./fonts/fonts.css";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
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
