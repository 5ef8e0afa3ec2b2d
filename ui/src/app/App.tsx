import { useEffect, useLayoutEffect, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { resolveRoute, routeGuard, scrollTarget } from "../lib/core";
import { useI18n } from "../lib/i18n";
import { ErrorBoundary } from "./ErrorBoundary";
import { ErrorView } from "./ErrorView";
import { Layout } from "./Layout";
import { PageFor } from "./pages";

/** Resolves the address through the core: validity (404), sort redirect, route guard. */
export function App() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { lang } = useI18n();
  const fullPath = `${path}${search ? `?${search}` : ""}${window.location.hash}`;

  const decision = useMemo(() => {
    const resolution = resolveRoute(fullPath, lang);
    if (resolution.kind !== "page") return resolution;
    // Sign-in arrives with the member API; until then every visitor is a guest.
    const guard = routeGuard(fullPath, { signedIn: false });
    if (guard.kind === "redirect") return { kind: "redirect" as const, location: guard.location };
    return resolution;
  }, [fullPath, lang]);

  useLayoutEffect(() => {
    if (decision.kind === "redirect") navigate(decision.location, { replace: true });
  }, [decision, navigate]);

  useEffect(() => {
    if (decision.kind === "redirect") return;
    const target = scrollTarget(window.location.hash);
    if (target.kind === "anchor") {
      document.getElementById(target.id)?.scrollIntoView();
    } else {
      window.scrollTo({ top: 0, behavior: target.smooth ? "smooth" : "auto" });
    }
  }, [decision, path]);

  if (decision.kind === "redirect") return null;
  const goHome = () => navigate("/");
  return (
    <Layout layout={decision.kind === "page" ? decision.route.layout : "empty"}>
      <ErrorBoundary key={fullPath} onHome={goHome}>
        {decision.kind === "notFound" ? (
          <ErrorView status={404} detail={decision.message} onRetry={() => window.location.reload()} onHome={goHome} />
        ) : (
          <PageFor route={decision.route} />
        )}
      </ErrorBoundary>
    </Layout>
  );
}
