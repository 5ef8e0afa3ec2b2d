// The home page's collections: create one (it starts unpublished), rename it, set its place
// on the home page, order its posts by dragging or from the keyboard (Alt+↑/↓ on a post, or
// its up and down buttons), add posts by number, take posts out, save, publish.
import { useQuery } from "@tanstack/react-query";
import { useState, type DragEvent, type FormEvent, type KeyboardEvent } from "react";
import { ConsoleCard } from "../../components/console";
import { parseId } from "../../lib/core";
import { LoadFailed, Loading } from "../../lib/status";
import { collectionsQuery, usePublishCollection, useSaveCollection, type Collection, type CollectionPost } from "./api";
import { failureText, FlashLine, type Flash } from "./parts";
import { fill, useAdminTexts } from "./texts";

/** A post of the collection being edited: one just added by its number has no known status
 * until the collection is saved. */
type Listed = Omit<CollectionPost, "status"> & { status: CollectionPost["status"] | null };

const EMPTY: Collection = { id: 0, titleKo: "", titleEn: "", sortOrder: 0, published: false, posts: [], updatedAt: "" };

export function Collections() {
  const tx = useAdminTexts();
  const list = useQuery(collectionsQuery());
  const [creating, setCreating] = useState(false);
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadFailed />;
  return (
    <>
      <div className="admin-actions">
        <button type="button" className="button button-small button-primary" aria-expanded={creating} onClick={() => setCreating(true)}>
          {tx.newCollection}
        </button>
      </div>
      {creating ? <CollectionEditor collection={{ ...EMPTY, sortOrder: list.data.length }} onDone={() => setCreating(false)} /> : null}
      {list.data.map((collection) => (
        <CollectionEditor key={collection.id} collection={collection} />
      ))}
    </>
  );
}

function move<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

