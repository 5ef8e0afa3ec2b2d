// The page of a member screen: one card in the middle, one <h1>, the document's <title>
// saying the same, and a lead line. Join, sign-in, recovery, my page and invitations all
// stand on it.
import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/pageTitle";
import "./card-page.css";

export interface CardPageProps {
  /** The page's one heading, also its <title>. */
  title: string;
  lead?: ReactNode;
  /** Wider card for pages with more to show (my page, terms). */
  wide?: boolean;
  children: ReactNode;
}

export function CardPage({ title, lead, wide, children }: CardPageProps) {
  usePageTitle(title);
  return (
    <div className="page card-page">
      <section className={`card-page-card${wide ? " card-page-wide" : ""}`} aria-labelledby="card-page-title">
        <h1 id="card-page-title">{title}</h1>
        {lead ? <p className="card-page-lead">{lead}</p> : null}
        {children}
      </section>
    </div>
  );
}
