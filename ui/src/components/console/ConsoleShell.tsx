// The frame of every business console page: the business and the member's role, the
// console's sections (master-only ones only for the master), the page's one <h1> and its
// <title>; for a member the business's two-step rule shuts out, what to do instead.
import type { ReactNode } from "react";
import { Link } from "wouter";
import { isMaster, type MyBusiness } from "../../lib/business";
import { useCurrentInView } from "../../lib/currentInView";
import { usePageTitle } from "../../lib/pageTitle";
import { useScrollRegion } from "../../lib/scrollRegion";
import "./console.css";
import { useConsoleTexts } from "./texts";

export type ConsoleSection = "overview" | "posts" | "write" | "profile" | "media" | "analytics";

interface Item {
  section: ConsoleSection;
  href: string;
  masterOnly: boolean;
}

const ITEMS: Item[] = [
  { section: "overview", href: "/mypage/business", masterOnly: false },
  { section: "posts", href: "/mypage/business?view=posts", masterOnly: false },
  { section: "write", href: "/mypage/content/register", masterOnly: false },
  { section: "analytics", href: "/mypage/business/analytics/outline", masterOnly: false },
  { section: "media", href: "/mypage/media-publish/register", masterOnly: true },
  { section: "profile", href: "/mypage/business/profile", masterOnly: true },
];

export function ConsoleShell({ mine, section, title, actions, children }: { mine: MyBusiness; section: ConsoleSection; title: string; actions?: ReactNode; children: ReactNode }) {
  const tx = useConsoleTexts();
  usePageTitle(`${title} · ${mine.business.name}`);
  const master = isMaster(mine);
  const row = useCurrentInView<HTMLUListElement>(section);
  return (
    <div className="page console">
      <header className="console-head">
        <p className="console-business">
          {mine.business.logoUrl ? <img src={mine.business.logoUrl} alt="" width={32} height={32} /> : null}
          <Link href={`/business/profile/${mine.business.id}`}>{mine.business.name}</Link>
          {mine.business.verified ? <span className="console-badge console-badge-verified">{tx.verified}</span> : null}
          <span className="console-badge">{master ? tx.roleMaster : tx.roleManager}</span>
        </p>
        <nav aria-label={tx.consoleNav} className="console-nav">
          <ul className="scroll-edges" ref={row}>
            {ITEMS.filter((item) => master || !item.masterOnly).map((item) => (
              <li key={item.section}>
                <Link href={item.href} aria-current={item.section === section ? "page" : undefined}>
                  {tx[item.section]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="console-title">
        <h1>{title}</h1>
        {actions ? <div className="console-actions">{actions}</div> : null}
      </div>
      {mine.twoStepNeeded ? <TwoStepNeeded /> : children}
    </div>
  );
}

/** The business requires two-step sign-in of its team and this member has not turned it on:
 * every call in its name is refused (403/2012), so the page says what to do instead. */
function TwoStepNeeded() {
  const tx = useConsoleTexts();
  return (
    <section className="console-card console-two-step" aria-labelledby="console-two-step">
      <h2 id="console-two-step">{tx.twoStepNeededTitle}</h2>
      <p>{tx.twoStepNeeded}</p>
      <p>
        <Link href="/mypage/security" className="button button-primary">
          {tx.twoStepSetUp}
        </Link>
      </p>
    </section>
  );
}

/** A titled block of a console page. */
/** A card of the console; `wide` spans every column of a console grid. */
export function ConsoleCard({ title, id, children, aside, wide = false }: { title: string; id: string; children: ReactNode; aside?: ReactNode; wide?: boolean }) {
  return (
    <section className={`console-card${wide ? " console-card-wide" : ""}`} aria-labelledby={id}>
      <div className="console-card-head">
        <h2 id={id}>{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A table of the console: its column headings (an empty one for a column of buttons) and
 * its rows, scrolling sideways inside its card on a narrow screen. */
export function ConsoleTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  const wrap = useScrollRegion<HTMLDivElement>();
  return (
    <div className="console-table-wrap scroll-edges" ref={wrap}>
      <table className="console-table">
        <thead>
          <tr>
            {columns.map((column, i) =>
              column ? (
                <th key={i} scope="col">
                  {column}
                </th>
              ) : (
                <td key={i} />
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
