import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { Link } from "wouter";
import { abbreviateCount, formatDate, formatNumber, offsetMinutes } from "../../../lib/core";
import { postPreviewQuery, type Card } from "../../../lib/posts";
import { useSampleTexts } from "./texts";
import { Loading, LoadFailed } from "../../../lib/status";

/** Posts the chart draws: the newest ones. */
const POSTS = 50;
const VIEWS_COLOUR = "#0b5cad";
const BOOKMARKS_COLOUR = "#b45309";
const AXIS_COLOUR = "#4a5568";
const GRID_COLOUR = "#e6eaf2";
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];

/** /sample/chart: views and bookmarks of the latest posts by publication time, drawn by
 * uPlot (a small canvas charting library, loaded with this sample only), with the same data
 * as a table for readers who cannot see the chart. */
export default function ChartSample() {
  const tx = useSampleTexts();
  const latest = useQuery(postPreviewQuery({ kind: "latest" }, POSTS));
  const posts = useMemo(
    () =>
      (latest.data?.items ?? [])
        .filter((card): card is Card & { publishedAt: string } => card.publishedAt !== null)
        .sort((a, b) => Date.parse(a.publishedAt) - Date.parse(b.publishedAt)),
    [latest.data],
  );
  return (
    <article className="sample-body">
      <h1>{tx.chartTitle}</h1>
      <p className="sample-intro">{tx.chartIntro}</p>
      {latest.isPending ? (
        <Loading />
      ) : latest.isError ? (
        <LoadFailed />
      ) : posts.length === 0 ? (
        <p className="empty-state">{tx.chartEmpty}</p>
      ) : (
        <>
          <figure className="chart-figure">
            <Chart posts={posts} label={tx.chartCaption} views={tx.chartViews} bookmarks={tx.chartBookmarks} />
            <figcaption>{tx.chartCaption}</figcaption>
          </figure>
          <details className="chart-data">
            <summary>{tx.chartTable}</summary>
            <div className="chart-table-wrap" tabIndex={0} role="region" aria-label={tx.chartTable}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{tx.chartPublished}</th>
                    <th scope="col">{tx.chartPost}</th>
                    <th scope="col">{tx.chartViews}</th>
                    <th scope="col">{tx.chartBookmarks}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...posts].reverse().map((post) => (
                    <tr key={post.postSeq}>
                      <td>
                        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, "yyyy-MM-dd HH:mm", offsetMinutes())}</time>
                      </td>
                      <td>
                        <Link href={`/post/${post.postSeq}`}>{post.title}</Link>
                      </td>
                      <td className="number">{formatNumber(post.viewCount)}</td>
                      <td className="number">{formatNumber(post.bookmarkCount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </article>
  );
}

function Chart({ posts, label, views, bookmarks }: { posts: (Card & { publishedAt: string })[]; label: string; views: string; bookmarks: string }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const offset = offsetMinutes();
    const data: uPlot.AlignedData = [
      posts.map((post) => Date.parse(post.publishedAt) / 1000),
      posts.map((post) => post.viewCount),
      posts.map((post) => post.bookmarkCount),
    ];
    const count = (_: uPlot, value: number | null) => (value === null ? "–" : formatNumber(value));
    const ticks = (_: uPlot, splits: number[]) => splits.map((value) => abbreviateCount(value));
    const axis = { stroke: AXIS_COLOUR, grid: { stroke: GRID_COLOUR, width: 1 }, ticks: { stroke: GRID_COLOUR, width: 1 } };
    const options: uPlot.Options = {
      width: element.clientWidth,
      height: heightFor(element.clientWidth),
      scales: { x: { time: true }, views: { range: (_, min, max) => [0, Math.max(max * 1.1, min + 1)] }, bookmarks: { range: (_, min, max) => [0, Math.max(max * 1.1, min + 1)] } },
      cursor: { drag: { x: false, y: false } },
      series: [
        { value: (_, value) => (value === null ? "–" : formatDate(value * 1000, "yyyy-MM-dd HH:mm", offset)) },
        { label: views, scale: "views", stroke: VIEWS_COLOUR, width: 2, fill: "rgba(11, 92, 173, 0.08)", points: { size: 5 }, value: count },
        // Bookmarks are few per post: dots read better than a line jumping between 0 and 3.
        {
          label: bookmarks,
          scale: "bookmarks",
          stroke: BOOKMARKS_COLOUR,
          paths: () => null,
          points: { show: true, size: 7, fill: BOOKMARKS_COLOUR },
          value: count,
        },
      ],
      axes: [
        {
          ...axis,
          space: 70,
          // Within a day, the hour under the date.
          values: (_, splits, _axis, _space, increment) =>
            splits.map((value) => formatDate(value * 1000, increment < 86_400 ? "MM-dd\nHH:mm" : "MM-dd", offset)),
        },
        // Counts are whole numbers: whole-number steps only.
        { ...axis, scale: "views", values: ticks, incrs: WHOLE_STEPS, size: 52 },
        { ...axis, scale: "bookmarks", side: 1, grid: { show: false }, values: ticks, incrs: WHOLE_STEPS, size: 44 },
      ],
    };
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width > 0 && width !== chart.width) chart.setSize({ width, height: heightFor(width) });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [posts, views, bookmarks]);

  return <div ref={host} className="chart-host" role="img" aria-label={label} data-testid="chart" />;
}

/** Lower on phones, where the chart is narrow. */
function heightFor(width: number): number {
  return width < 520 ? 260 : 340;
}
