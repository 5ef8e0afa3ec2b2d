import { errorScreen } from "../lib/core";
import { useI18n } from "../lib/i18n";
import { usePageTitle } from "../lib/pageTitle";

export interface ErrorViewProps {
  status: number;
  message?: string | null;
  description?: string | null;
  /** A line under the heading, e.g. 'Page Not Found: /path'. */
  detail?: string | null;
  onRetry: () => void;
  onHome: () => void;
}

/** The error screen of SPEC §2; what it says and which buttons it has is the core's decision. */
export function ErrorView({ status, message, description, detail, onRetry, onHome }: ErrorViewProps) {
  const { lang } = useI18n();
  const screen = errorScreen(status, message, description, lang);
  usePageTitle(detail ?? screen.message);
  return (
    <section className="error-screen" role="alert" aria-labelledby="error-title">
      <p className="error-status" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{screen.message}</h1>
      {detail && <p className="error-detail">{detail}</p>}
      {screen.description && <p className="error-description">{screen.description}</p>}
      <div className="error-actions">
        {screen.retry && (
          <button type="button" className="button" onClick={onRetry}>
            {screen.retry.label}
          </button>
        )}
        <button type="button" className="button button-primary" onClick={onHome}>
          {screen.home.label}
        </button>
      </div>
    </section>
  );
}
