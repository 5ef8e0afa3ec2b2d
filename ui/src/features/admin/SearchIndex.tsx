// The search index rebuilt from the console: the call runs on the server in its own task;
// the page follows its progress (posts indexed of all) and shows the final counts.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConsoleCard } from "../../components/console";
import { LoadFailed, Loading } from "../../lib/status";
import { rebuildProgressQuery, useRebuild } from "./api";
import { FlashLine, reasonOf, type Flash } from "./parts";
import { fill, useAdminTexts } from "./texts";

export function SearchIndex() {
  const tx = useAdminTexts();
  const [started, setStarted] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);
  const progress = useQuery(rebuildProgressQuery(started));
  const rebuilding = useRebuild();
  if (progress.isPending) return <Loading />;
  if (progress.isError) return <LoadFailed />;
  const { running, done, total, last, lastFinishedAt, lastError } = progress.data;
  const rebuild = async () => {
    setStarted(true);
    setFlash(null);
    try {
      const report = await rebuilding.mutateAsync();
      setFlash({ kind: "ok", text: fill(tx.lastRebuild, { at: new Date().toLocaleString(), posts: report.posts, businesses: report.businesses, seconds: (report.millis / 1000).toFixed(1) }) });
    } catch (error) {
      setFlash({ kind: "problem", text: fill(tx.rebuildFailed, { reason: reasonOf(error) }) });
    } finally {
      setStarted(false);
    }
  };
  const busy = running || started;
  return (
    <ConsoleCard title={tx.search} id="admin-search">
      <p>{tx.rebuildIdle}</p>
      <button type="button" className="button button-primary" disabled={busy} onClick={() => void rebuild()}>
        {tx.rebuild}
      </button>
      {busy ? (
        <div className="admin-progress">
          <progress max={Math.max(total, 1)} value={done} aria-labelledby="admin-rebuild-state" />
          <p id="admin-rebuild-state" role="status">
            {fill(tx.rebuilding, { done, total })}
          </p>
        </div>
      ) : null}
      <FlashLine flash={flash} />
      {!busy && last && lastFinishedAt && !flash ? (
        <p role="status">{fill(tx.lastRebuild, { at: new Date(lastFinishedAt).toLocaleString(), posts: last.posts, businesses: last.businesses, seconds: (last.millis / 1000).toFixed(1) })}</p>
      ) : null}
      {!busy && lastError && !flash ? <p className="form-problem">{fill(tx.rebuildFailed, { reason: lastError })}</p> : null}
    </ConsoleCard>
  );
}
