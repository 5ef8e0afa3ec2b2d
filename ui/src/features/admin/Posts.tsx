// Every post in any status: search by title, narrow by status or to those readers reported;
// remove one with the reason its business sees, or restore a removed one to the status it
// had. A post's flags (`?id=`): who said what, dismissed with a note or answered
// by removing the post.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useSearch } from "wouter";
import { ConsoleCard, ConsoleTable } from "../../components/console";
import { parseId } from "../../lib/core";
import { LoadFailed, Loading } from "../../lib/status";
import { POST_STATUSES, postStatusOf } from "../../lib/posts";
import { flagsQuery, postsQuery, useDismissFlags, useRemovePost, useRestorePost, type PostFilters, type PostFlags, type PostRow } from "./api";
import { FlashLine, useAdminAction, When } from "./parts";
import { fill, useAdminTexts } from "./texts";

export function Posts() {
  const id = parseId(new URLSearchParams(useSearch()).get("id") ?? "") ?? null;
  return id === null ? <PostList /> : <PostFlagsView id={id} />;
}

function PostList() {
  const tx = useAdminTexts();
  const [typed, setTyped] = useState("");
  const [filters, setFilters] = useState<PostFilters>({ q: "", status: null, flagged: false });
  const [removing, setRemoving] = useState<PostRow | null>(null);
  const list = useInfiniteQuery(postsQuery(filters));
  const removal = useRemovePost();
  const restoration = useRestorePost();
  const { flash, act } = useAdminAction(() => setRemoving(null));
  /** `call`, then `done` in the result line. */
  const run = (call: () => Promise<unknown>, done: string) =>
    act(async () => {
      await call();
      return done;
    });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ConsoleCard title={tx.posts} id="admin-posts">
      <form
        className="admin-filters"
        role="search"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setFilters((current) => ({ ...current, q: typed }));
        }}
      >
        <label htmlFor="admin-post-q">{tx.searchLabel}</label>
        <input id="admin-post-q" type="search" placeholder={tx.postSearchHint} value={typed} onChange={(event) => setTyped(event.target.value)} />
        <label htmlFor="admin-post-status">{tx.statusFilter}</label>
        <select id="admin-post-status" value={filters.status ?? ""} onChange={(event) => setFilters((current) => ({ ...current, status: postStatusOf(event.target.value) }))}>
          <option value="">{tx.all}</option>
          {POST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {tx[status]}
            </option>
          ))}
        </select>
        <label className="admin-check">
          <input type="checkbox" checked={filters.flagged} onChange={(event) => setFilters((current) => ({ ...current, flagged: event.target.checked }))} />
          {tx.flaggedOnly}
        </label>
        <button type="submit" className="button button-small">
          {tx.searchLabel}
        </button>
      </form>
      <FlashLine flash={flash} />
      {removing ? <RemoveForm title={removing.title} onCancel={() => setRemoving(null)} onRemove={(reason) => void run(() => removal.mutateAsync({ id: removing.postSeq, reason }), tx.removed)} /> : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed />
      ) : rows.length === 0 ? (
        <p>{tx.noResults}</p>
      ) : (
        <ConsoleTable columns={[tx.colItem, tx.colBusiness, tx.colStatus, tx.colWhen, tx.colActions]}>
          {rows.map((post) => (
            <tr key={post.postSeq}>
              <td>
                {post.status === "PUBLISHED" ? <Link href={`/post/${post.postSeq}`}>{post.title}</Link> : post.title}
                {post.removedReason ? <p className="console-small">{post.removedReason}</p> : null}
                {post.openFlags > 0 ? (
                  <p className="console-small">
                    <Link href={`/admin/posts?id=${post.postSeq}`} className="admin-flag-link">
                      {fill(tx.flagCount, { n: post.openFlags })}
                    </Link>
                  </p>
                ) : null}
              </td>
              <td>
                <Link href={`/admin/businesses?id=${post.businessId}`}>{post.businessName}</Link>
              </td>
              <td>{tx[post.status] ?? post.status}</td>
              <td>
                <When at={post.updatedAt} />
              </td>
              <td>
                {post.status === "REMOVED" ? (
                  <button type="button" className="button button-small" aria-label={`${tx.restore}: ${post.title}`} onClick={() => void run(() => restoration.mutateAsync(post.postSeq), tx.restored)}>
                    {tx.restore}
                  </button>
                ) : (
                  <button type="button" className="button button-small" aria-label={`${tx.remove}: ${post.title}`} aria-expanded={removing?.postSeq === post.postSeq} onClick={() => setRemoving(post)}>
                    {tx.remove}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {list.hasNextPage ? (
        <button type="button" className="button button-small" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {tx.more}
        </button>
      ) : null}
    </ConsoleCard>
  );
}

/** One post's page for the operator: its facts and its readers' flags, newest first. While
 * any waits, the operator dismisses them with a note or removes the post (which closes them
 * too); with none waiting the post can still be removed, and a removed one restored. */
function PostFlagsView({ id }: { id: number }) {
  const tx = useAdminTexts();
  const flags = useQuery(flagsQuery(id));
  const removal = useRemovePost();
  const restoration = useRestorePost();
  const dismissal = useDismissFlags();
  const [removing, setRemoving] = useState(false);
  const { flash, act } = useAdminAction(() => setRemoving(false));
  if (flags.isPending) return <Loading />;
  if (flags.isError) return <LoadFailed />;
  const post: PostFlags = flags.data;
  return (
    <ConsoleCard title={post.title} id="admin-post-flags">
      <p>
        <Link href="/admin/posts">{tx.back}</Link>
      </p>
      <dl className="admin-facts">
        <div>
          <dt>{tx.colBusiness}</dt>
          <dd>
            <Link href={`/admin/businesses?id=${post.businessId}`}>{post.businessName}</Link>
          </dd>
        </div>
        <div>
          <dt>{tx.colStatus}</dt>
          <dd>{tx[post.status] ?? post.status}</dd>
        </div>
        <div>
          <dt>{tx.openFlags}</dt>
          <dd>{post.open}</dd>
        </div>
      </dl>
      {post.status === "PUBLISHED" ? (
        <p>
          <Link href={`/post/${post.postSeq}`}>{tx.viewPost}</Link>
        </p>
      ) : null}
      <FlashLine flash={flash} />
      {post.status === "REMOVED" ? (
        <div className="console-actions">
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              void act(async () => {
                await restoration.mutateAsync(post.postSeq);
                return tx.restored;
              })
            }
          >
            {tx.restore}
          </button>
        </div>
      ) : removing ? (
        <RemoveForm
          title={post.title}
          onCancel={() => setRemoving(false)}
          onRemove={(reason) =>
            void act(async () => {
              await removal.mutateAsync({ id: post.postSeq, reason });
              return tx.removed;
            })
          }
        />
      ) : post.open > 0 ? (
        <DismissForm
          onDismiss={(note) =>
            void act(async () => {
              const answer = await dismissal.mutateAsync({ id: post.postSeq, note });
              return fill(tx.dismissed, { n: answer.dismissed });
            })
          }
          onRemove={() => setRemoving(true)}
        />
      ) : (
        <div className="console-actions">
          <button type="button" className="button button-small" aria-expanded={false} onClick={() => setRemoving(true)}>
            {tx.remove}
          </button>
        </div>
      )}
      <h3>{tx.flagsTitle}</h3>
      {post.flags.length === 0 ? (
        <p>{tx.noFlags}</p>
      ) : (
        <ConsoleTable columns={[tx.colWhen, tx.reason, tx.reporter, tx.colStatus]}>
          {post.flags.map((flag) => (
            <tr key={flag.id}>
              <td>
                <When at={flag.createdAt} />
              </td>
              <td>
                {tx[flag.reason]}
                {flag.detail ? <p className="admin-flag-detail">{flag.detail}</p> : null}
              </td>
              <td>{flag.reporter ? (flag.reporter.email ?? flag.reporter.nickname ?? `#${flag.reporter.memberId}`) : tx.memberLeft}</td>
              <td>
                {tx[flag.status]}
                {flag.decisionNote ? <p className="console-small">{flag.decisionNote}</p> : null}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </ConsoleCard>
  );
}

function DismissForm({ onDismiss, onRemove }: { onDismiss: (note: string) => void; onRemove: () => void }) {
  const tx = useAdminTexts();
  const [note, setNote] = useState("");
  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onDismiss(note.trim());
      }}
    >
      <label htmlFor="admin-dismiss-note">{tx.dismissNote}</label>
      <textarea id="admin-dismiss-note" rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="admin-actions">
        <button type="submit" className="button button-small">
          {tx.dismiss}
        </button>
        <button type="button" className="button button-small button-primary" onClick={onRemove}>
          {tx.remove}
        </button>
      </div>
    </form>
  );
}

function RemoveForm({ title, onCancel, onRemove }: { title: string; onCancel: () => void; onRemove: (reason: string) => void }) {
  const tx = useAdminTexts();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState(false);
  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) return setProblem(true);
        onRemove(reason.trim());
      }}
    >
      <p>
        <strong>{title}</strong>
      </p>
      <label htmlFor="admin-remove-reason">{tx.removeReason}</label>
      <textarea id="admin-remove-reason" rows={2} maxLength={500} autoFocus value={reason} aria-invalid={problem || undefined} aria-describedby={problem ? "admin-remove-problem" : undefined} onChange={(event) => setReason(event.target.value)} />
      {problem ? (
        <p id="admin-remove-problem" className="form-problem" role="alert">
          {tx.reasonRequired}
        </p>
      ) : null}
      <div className="admin-actions">
        <button type="submit" className="button button-small button-primary">
          {tx.remove}
        </button>
        <button type="button" className="button button-small" onClick={onCancel}>
          {tx.cancel}
        </button>
      </div>
    </form>
  );
}
