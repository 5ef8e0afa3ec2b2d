// The period's days drawn by uPlot: views and unique readers against the left axis, followers
// (a level, not a count of the day) against the right; the same figures as a table beside it
// for readers who cannot see the chart.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { ConsoleTable } from "../../components/console";
import { abbreviateCount, formatDate, formatNumber } from "../../lib/core";
import type { SeriesDay } from "./api";
import { fill, useAnalyticsTexts } from "./texts";

const COLOURS = { views: "#0b5cad", uniqueReaders: "#0f766e", followers: "#b45309" };
const AXIS = "#4a5568";
const GRID = "#e6eaf2";
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];
/** The x axis's labels: the series' own days, every n-th so that each has 44 px, counted back
 * from the last day (a day is never labelled twice, and the zone of the browser plays no
 * part). */
export function daySplits(days: readonly number[], width: number): number[] {
  const fit = Math.max(1, Math.floor(width / 44));
  const step = Math.ceil(days.length / fit);
  return days.filter((_, index) => (days.length - 1 - index) % step === 0);
}

/** A day (`yyyy-MM-dd`) as the x value: its date at UTC midnight, shown with offset 0, so the
 * label is the calendar day whatever the browser's zone. */
const at = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const dayLabel = (seconds: number, pattern = "MM-dd") => formatDate(seconds * 1000, pattern, 0);

export function DailyChart({ series }: { series: SeriesDay[] }) {
  const tx = useAnalyticsTexts();
  const host = useRef<HTMLDivElement>(null);
  const first = series[0]?.day ?? "";
  const last = series.at(-1)?.day ?? "";

  useEffect(() => {
    const element = host.current;
    if (!element || series.length === 0) return;
    const data: uPlot.AlignedData = [series.map((d) => at(d.day)), series.map((d) => d.views), series.map((d) => d.uniqueReaders), series.map((d) => d.followers)];
    // Away from the chart the legend shows the period's last day, not empty dashes.
    const lastIndex = series.length - 1;
    const count = (_: uPlot, value: number | null, seriesIndex: number) => formatNumber(value ?? (data[seriesIndex][lastIndex] as number));
    const ticks = (_: uPlot, splits: number[]) => splits.map((value) => abbreviateCount(value));
    const axis = { stroke: AXIS, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } };
    const range = (_: uPlot, min: number, max: number): uPlot.Range.MinMax => [Math.min(0, min), Math.max(max * 1.1, min + 1)];
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: element.clientWidth < 520 ? 240 : 300,
        scales: { x: { time: true }, counts: { range }, followers: { range } },
        cursor: { drag: { x: false, y: false } },
        series: [
          { label: tx.day, value: (_, value) => dayLabel(value ?? data[0][lastIndex], "yyyy-MM-dd") },
          { label: tx.views, scale: "counts", stroke: COLOURS.views, width: 2, fill: "rgba(11, 92, 173, 0.08)", value: count },
          { label: tx.uniqueReaders, scale: "counts", stroke: COLOURS.uniqueReaders, width: 2, value: count },
          { label: tx.followers, scale: "followers", stroke: COLOURS.followers, width: 2, dash: [6, 4], value: count },
        ],
        axes: [
          { ...axis, space: 60, splits: (u) => daySplits(u.data[0] as number[], u.bbox.width / uPlot.pxRatio), values: (_, splits) => splits.map((value) => dayLabel(value)) },
          { ...axis, scale: "counts", values: ticks, incrs: WHOLE_STEPS, size: 52 },
          { ...axis, scale: "followers", side: 1, grid: { show: false }, values: ticks, incrs: WHOLE_STEPS, size: 48 },
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width > 0 && width !== chart.width) chart.setSize({ width, height: width < 520 ? 240 : 300 });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, tx]);

  return (
    <>
      <div ref={host} className="chart-host" role="img" aria-label={fill(tx.dailyLabel, { from: first, to: last })} data-testid="daily-chart" />
      <details className="daily-table">
        <summary>{tx.dailyTable}</summary>
        <ConsoleTable columns={[tx.day, tx.views, tx.uniqueReaders, tx.followers]}>
          {series.map((d) => (
            <tr key={d.day} data-day={d.day}>
              <td>{d.day}</td>
              <td className="number">{formatNumber(d.views)}</td>
              <td className="number">{formatNumber(d.uniqueReaders)}</td>
              <td className="number">{formatNumber(d.followers)}</td>
            </tr>
          ))}
        </ConsoleTable>
      </details>
    </>
  );
}
