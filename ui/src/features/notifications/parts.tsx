// What the notification pages share: their state while the list loads, and the hint of an
// empty list (follow businesses to hear from them).
import type { ReactNode } from "react";
import { Link } from "wouter";
import { LoadFailed, Loading } from "../../lib/status";
import { useTexts } from "./texts";

/** Loading, failed, empty (with `emptyTitle` and the way to find businesses), or `children`. */
export function ListState({ pending, failed, empty, emptyTitle, children }: { pending: boolean; failed: boolean; empty: boolean; emptyTitle: string; children: ReactNode }) {
  const tx = useTexts();
  if (pending) return <Loading />;
  if (failed) return <LoadFailed />;
  if (!empty) return children;
  return (
    <div className="empty-state notices-empty">
      <p className="notices-empty-title">{emptyTitle}</p>
      <p>{tx.emptyHint}</p>
      <Link href="/search/business?sort=POPULAR" className="button">
        {tx.emptyAction}
      </Link>
    </div>
  );
}
