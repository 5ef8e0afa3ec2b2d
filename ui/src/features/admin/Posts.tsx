// Every post in any status: search by title, narrow by status; remove one with the reason its
// business sees, or restore a removed one to the status it had.
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { ConsoleCard, ConsoleTable } from "../../components/console";
import { LoadFailed, Loading } from "../../lib/status";
import { ADMIN_KEY, adminCalls, POST_STATUSES, type PostRow } from "./api";
import { FlashLine, reasonOf, When, type Flash } from "./parts";
import { fill, useAdminTexts } from "./texts";

export function Posts() {
  const tx = useAdminTexts();
  const client = useQueryClient();
  const [typed, setTyped] = useState("");
  const [filters, setFilters] = useState<{ q: string; status: string | null }>({ q: "", status: null });
  const [removing, setRemoving] = useState<PostRow | null>(null);
  const [flash, setFlash] = useState<Flash>(null);
  const list = useInfiniteQuery({
    queryKey: [...ADMIN_KEY, "posts", filters],
    queryFn: ({ pageParam, signal }) => adminCalls.posts({ ...filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      setRemoving(null);
      setFlash({ kind: "ok", text: done });
    } catch (error) {
      setFlash({ kind: "problem", text: fill(tx.failed, { reason: reasonOf(error) }) });
    } finally {
      await client.invalidateQueries({ queryKey: ADMIN_KEY });
    }
  };
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
        <select id="admin-post-status" value={filters.status ?? ""} onChange={(event) => setFilters((current) => ({ ...current, status: event.target.value || null }))}>
          <option value="">{tx.all}</option>
          {POST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {tx[status]}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-small">
          {tx.searchLabel}
        </button>
      </form>
      <FlashLine flash={flash} />
      {removing ? <RemoveForm post={removing} onCancel={() => setRemoving(null)} onRemove={(reason) => void act(() => adminCalls.remove(removing.postSeq, reason), tx.removed)} /> : null}
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
              </td>
              <td>
                <Link href={`/admin/businesses?id=${post.businessId}`}>{post.businessName}</Link>
              </td>
              <td>{tx[post.status as "DRAFT"] ?? post.status}</td>
              <td>
                <When at={post.updatedAt} />
              </td>
              <td>
                {post.status === "REMOVED" ? (
                  <button type="button" className="button button-small" aria-label={`${tx.restore}: ${post.title}`} onClick={() => void act(() => adminCalls.restore(post.postSeq), tx.restored)}>
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

function RemoveForm({ post, onCancel, onRemove }: { post: PostRow; onCancel: () => void; onRemove: (reason: string) => void }) {
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
        <strong>{post.title}</strong>
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
