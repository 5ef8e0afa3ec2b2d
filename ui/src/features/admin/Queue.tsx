// What waits for the operators, oldest first, with its age and who took it: media requests,
// businesses waiting for their badge, posts readers reported. An operator takes an item (or
// takes it over) and opens it.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { ConsoleCard, ConsoleTable } from "../../components/console";
import { LoadFailed, Loading } from "../../lib/status";
import { queueQuery, useTake, type FlaggedPost, type QueueItem } from "./api";
import { Age, failureText, FlashLine, type Flash } from "./parts";
import { fill, useAdminTexts } from "./texts";

export function QueuePanel() {
  const tx = useAdminTexts();
  const queue = useQuery(queueQuery());
  const taking = useTake();
  const [flash, setFlash] = useState<Flash>(null);
  const [now] = useState(() => Date.now());
  if (queue.isPending) return <Loading />;
  if (queue.isError) return <LoadFailed />;
  const take = async (item: { kind: QueueItem["kind"] | FlaggedPost["kind"]; id: number }) => {
    try {
      await taking.mutateAsync(item);
      setFlash(null);
    } catch (error) {
      setFlash({ kind: "problem", text: failureText(tx, error) });
    }
  };
  // A request names its business; a business waiting for its badge is the item itself.
  const table = (items: QueueItem[], open: (item: QueueItem) => string, requests: boolean) =>
    items.length === 0 ? (
      <p>{tx.nothingWaiting}</p>
    ) : (
      <ConsoleTable columns={requests ? [tx.colItem, tx.colBusiness, tx.colStatus, tx.colWaiting, tx.colTaken, tx.colActions] : [tx.colBusiness, tx.colWaiting, tx.colTaken, tx.colActions]}>
        {items.map((item) => (
          <tr key={`${item.kind}-${item.id}`}>
            <td>
              <Link href={open(item)}>{item.title}</Link>
            </td>
            {requests ? <td>{item.businessName}</td> : null}
            {requests ? <td>{item.status ? tx[item.status as "REQUESTED" | "IN_REVIEW"] : ""}</td> : null}
            <td>
              <Age since={item.since} now={now} />
            </td>
            <td>{item.takenBy ? (item.takenBy.nickname ?? item.takenBy.email) : tx.nobody}</td>
            <td>
              <button type="button" className="button button-small" aria-label={`${item.takenBy ? tx.takeOver : tx.take}: ${item.title}`} onClick={() => void take(item)}>
                {item.takenBy ? tx.takeOver : tx.take}
              </button>
            </td>
          </tr>
        ))}
      </ConsoleTable>
    );
  return (
    <>
      <FlashLine flash={flash} />
      <ConsoleCard title={fill(tx.waitingMedia, { count: queue.data.mediaRequestsWaiting })} id="queue-media">
        {table(queue.data.mediaRequests, (item) => `/admin/media?id=${item.id}`, true)}
      </ConsoleCard>
      <ConsoleCard title={fill(tx.waitingVerification, { count: queue.data.verificationsWaiting })} id="queue-verify">
        {table(queue.data.verifications, (item) => `/admin/businesses?id=${item.id}`, false)}
      </ConsoleCard>
      <ConsoleCard title={fill(tx.waitingFlags, { count: queue.data.flaggedPostsWaiting })} id="queue-flags">
        {queue.data.flaggedPosts.length === 0 ? (
          <p>{tx.nothingWaiting}</p>
        ) : (
          <ConsoleTable columns={[tx.colItem, tx.colBusiness, tx.colFlags, tx.colWaiting, tx.colTaken, tx.colActions]}>
            {queue.data.flaggedPosts.map((post) => (
              <tr key={`POST-${post.postSeq}`}>
                <td>
                  <Link href={`/admin/posts?id=${post.postSeq}`}>{post.title}</Link>
                </td>
                <td>{post.businessName}</td>
                <td>
                  {fill(tx.flagCount, { n: post.flags })}
                  <p className="console-small">{post.reasons.map((entry) => `${tx[entry.reason]} ${entry.flags}`).join(" · ")}</p>
                </td>
                <td>
                  <Age since={post.since} now={now} />
                </td>
                <td>{post.takenBy ? (post.takenBy.nickname ?? post.takenBy.email) : tx.nobody}</td>
                <td>
                  <button type="button" className="button button-small" aria-label={`${post.takenBy ? tx.takeOver : tx.take}: ${post.title}`} onClick={() => void take({ kind: post.kind, id: post.postSeq })}>
                    {post.takenBy ? tx.takeOver : tx.take}
                  </button>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </ConsoleCard>
    </>
  );
}