function CollectionEditor({ collection, onDone }: { collection: Collection; onDone?: () => void }) {
  const tx = useAdminTexts();
  const saving = useSaveCollection();
  const publishing = usePublishCollection();
  const isNew = collection.id === 0;
  const prefix = `admin-collection-${collection.id}`;
  const [titleKo, setTitleKo] = useState(collection.titleKo);
  const [titleEn, setTitleEn] = useState(collection.titleEn);
  const [sortOrder, setSortOrder] = useState(String(collection.sortOrder));
  const [posts, setPosts] = useState<Listed[]>(collection.posts);
  const [adding, setAdding] = useState("");
  const [dragged, setDragged] = useState<number | null>(null);
  const [announce, setAnnounce] = useState("");
  const [flash, setFlash] = useState<Flash>(null);
  const [busy, setBusy] = useState(false);

  const reorder = (from: number, to: number) => {
    if (to < 0 || to >= posts.length) return;
    setPosts((current) => move(current, from, to));
    setAnnounce(fill(tx.moved, { title: posts[from].title, position: to + 1 }));
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    const to = event.key === "ArrowUp" ? index - 1 : index + 1;
    reorder(index, to);
    requestAnimationFrame(() => document.getElementById(`${prefix}-post-${to}`)?.focus());
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const id = parseId(adding.trim());
    if (id === undefined) return setFlash({ kind: "problem", text: tx.postNumberInvalid });
    if (posts.some((post) => post.postSeq === id)) return setFlash({ kind: "problem", text: tx.postAlreadyIn });
    setPosts((current) => [...current, { postSeq: id, title: `#${id}`, status: null, businessName: "" }]);
    setAdding("");
    setFlash(null);
  };
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      setFlash({ kind: "ok", text: done });
      onDone?.();
    } catch (error) {
      setFlash({ kind: "problem", text: failureText(tx, error) });
    } finally {
      setBusy(false);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const body = { titleKo: titleKo.trim(), titleEn: titleEn.trim(), sortOrder: Number.parseInt(sortOrder, 10) || 0, postSeqs: posts.map((post) => post.postSeq), ...(isNew ? { published: false } : {}) };
    void run(() => saving.mutateAsync({ id: isNew ? null : collection.id, body }), tx.saved);
  };
  const dropOn = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) reorder(dragged, index);
    setDragged(null);
  };
  const title = isNew ? tx.newCollection : collection.titleKo;
  return (
    <ConsoleCard title={title} id={`${prefix}-title`} aside={isNew ? null : <span className={collection.published ? "console-badge console-badge-verified" : "console-badge"}>{collection.published ? tx.published : tx.unpublished}</span>}>
      <form className="admin-form admin-collection" onSubmit={save} noValidate>
        <label htmlFor={`${prefix}-ko`}>{tx.titleKo}</label>
        <input id={`${prefix}-ko`} maxLength={100} required value={titleKo} onChange={(event) => setTitleKo(event.target.value)} />
        <label htmlFor={`${prefix}-en`}>{tx.titleEn}</label>
        <input id={`${prefix}-en`} maxLength={100} required value={titleEn} onChange={(event) => setTitleEn(event.target.value)} />
        <label htmlFor={`${prefix}-order`}>{tx.sortOrder}</label>
        <input id={`${prefix}-order`} type="number" inputMode="numeric" value={sortOrder} onChange={(event) => setSortOrder(event.target.value)} />
        <fieldset>
          <legend>{tx.collectionPosts}</legend>
          <p className="console-small" id={`${prefix}-hint`}>
            {tx.dragHint}
          </p>
          <ol className="admin-order" aria-describedby={`${prefix}-hint`}>
            {posts.map((post, index) => (
              <li
                key={post.postSeq}
                id={`${prefix}-post-${index}`}
                tabIndex={0}
                draggable
                className={dragged === index ? "admin-dragging" : undefined}
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => dropOn(event, index)}
                onDragEnd={() => setDragged(null)}
                onKeyDown={(event) => onKey(event, index)}
              >
                <span className="admin-order-title">
                  {post.title}
                  {post.status && post.status !== "PUBLISHED" ? <span className="console-small"> · {tx[post.status] ?? post.status}</span> : null}
                </span>
                <button type="button" className="button button-small" disabled={index === 0} aria-label={fill(tx.moveUp, { title: post.title })} onClick={() => reorder(index, index - 1)}>
                  ↑
                </button>
                <button type="button" className="button button-small" disabled={index === posts.length - 1} aria-label={fill(tx.moveDown, { title: post.title })} onClick={() => reorder(index, index + 1)}>
                  ↓
                </button>
                <button type="button" className="button button-small" aria-label={fill(tx.removeFromCollection, { title: post.title })} onClick={() => setPosts((current) => current.filter((item) => item.postSeq !== post.postSeq))}>
                  ×
                </button>
              </li>
            ))}
          </ol>
          <p className="visually-hidden" role="status">
            {announce}
          </p>
          <div className="admin-add">
            <label htmlFor={`${prefix}-add`}>{tx.addPost}</label>
            <input id={`${prefix}-add`} inputMode="numeric" value={adding} onChange={(event) => setAdding(event.target.value)} onKeyDown={(event) => event.key === "Enter" && add(event)} />
            <button type="button" className="button button-small" onClick={add}>
              {tx.addPostButton}
            </button>
          </div>
        </fieldset>
        <div className="admin-actions">
          <button type="submit" className="button button-small button-primary" disabled={busy}>
            {isNew ? tx.create : tx.save}
          </button>
          {isNew ? (
            <button type="button" className="button button-small" onClick={onDone}>
              {tx.cancel}
            </button>
          ) : (
            <button type="button" className="button button-small" disabled={busy} onClick={() => void run(() => publishing.mutateAsync({ id: collection.id, published: !collection.published }), tx.saved)}>
              {collection.published ? tx.unpublishCollection : tx.publishCollection}
            </button>
          )}
        </div>
        <FlashLine flash={flash} />
      </form>
    </ConsoleCard>
  );
}
