import type { ReactNode } from "react";
import { Link } from "wouter";
import type { Layout as LayoutName } from "../lib/core";
import { useI18n } from "../lib/i18n";

/** Both layouts of SPEC carry the site header and footer; `default` (search) also keeps the
 * search field open in the header. */
export function Layout({ layout, children }: { layout: LayoutName; children: ReactNode }) {
  const { t, lang, setLang } = useI18n();
  return (
    <div className={`layout layout-${layout}`}>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <header className="site-header">
        <Link href="/" className="brand" aria-label="Tidemark">
          Tidemark
        </Link>
        <nav aria-label={t("categories")} className="header-nav">
          <Link href="/post/popular/list?sort=POPULAR">{t("popular")}</Link>
          <Link href="/post/latest/list?sort=LATEST">{t("latest")}</Link>
          <Link href="/search?sort=POPULAR">{t("search")}</Link>
        </nav>
        <div className="header-actions">
          <button type="button" className="link-button" onClick={() => setLang(lang === "ko" ? "en" : "ko")}>
            {t("switchLanguage")}
          </button>
          <Link href="/member/login" className="button button-primary button-small">
            {t("login")}
          </Link>
        </div>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <p>{t("footer")}</p>
        <Link href="/b2b">{t("forBusiness")}</Link>
      </footer>
    </div>
  );
}
