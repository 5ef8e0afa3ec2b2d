import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { recordVisit, pushDataLayer } from "../lib/analytics";
import { pageChanged } from "../lib/pageTitle";
import { resolveRoute, routeGuard, scrollTarget, type RouteMatch } from "../lib/core";
import { useI18n } from "../lib/i18n";
import { savedRedirect } from "../lib/login";
import { useSession } from "../lib/session";
import { ErrorBoundary } from "./ErrorBoundary";
import { ErrorView } from "./ErrorView";
import { Layout } from "./Layout";
import { PageFor } from "./pages";

type Decision =
  | { kind: "page"; route: RouteMatch; refresh: boolean }
  | { kind: "redirect"; location: string }
  | { kind: "notFound"; message: string }
  | { kind: "waiting" };

// The app places the scroll itself (top, anchor, or a kept page's position): the browser's own
// restoration on back and forward would fight it.
if (typeof history !== "undefined" && "scrollRestoration" in history) history.scrollRestoration = "manual";

/** The scroll hold of a kept page coming back (lib/scrollHold.ts), a chunk of its own. */
const loadHold = () => import("../lib/scrollHold");

/** How many kept-alive pages (SPEC §2 /follow/list, per full path) stay mounted. */
const KEEP_ALIVE_LIMIT = 5;

/** Resolves the address through the core: validity (404), sort redirect, route guard. */
export function App() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { lang } = useI18n();
  const session = useSession();
  const fullPath = `${path}${search ? `?${search}` : ""}${window.location.hash}`;

  const decision = useMemo<Decision>(() => {
    const resolution = resolveRoute(fullPath, lang);
    if (resolution.kind !== "page") return resolution;
    const route = resolution.route;
    // Protected and login pages wait for the session's start before deciding.
    if (!session.ready && (route.protected || route.loginPage)) return { kind: "waiting" };
    const guard = routeGuard(fullPath, { signedIn: session.signedIn, savedRedirect: route.loginPage ? savedRedirect(search) : null });
    if (guard.kind === "redirect") return { kind: "redirect", location: guard.location };
    return { kind: "page", route, refresh: guard.kind === "refresh" };
  }, [fullPath, lang, search, session.ready, session.signedIn]);

  useLayoutEffect(() => {
    if (decision.kind === "redirect") navigate(decision.location, { replace: true });
  }, [decision, navigate]);

  // SPEC §4: on other paths a signed-in visitor's tokens are refreshed silently (throttled).
  const { refresh } = session;
  const needsRefresh = decision.kind === "page" && decision.refresh;
  useEffect(() => {
    if (needsRefresh) refresh();
  }, [needsRefresh, path, refresh]);

  // SPEC §4: the visit beacon once a day per visitor kind, once the session is known.
  useEffect(() => {
    if (session.ready) recordVisit(session.signedIn);
  }, [session.ready, session.signedIn]);

  // SPEC §4: at every page start, the page's data-layer event with the user's fields.
  const pageView = decision.kind === "page" ? decision.route.pageView : null;
  const pageEvent = pageView?.event ?? null;
  const pageScreen = pageView?.screen ?? null;
  const { user, ready } = session;
  useEffect(() => {
    if (ready && pageEvent) pushDataLayer(pageEvent, pageScreen, user);
  }, [ready, fullPath, pageEvent, pageScreen, user]);

  // The title follows the address: the page's own once it names itself, never the last page's.
  useEffect(() => {
    pageChanged();
  }, [fullPath]);

  const kept = useKeptPages(decision, fullPath);

  // The app has taken over from the server's prerendered view (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);

  // Where a page starts, once per address: a kept page coming back is placed by its own
  // restore, and a later render of the same address (a session's refresh, say) moves nothing;
  // before, the end of a restore re-ran this and sent the reader back to the top.
  const placed = useRef<string | null>(null);
  useEffect(() => {
    if (decision.kind === "redirect" || decision.kind === "waiting") return;
    if (placed.current === fullPath) return;
    placed.current = fullPath;
    if (kept.restoring) return;
    const target = scrollTarget(window.location.hash);
    if (target.kind === "anchor") {
      // The page may still be rendering its content: look again on the next frames.
      let tries = 0;
      const find = () => {
        const element = document.getElementById(target.id);
        if (element) element.scrollIntoView();
        else if (tries++ < 20) requestAnimationFrame(find);
      };
      find();
    } else {
      window.scrollTo({ top: 0, behavior: target.smooth ? "smooth" : "auto" });
    }
  }, [decision, fullPath, kept.restoring]);

  if (decision.kind === "redirect") return null;
  const goHome = () => navigate("/");
  const layout = decision.kind === "page" ? decision.route.layout : "empty";
  let current: ReactNode = null;
  if (decision.kind === "waiting") current = <p className="loading page-loading" role="status" />;
  else if (decision.kind === "notFound")
    current = (
      <ErrorBoundary key={fullPath} onHome={goHome}>
        <ErrorView status={404} detail={decision.message} onRetry={() => window.location.reload()} onHome={goHome} />
      </ErrorBoundary>
    );
  else if (!decision.route.keepAlive)
    current = (
      <ErrorBoundary key={decision.route.followsQuery ? path : fullPath} onHome={goHome}>
        <PageFor route={decision.route} />
      </ErrorBoundary>
    );
  return (
    <Layout layout={layout}>
      {kept.pages.map((page) => (
        <div key={page.fullPath} hidden={page.fullPath !== fullPath} data-kept-alive={page.fullPath}>
          <ErrorBoundary onHome={goHome}>
            <PageFor route={page.route} />
          </ErrorBoundary>
        </div>
      ))}
      {current}
    </Layout>
  );
}

