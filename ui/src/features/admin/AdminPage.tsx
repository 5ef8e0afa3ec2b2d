// The operators' console (/admin, not in SPEC): its frame and who may see it. Operators
// (ADMIN) only; anyone else signed in gets SPEC's answer to a 403, the login page, which sends
// a signed-in visitor on to the home page; a guest is sent to sign in by the route guard; an
// operator without two-step sign-in is sent to my page to turn it on (the server answers every
// operator call with 2012 until then).
import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { Link, useLocation } from "wouter";
import { useCurrentInView } from "../../lib/currentInView";
import { usePageTitle } from "../../lib/pageTitle";
import type { RouteMatch, RouteName } from "../../lib/core";
import { AppError } from "../../lib/errors";
import { useSession } from "../../lib/session";
import { Loading } from "../../lib/status";
import "./admin.css";
import { AuditLog } from "./AuditLog";
import { Businesses } from "./Businesses";
import { Collections } from "./Collections";
import { Posts } from "./Posts";
import { QueuePanel } from "./Queue";
import { SearchIndex } from "./SearchIndex";
import { useAdminTexts } from "./texts";

// The media section shows a request's body as readers would read it, with the editor's
// HTML reader: it loads with that section only.
const MediaReview = lazy(() => import("./MediaReview").then((module) => ({ default: module.MediaReview })));

type Section = "queue" | "businesses" | "media" | "posts" | "collections" | "search" | "audit";

const SECTIONS: { section: Section; route: RouteName; href: string; page: ComponentType }[] = [
  { section: "queue", route: "admin", href: "/admin", page: QueuePanel },
  { section: "businesses", route: "adminBusinesses", href: "/admin/businesses", page: Businesses },
  { section: "media", route: "adminMedia", href: "/admin/media", page: MediaReview },
  { section: "posts", route: "adminPosts", href: "/admin/posts", page: Posts },
  { section: "collections", route: "adminCollections", href: "/admin/collections", page: Collections },
  { section: "search", route: "adminSearch", href: "/admin/search", page: SearchIndex },
  { section: "audit", route: "adminAudit", href: "/admin/audit", page: AuditLog },
];

export default function AdminPage({ route }: { route: RouteMatch }) {
  const tx = useAdminTexts();
  const session = useSession();
  const [, navigate] = useLocation();
  const operator = session.member?.userAuthName === "ADMIN";
  // A guest signs in first; a member who is not an operator is told there is no access; an
  // operator without two-step sign-in sets it up before the console opens.
  const guest = session.ready && !session.member;
  const withoutTwoStep = operator && session.member?.twoStep === false;
  useEffect(() => {
    if (guest) navigate("/member/login", { replace: true });
    else if (withoutTwoStep) navigate("/mypage/security", { replace: true });
  }, [guest, withoutTwoStep, navigate]);
  const current = SECTIONS.find((item) => item.route === route.name) ?? SECTIONS[0];
  const row = useCurrentInView<HTMLUListElement>(current.section);
  const title = tx[current.section];
  usePageTitle(`${title} · ${tx.console}`);
  if (session.ready && session.member && !operator) throw new AppError(403, "operators only");
  if (!operator || withoutTwoStep) return <Loading />;
  const Page = current.page;
  return (
    <div className="page console admin">
      <header className="console-head">
        <p className="console-business">{tx.console}</p>
        <nav aria-label={tx.nav} className="console-nav">
          <ul className="scroll-edges" ref={row}>
            {SECTIONS.map((item) => (
              <li key={item.section}>
                <Link href={item.href} aria-current={item === current ? "page" : undefined}>
                  {tx[item.section]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="console-title">
        <h1>{title}</h1>
      </div>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </div>
  );
}
