// /mypage/business/analytics/contents: each post's figures over the same period as the
// outline, sortable by every column (the server sorts, so paging keeps the order), and the
// CSV of all of them for Excel.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { ConsoleCard } from "../../components/console";
import { formatDate, formatNumber } from "../../lib/core";
import { useScrollRegion } from "../../lib/scrollRegion";
import { LoadFailed, Loading } from "../../lib/status";
import { contentsQuery, csvHref, type ContentRow, type SortKey } from "./api";
import { AnalyticsFrame } from "./AnalyticsFrame";
import { usePeriod } from "./PeriodPicker";
import { fill, useAnalyticsTexts } from "./texts";

const COLUMNS: SortKey[] = ["publishedAt", "views", "uniqueReaders", "clicks", "bookmarks", "shares", "readThroughs"];

export default function ContentsPage() {
  return <AnalyticsFrame page="contents">{(id) => <ContentsTable id={id} />}</AnalyticsFrame>;
}

function ContentsTable({ id }: { id: number }) {
  const tx = useAnalyticsTexts();
  const period = usePeriod();
  const [sort, setSort] = useState<SortKey>("views");
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const contents = useInfiniteQuery(contentsQuery(id, period, sort, order));
  const wrap = useScrollRegion<HTMLDivElement>();
  const rows: ContentRow[] = contents.data?.pages.flatMap((page) => page.items) ?? [];
  const by = (key: SortKey) => {
    if (key === sort) setOrder(order === "desc" ? "asc" : "desc");
    else {
      setSort(key);
      setOrder("desc");
    }
  };
  const ariaSort = (key: SortKey) => (key === sort ? (order === "desc" ? "descending" : "ascending") : undefined);
  return (
    <ConsoleCard
      title={tx.contentsTitle}
      id="analytics-contents"
      aside={
        <a className="button button-small" href={csvHref(id, period, sort, order)} download>
          {tx.csv}
        </a>
      }
    >
      {contents.isPending ? (
        <Loading text={tx.loading} />
      ) : contents.isError ? (
        <LoadFailed text={tx.loadFailed} />
      ) : rows.length === 0 ? (
        <p className="console-muted">{tx.noRows}</p>
      ) : (
        <div className="console-table-wrap scroll-edges" ref={wrap}>
          <table className="console-table analytics-contents">
            <thead>
              <tr>
                <th scope="col">{tx.title}</th>
                <th scope="col">{tx.status}</th>
                {COLUMNS.map((key) => (
                  <th key={key} scope="col" aria-sort={ariaSort(key)}>
                    <button type="button" className="sort-button" onClick={() => by(key)} aria-label={fill(tx.sortBy, { column: tx[key] })}>
                      {tx[key]}
                      <span aria-hidden="true">{key === sort ? (order === "desc" ? " ▼" : " ▲") : ""}</span>
                    </button>
                  </th>
                ))}
                <th scope="col">{tx.noticesSent}</th>
                <th scope="col">{tx.noticesOpened}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.postSeq} data-post={row.postSeq}>
                  <td>
                    <Link href={`/post/${row.postSeq}`}>{row.title}</Link>
                  </td>
                  <td>{tx[`status${row.status}` as "statusPUBLISHED"] ?? row.status}</td>
                  <td>{row.publishedAt ? formatDate(row.publishedAt, "yyyy.MM.dd") : "—"}</td>
                  {COLUMNS.slice(1).map((key) => (
                    <td key={key} className="number" data-column={key}>
                      {formatNumber(row[key as Exclude<SortKey, "publishedAt">])}
                    </td>
                  ))}
                  <td className="number" data-column="noticesSent">
                    {fill(tx.bySite, { n: formatNumber(row.notices.inSite) })} · {fill(tx.byMail, { n: formatNumber(row.notices.mailed) })} · {fill(tx.byPush, { n: formatNumber(row.notices.pushed) })}
                  </td>
                  <td className="number" data-column="noticesOpened">
                    {fill(tx.bySite, { n: formatNumber(row.notices.openedInSite) })} · {fill(tx.byMail, { n: formatNumber(row.notices.openedFromMail) })} · {fill(tx.byPush, { n: formatNumber(row.notices.openedFromPush) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 ? <p className="console-muted console-small">{tx.noticesNote}</p> : null}
      {contents.hasNextPage ? (
        <button type="button" className="button" onClick={() => void contents.fetchNextPage()} disabled={contents.isFetchingNextPage}>
          {tx.moreRows}
        </button>
      ) : null}
    </ConsoleCard>
  );
}
