// Following businesses and bookmarking posts (PRODUCT "Readers"): the two toggles with an
// optimistic answer that rolls back on failure (the reader's ties come from lib/myState.ts).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { api } from "../../lib/api";
import { pushDataLayer } from "../../lib/analytics";
import { sharedKeys } from "../../lib/queryKeys";
import { useLoginRedirect } from "../../lib/login";
import { useSession } from "../../lib/session";

/** Where a follow happened; the server keeps it with the follow (server/src/engagement/service.rs), and it is
 * also the data-layer event's name (SPEC §3). */
export type FollowSource = "Follow_Content" | "Follow_ContentList" | "Follow_CorpProfile";
/** Where a bookmark happened, as for follows. */
export type BookmarkSource = "Bookmark_Content" | "Bookmark_ContentList";

/** `PUT|DELETE /api/v1/follows/{businessId}`. */
export interface FollowAnswer {
  businessId: number;
  following: boolean;
  followerCount: number;
}

/** `PUT|DELETE /api/v1/bookmarks/{postSeq}`. */
export interface BookmarkAnswer {
  postSeq: number;
  bookmarked: boolean;
  bookmarkCount: number;
}

/** A toggle's state: on or off, or null while the page does not know it yet (a signed-in
 * reader whose state has not answered), and the count beside it. */
export interface Tie {
  on: boolean | null;
  count: number;
}

/** A toggle shown before the answer: `on` flipped and the count moved by one. */
function flipped(on: boolean, count: number): Tie {
  return { on: !on, count: Math.max(0, count + (on ? -1 : 1)) };
}

interface ToggleOptions<A> {
  /** The post or business: clicks on one never show on another. */
  id: number;
  /** The shown state when nothing was clicked yet (the page's data, the reader's ties). */
  initial: Tie;
  /** The call; `next` is the state asked for. */
  send: (next: boolean) => Promise<A>;
  /** The server's state after the call. */
  settled: (answer: A) => Tie;
  /** The data-layer event pushed when the reader turns the tie on. */
  event: string;
  screen: string | null;
  /** After the server answered: the caller updates the data that shows the count. */
  onChanged?: (answer: A) => void;
}

export interface Toggle {
  /** Null while the page does not know the reader's tie: the button shows it as pending and
   * takes no click, rather than a state the server may not hold. */
  on: boolean | null;
  count: number;
  /** True while the call is on its way (the button ignores clicks meanwhile). */
  pending: boolean;
  /** False until the session and the reader's tie are known (a click cannot yet tell a guest
   * from a reader, nor following from not following). */
  ready: boolean;
  toggle: () => void;
}

/** One on/off tie: the click shows its outcome at once; a failed call puts back what was
 * shown before; a guest's click goes to the login page. */
function useToggle<A>({ id, initial, send, settled, event, screen, onChanged }: ToggleOptions<A>): Toggle {
  const session = useSession();
  const toLogin = useLoginRedirect();
  // What a click showed, kept only while the page's own answer is the one it was clicked on:
  // once the page knows more (the reader's state asked again after the click, or after
  // another tab changed the tie), the page's answer is shown.
  const [clicked, setClicked] = useState<{ id: number; tie: Tie; basis: boolean | null } | null>(null);
  // The page's answer caught up with the click (its count is still the click's, the newer): the
  // click now stands on that answer, so a later change of it shows.
  let current = clicked;
  if (current && current.id === id && current.basis !== initial.on && current.tie.on === initial.on) {
    current = { ...current, basis: initial.on };
    setClicked(current);
  }
  const local = current?.id === id && current.basis === initial.on ? current.tie : null;
  const setLocal = (tie: Tie | null) => setClicked(tie ? { id, tie, basis: initial.on } : null);
  const shown = local ?? initial;
  const mutation = useMutation({
    mutationFn: (next: boolean) => send(next),
    onMutate: (next: boolean) => {
      const before = local;
      setLocal(flipped(!next, shown.count));
      return { before };
    },
    onError: (_error, _next, context) => setLocal(context?.before ?? null),
    onSuccess: (answer, next) => {
      setLocal(settled(answer));
      if (next) pushDataLayer(event, screen, session.user);
      onChanged?.(answer);
    },
  });
  const toggle = () => {
    if (!session.ready || mutation.isPending) return;
    if (!session.signedIn) {
      toLogin();
      return;
    }
    if (shown.on === null) return;
    mutation.mutate(!shown.on);
  };
  return { on: shown.on, count: shown.count, pending: mutation.isPending, ready: session.ready && shown.on !== null, toggle };
}

