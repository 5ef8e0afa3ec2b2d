import { useEffect, useState } from "react";
import { APP_ERROR_EVENT, type AppErrorDetail } from "../lib/api";
import { useI18n } from "../lib/i18n";

/** How long a message stays when the reader does nothing. */
const SHOW_MS = 6000;

/** SPEC §8: a failed call that is not a login matter raises the application error event; the
 * app shows its message here. A missing page (404) is the page's own error screen instead. */
export function AppErrorMessage() {
  const { t } = useI18n();
  const [shown, setShown] = useState<AppErrorDetail | null>(null);

  useEffect(() => {
    const show = (event: Event) => {
      const detail = (event as CustomEvent<AppErrorDetail>).detail;
      if (detail.status !== 404) setShown(detail);
    };
    window.addEventListener(APP_ERROR_EVENT, show);
    return () => window.removeEventListener(APP_ERROR_EVENT, show);
  }, []);

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  return (
    <div className="app-error-region" role="status" aria-live="polite">
      {shown ? (
        <div className="app-error" data-status={shown.status} data-code={shown.code}>
          <p>
            <strong>{t("callFailed")}</strong> {shown.message}
          </p>
          <button type="button" className="link-button" onClick={() => setShown(null)}>
            {t("close")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
