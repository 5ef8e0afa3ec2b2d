// /mypage/business/analytics/outline: one period for every widget — the totals against the
// period of equal length before, the days drawn (views, unique readers, followers), the most
// viewed posts, the devices and the reader mix of certified members (groups under 5 hidden by
// the server). Unique readers are the server's count over the period, never a sum of days.
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { ConsoleCard } from "../../components/console";
import { formatNumber } from "../../lib/core";
import { LoadFailed, Loading } from "../../lib/status";
import { outlineQuery, type Figure, type Group, type Outline } from "./api";
import { DailyChart } from "./DailyChart";
import { AnalyticsFrame } from "./AnalyticsFrame";
import { usePeriod } from "./PeriodPicker";
import { fill, useAnalyticsTexts } from "./texts";

type Texts = ReturnType<typeof useAnalyticsTexts>;
const TOTALS = ["views", "uniqueReaders", "followsGained", "bookmarks", "clicks", "shares", "readThroughs"] as const;

export function changeText(tx: Texts, figure: Figure): string {
  if (figure.change === null) return tx.changeNone;
  const percent = Math.round(figure.change * 1000) / 10;
  if (percent === 0) return tx.changeFlat;
  return fill(percent > 0 ? tx.changeUp : tx.changeDown, { change: `${percent}%` });
}

const percentOf = (share: number) => `${Math.round(share * 1000) / 10}%`;

export default function OutlinePage() {
  return <AnalyticsFrame page="outline">{(id) => <OutlineBody id={id} />}</AnalyticsFrame>;
}

function OutlineBody({ id }: { id: number }) {
  const tx = useAnalyticsTexts();
  const outline = useQuery(outlineQuery(id, usePeriod()));
  if (outline.isPending) return <Loading text={tx.loading} />;
  if (outline.isError) return <LoadFailed text={tx.loadFailed} />;
  const data = outline.data;
  return (
    <div className="console-grid">
      <p className="console-muted" data-testid="period">
        {fill(tx.periodShown, { from: data.period.from, to: data.period.to, days: String(data.period.days) })}
      </p>
      <dl className="console-figures console-figures-many analytics-totals">
        {TOTALS.map((key) => (
          <div key={key} data-total={key}>
            <dt>{tx[key]}</dt>
            <dd>
              <span className="analytics-value">{formatNumber(data.totals[key].value)}</span>
              <span className="console-change">{changeText(tx, data.totals[key])}</span>
            </dd>
          </div>
        ))}
      </dl>
      <ConsoleCard title={tx.dailyTitle} id="analytics-daily">
        <DailyChart series={data.series} />
      </ConsoleCard>
      <div className="console-grid console-grid-2">
        <TopPosts outline={data} />
        <ConsoleCard title={tx.devices} id="analytics-devices">
          <Shares rows={data.devices.map((d) => ({ group: tx[d.deviceType as "PC"] ?? d.deviceType, readers: d.readers, share: d.share }))} />
        </ConsoleCard>
      </div>
      <ConsoleCard title={tx.readerMix} id="analytics-readers">
        <ReaderMix outline={data} />
      </ConsoleCard>
    </div>
  );
}

function TopPosts({ outline }: { outline: Outline }) {
  const tx = useAnalyticsTexts();
  return (
    <ConsoleCard title={tx.topPosts} id="analytics-top">
      {outline.topPosts.length === 0 ? (
        <p className="console-muted">{tx.noPosts}</p>
      ) : (
        <ol className="analytics-top">
          {outline.topPosts.map((post) => (
            <li key={post.postSeq}>
              <Link href={`/post/${post.postSeq}`}>{post.title}</Link>
              <span className="console-muted console-small">
                {tx.views} {formatNumber(post.views)} · {tx.uniqueReaders} {formatNumber(post.uniqueReaders)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </ConsoleCard>
  );
}

/** Groups as bars with their share and count. */
function Shares({ rows }: { rows: Group[] }) {
  return (
    <ul className="analytics-shares">
      {rows.map((row) => (
        <li key={row.group} data-group={row.group}>
          <span className="analytics-share-label">{row.group}</span>
          <span className="analytics-bar" aria-hidden="true">
            <span style={{ width: percentOf(row.share) }} />
          </span>
          <span className="analytics-share-value">
            {percentOf(row.share)} ({formatNumber(row.readers)})
          </span>
        </li>
      ))}
    </ul>
  );
}

function ReaderMix({ outline }: { outline: Outline }) {
  const tx = useAnalyticsTexts();
  const { gender, ageBands, hiddenGroups } = outline.readers;
  const genderName = (group: string) => (group === "female" ? tx.female : group === "male" ? tx.male : group);
  // The server's band codes (10s … 60+) as the reader's language says them.
  const bandNames: Record<string, string> = { "10s": tx.age10s, "20s": tx.age20s, "30s": tx.age30s, "40s": tx.age40s, "50s": tx.age50s, "60+": tx.age60plus };
  if (gender.length === 0 && ageBands.length === 0) return <p className="console-muted">{tx.noReaders}</p>;
  return (
    <div className="console-grid console-grid-2">
      <div>
        <h3 className="analytics-sub">{tx.gender}</h3>
        <Shares rows={gender.map((g) => ({ ...g, group: genderName(g.group) }))} />
      </div>
      <div>
        <h3 className="analytics-sub">{tx.ageBands}</h3>
        <Shares rows={ageBands.map((band) => ({ ...band, group: bandNames[band.group] ?? band.group }))} />
      </div>
      {hiddenGroups > 0 ? (
        <p className="console-muted console-small" data-testid="hidden-groups">
          {fill(tx.hiddenGroups, { count: String(hiddenGroups) })}
        </p>
      ) : null}
    </div>
  );
}
