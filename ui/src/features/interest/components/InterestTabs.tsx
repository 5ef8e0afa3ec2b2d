import { Link } from "wouter";
import { useTexts } from "../texts";

export type InterestTab = "bookmark" | "following";

/** The two tabs of /interest as links (each tab has its own address, so it can be shared,
 * reloaded and reached with the back button). */
export function InterestTabs({ current }: { current: InterestTab }) {
  const tx = useTexts();
  const tabs: { tab: InterestTab; href: string; label: string }[] = [
    { tab: "bookmark", href: "/interest/bookmark", label: tx.bookmarkTab },
    { tab: "following", href: "/interest/following", label: tx.followingTab },
  ];
  return (
    <nav className="interest-tabs" aria-label={tx.tabs}>
      {tabs.map(({ tab, href, label }) => (
        <Link key={tab} href={href} aria-current={tab === current ? "page" : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}
