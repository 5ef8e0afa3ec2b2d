// What both analytics pages stand on: the business's people only, the console's frame, the
// two pages' tabs and the period picker; the page's body gets the business's id.
import type { ReactNode } from "react";
import { Link } from "wouter";
import { ConsoleShell, useConsoleAccess } from "../../components/console";
import { LoadFailed, Loading } from "../../lib/status";
import "./analytics.css";
import { PeriodPicker, usePeriod } from "./PeriodPicker";
import { periodQuery } from "./period";
import { useAnalyticsTexts } from "./texts";

type Page = "outline" | "contents";

export function AnalyticsFrame({ page, children }: { page: Page; children: (businessId: number) => ReactNode }) {
  const tx = useAnalyticsTexts();
  const access = useConsoleAccess("business");
  const period = usePeriod();
  if (access.state === "loading") return <Loading text={tx.loading} />;
  if (access.state === "failed") return <LoadFailed text={tx.loadFailed} />;
  const query = periodQuery(period);
  const tabs = (
    <nav className="analytics-tabs" aria-label={tx.outlineTitle}>
      <Link href={`/mypage/business/analytics/outline?${query}`} aria-current={page === "outline" ? "page" : undefined}>
        {tx.outlineLink}
      </Link>
      <Link href={`/mypage/business/analytics/contents?${query}`} aria-current={page === "contents" ? "page" : undefined}>
        {tx.contentsLink}
      </Link>
    </nav>
  );
  return (
    <ConsoleShell mine={access.mine} section="analytics" title={page === "outline" ? tx.outlineTitle : tx.contentsTitle} actions={tabs}>
      <PeriodPicker period={period} />
      {children(access.mine.business.id)}
    </ConsoleShell>
  );
}