interface KeptPage {
  fullPath: string;
  route: RouteMatch;
  scrollY: number;
}

/* eslint-disable react-hooks/refs -- The kept pages and the page last shown are what the last
   commit left, read during render so that a page kept or coming back shows in that very render
   (its scroll placed before paint); only the layout effect writes them. As state, every
   navigation would render twice and the restore would race the scroll to the top. */
/** SPEC §2 keep-alive: pages the core marks `keepAlive` stay mounted per full path while the
 * visitor is elsewhere; coming back shows them as they were, at the same scroll position. */
function useKeptPages(decision: Decision, fullPath: string): { pages: KeptPage[]; restoring: boolean } {
  const kept = useRef<KeptPage[]>([]);
  const lastShown = useRef<string | null>(null);
  const isKept = decision.kind === "page" && decision.route.keepAlive;
  const existing = kept.current.find((page) => page.fullPath === fullPath);
  const pages =
    isKept && !existing && decision.kind === "page"
      ? [...kept.current, { fullPath, route: decision.route, scrollY: 0 }].slice(-KEEP_ALIVE_LIMIT)
      : kept.current;
  const restoring = isKept && existing !== undefined && lastShown.current !== fullPath;

  // The hold outlives the render that starts it: the next render (restoring turns false) must
  // not end it, only leaving the address or starting another.
  const hold = useRef<{ fullPath: string; end?: () => void } | null>(null);
  useLayoutEffect(() => {
    kept.current = pages;
    lastShown.current = isKept ? fullPath : null;
    if (hold.current && (restoring || hold.current.fullPath !== fullPath)) {
      hold.current.end?.();
      hold.current = null;
    }
    // The hold's code is its own small chunk, fetched when a page is first kept so that it is
    // there when the reader comes back.
    if (isKept && !existing) void loadHold();
    if (!restoring || !existing) return;
    const top = existing.scrollY;
    window.scrollTo({ top, behavior: "instant" });
    const started: { fullPath: string; end?: () => void } = { fullPath };
    hold.current = started;
    void loadHold().then(({ holdScroll }) => {
      if (hold.current === started) started.end = holdScroll(top);
    });
  }, [pages, isKept, fullPath, restoring, existing]);

  // Where the reader is on a kept page, saved as they scroll (hiding it later would clamp it).
  useEffect(() => {
    if (!isKept) return;
    const entry = kept.current.find((page) => page.fullPath === fullPath);
    if (!entry) return;
    const save = () => {
      // Leaving hides the page and may clamp the scroll before this listener is gone: only
      // a scroll while the page is the one shown counts.
      if (lastShown.current === fullPath) entry.scrollY = window.scrollY;
    };
    window.addEventListener("scroll", save, { passive: true });
    return () => window.removeEventListener("scroll", save);
  }, [isKept, fullPath]);

  return { pages, restoring };
}
/* eslint-enable react-hooks/refs */
