import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { breadcrumbs, isLoginPath, type Layout as LayoutName } from "../lib/core";
import { useI18n } from "../lib/i18n";
import { loginHere } from "../lib/login";
import { useSession } from "../lib/session";
import { ConfirmItsYou } from "../components/confirm/ConfirmItsYou";
import { FlashNotice } from "../components/notice/FlashNotice";
import { AppErrorMessage } from "./AppErrorMessage";

/** The bell, in a chunk of its own: only a signed-in member's header has it. */
const NotificationBell = lazy(() => import("../components/notice/NotificationBell"));

/** Both layouts of SPEC carry the site header and footer; `default` is the search page's,
 * whose own field replaces the header's search link. */
export function Layout({ layout, children }: { layout: LayoutName; children: ReactNode }) {
  const { t, lang, setLang } = useI18n();
  return (
    <div className={`layout layout-${layout}`}>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <header className="site-header">
        <Link href="/" className="brand" aria-label={`Tidemark ${t("home")}`}>
          Tidemark
        </Link>
        <nav aria-label={t("mainMenu")} className="header-nav">
          <Link href="/post/popular/list?sort=POPULAR">{t("popular")}</Link>
          <Link href="/post/latest/list?sort=LATEST">{t("latest")}</Link>
          <CategoryMenu />
          <Link href="/mobile/category" className="only-small">
            {t("categories")}
          </Link>
          <Link href="/interest/bookmark">{t("myInterests")}</Link>
        </nav>
        <div className="header-actions">
          {layout === "default" ? null : (
            <Link href="/search?sort=POPULAR" className="header-search-link">
              {t("search")}
            </Link>
          )}
          {/* Named by what it shows ("English", or "EN" on a phone, WCAG 2.5.3); the hidden
              span is no part of the name, the title gives the whole word. */}
          <button type="button" className="link-button header-language" lang={lang === "ko" ? "en" : "ko"} title={t("switchLanguage")} onClick={() => setLang(lang === "ko" ? "en" : "ko")}>
            <span className="label-long">{t("switchLanguage")}</span>
            <span className="label-short">{t("switchLanguageShort")}</span>
          </button>
          <SessionActions />
        </div>
      </header>
      <main id="main" className="site-main">
        <FlashNotice />
        {children}
      </main>
      <AppErrorMessage />
      <ConfirmItsYou />
      <footer className="site-footer">
        <p>{t("footer")}</p>
        <nav aria-label={t("footerMenu")} className="footer-nav">
          <Link href="/b2b">{t("forBusiness")}</Link>
          <Link href="/post/report/list?sort=POPULAR">{t("reports")}</Link>
          <Link href="/mobile/category">{t("categories")}</Link>
          <a href="/rss.xml">RSS</a>
        </nav>
      </footer>
    </div>
  );
}

/** The nine categories on wide screens (small screens have /mobile/category). */
function CategoryMenu() {
  const { t, lang } = useI18n();
  const [open, setOpen] = useState(false);
  // The links' timestamp, taken again each time the menu opens: every visit from the menu is
  // a fresh list (the core's breadcrumbs).
  const [now, setNow] = useState(() => Date.now());
  const toggle = (opened: boolean) => {
    if (opened) setNow(Date.now());
    setOpen(opened);
  };
  return (
    <details className="category-menu only-wide" open={open} onToggle={(event) => toggle(event.currentTarget.open)}>
      <summary>{t("categories")}</summary>
      <ul>
        {breadcrumbs(now, lang).map((crumb) => (
          <li key={crumb.categoryId}>
            <Link href={crumb.href} onClick={() => setOpen(false)}>
              {crumb.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

function SessionActions() {
  const { t } = useI18n();
  const session = useSession();
  const [location, navigate] = useLocation();
  // data-session marks what depends on the session, which the server's first view cannot know.
  if (!session.ready) return <span className="session-pending" aria-hidden="true" data-session="" />;
  if (!session.member) {
    const href = isLoginPath(location) ? location : loginHere();
    return (
      <Link href={href} className="button button-primary button-small" data-session="">
        {t("login")}
      </Link>
    );
  }
  return (
    <>
      <Suspense fallback={<span className="header-bell" aria-hidden="true" />}>
        <NotificationBell />
      </Suspense>
      <Link href="/mypage" className="header-member" data-session="">
        {session.member.nickname ?? t("myPage")}
      </Link>
      {/* On a phone the member's page holds the way out; the header keeps one row. */}
      <button
        type="button"
        className="link-button header-logout"
        data-session=""
        onClick={() => void session.signOut().then(() => navigate("/"))}
      >
        {t("logout")}
      </button>
    </>
  );
}
