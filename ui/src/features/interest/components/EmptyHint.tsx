import { Link } from "wouter";

/** An empty list that says what to do next, with the link to do it. */
export function EmptyHint({ title, hint, href, action }: { title: string; hint: string; href: string; action: string }) {
  return (
    <div className="empty-state empty-hint">
      <p className="empty-hint-title">{title}</p>
      <p>{hint}</p>
      <Link href={href} className="button">
        {action}
      </Link>
    </div>
  );
}
