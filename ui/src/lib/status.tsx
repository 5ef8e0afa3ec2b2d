// The two states every list and panel shows while its data is not there: loading, and failed.
import { useI18n } from "./i18n";

/** A loading line, announced politely. */
export function Loading({ text }: { text?: string }) {
  const { t } = useI18n();
  return (
    <p className="loading" role="status">
      {text ?? t("loading")}
    </p>
  );
}

/** A failure line, announced at once; `text` replaces the general message. */
export function LoadFailed({ text }: { text?: string }) {
  const { t } = useI18n();
  return (
    <p className="error-text" role="alert">
      {text ?? t("loadFailed")}
    </p>
  );
}
