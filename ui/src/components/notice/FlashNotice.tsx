// The message a page left for the next one (flash.ts), shown at the top of the page the
// browser lands on, announced politely, until the reader closes it or goes elsewhere.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { useI18n } from "../../lib/i18n";
import { takeFlash } from "./flash";
import "./notice.css";

export function FlashNotice() {
  const { t } = useI18n();
  const [path] = useLocation();
  const [shown, setShown] = useState<{ message: string; path: string } | null>(null);

  useEffect(() => {
    const message = takeFlash();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the message lives in session storage, outside React: read once the page it was left for has come
    if (message !== null) setShown({ message, path });
  }, [path]);

  const visible = shown !== null && shown.path === path;
  return (
    <div className="flash-region" role="status" aria-live="polite">
      {visible ? (
        <div className="flash-notice">
          <p>{shown.message}</p>
          <button type="button" className="link-button" onClick={() => setShown(null)}>
            {t("close")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