/** After a change: the lists (cards carry bookmark counts) and the reader's own state are
 * asked again. */
function useRefreshLists() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: sharedKeys.posts });
    void client.invalidateQueries({ queryKey: sharedKeys.me });
  }, [client]);
}

type Cached = Record<string, unknown> | undefined;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The detail pages (a post under ["post", id], a business under ["business", id]) keep their
 * first data inline in the HTML, which asking again would answer unchanged: their cached
 * copies take the server's new count instead. */
function useCountPatches() {
  const client = useQueryClient();
  const followed = useCallback(
    (answer: FollowAnswer) => {
      const tie = { following: answer.following, followerCount: answer.followerCount };
      client.setQueriesData<Cached>({ queryKey: sharedKeys.business }, (old) =>
        isObject(old) && old.id === answer.businessId && "followerCount" in old ? { ...old, ...tie } : old,
      );
      client.setQueriesData<Cached>({ queryKey: sharedKeys.post }, (old) =>
        isObject(old) && isObject(old.business) && old.business.id === answer.businessId && "followerCount" in old.business
          ? { ...old, business: { ...old.business, ...tie } }
          : old,
      );
    },
    [client],
  );
  const bookmarked = useCallback(
    (answer: BookmarkAnswer) => {
      client.setQueriesData<Cached>({ queryKey: sharedKeys.post }, (old) =>
        isObject(old) && old.postSeq === answer.postSeq && "bookmarkCount" in old
          ? { ...old, bookmarked: answer.bookmarked, bookmarkCount: answer.bookmarkCount }
          : old,
      );
    },
    [client],
  );
  return { followed, bookmarked };
}

export interface FollowOptions {
  source: FollowSource;
  /** The data layer's screen (SPEC §3), null where the page has none. */
  screen?: string | null;
  onChanged?: (answer: FollowAnswer) => void;
}

/** Following a business: `initial` is what the page knows (its data, the reader's ties). */
export function useFollow(businessId: number, initial: Tie, { source, screen = null, onChanged }: FollowOptions): Toggle {
  const refresh = useRefreshLists();
  const patch = useCountPatches();
  return useToggle<FollowAnswer>({
    id: businessId,
    initial,
    send: (next) =>
      next
        ? api<FollowAnswer>(`/api/v1/follows/${businessId}`, { method: "PUT", body: { source } })
        : api<FollowAnswer>(`/api/v1/follows/${businessId}`, { method: "DELETE" }),
    settled: (answer) => ({ on: answer.following, count: answer.followerCount }),
    event: source,
    screen,
    onChanged: (answer) => {
      patch.followed(answer);
      refresh();
      onChanged?.(answer);
    },
  });
}

export interface BookmarkOptions {
  source: BookmarkSource;
  screen?: string | null;
  onChanged?: (answer: BookmarkAnswer) => void;
}

/** Bookmarking a post: `initial` is what the page knows (its data, the reader's ties). */
export function useBookmark(postSeq: number, initial: Tie, { source, screen = null, onChanged }: BookmarkOptions): Toggle {
  const refresh = useRefreshLists();
  const patch = useCountPatches();
  return useToggle<BookmarkAnswer>({
    id: postSeq,
    initial,
    send: (next) =>
      next
        ? api<BookmarkAnswer>(`/api/v1/bookmarks/${postSeq}`, { method: "PUT", body: { source } })
        : api<BookmarkAnswer>(`/api/v1/bookmarks/${postSeq}`, { method: "DELETE" }),
    settled: (answer) => ({ on: answer.bookmarked, count: answer.bookmarkCount }),
    event: source,
    screen,
    onChanged: (answer) => {
      patch.bookmarked(answer);
      refresh();
      onChanged?.(answer);
    },
  });
}
