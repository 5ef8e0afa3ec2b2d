// The signed-in reader's ties to what is on screen (server/src/engagement/service.rs): which of
// the shown posts they bookmarked and which of the shown businesses they follow.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { sharedKeys } from "./queryKeys";
import { useSession } from "./session";
import { type MyState } from "./apiSchema";

/** `GET /api/v1/me/state`: of the asked ids, those the reader bookmarked and follows. */
export type { MyState };

/** The server takes at most 100 ids of each kind. */
export const STATE_IDS_MAX = 100;

function idList(ids: readonly number[]): string {
  return [...new Set(ids)].sort((a, b) => a - b).slice(0, STATE_IDS_MAX).join(",");
}

/** The address that asks which of `posts` the reader bookmarked and which of `businesses`
 * the reader follows. */
export function myStatePath(posts: readonly number[], businesses: readonly number[]): string {
  const query = new URLSearchParams();
  if (posts.length > 0) query.set("posts", idList(posts));
  if (businesses.length > 0) query.set("businesses", idList(businesses));
  return `/api/v1/me/state?${query}`;
}

/** Which of `posts` the reader bookmarked and which of `businesses` they follow (one answer
 * per set of ids, whatever their order). */
export function myStateQuery(posts: readonly number[], businesses: readonly number[]) {
  const postIds = idList(posts);
  const businessIds = idList(businesses);
  return queryOptions({
    queryKey: [...sharedKeys.me, "state", postIds, businessIds],
    queryFn: ({ signal }) => api<MyState>(myStatePath(posts, businesses), { signal }),
  });
}

/** The signed-in reader's ties to the posts and businesses on screen. Public pages (and their
 * inline data) are the guest's answer, so this marks the buttons; guests ask nothing. It is
 * asked again whenever the tab is shown again, and whenever a page shows it again (back,
 * forward, a link), however fresh the answer: another tab may have changed a tie meanwhile,
 * and a page out of sight when the tab came back was not asked then. */
export function useMyState(posts: readonly number[], businesses: readonly number[]) {
  const { ready, signedIn } = useSession();
  return useQuery({
    ...myStateQuery(posts, businesses),
    enabled: ready && signedIn && (posts.length > 0 || businesses.length > 0),
    refetchOnWindowFocus: "always",
    refetchOnMount: "always",
  });
}

type TieKind = keyof MyState;

/** The reader's tie to a post or business as far as the page knows it: the guest's answer (the
 * page's data) for a guest, the reader's state once it answered, and null, "not known yet",
 * until then: a button never shows the guest's answer to a signed-in reader. (An answer kept
 * from the page before is shown at once: the same ids ask the same query.) */
export interface MyTies {
  bookmarked: (postSeq: number, guest: boolean) => boolean | null;
  following: (businessId: number, guest: boolean) => boolean | null;
}

export function useMyTies(posts: readonly number[], businesses: readonly number[]): MyTies {
  const { ready, signedIn } = useSession();
  const { data } = useMyState(posts, businesses);
  const tie = (kind: TieKind) => (id: number, guest: boolean) => {
    if (!ready) return null;
    if (!signedIn) return guest;
    return data ? data[kind].includes(id) : null;
  };
  return { bookmarked: tie("bookmarked"), following: tie("following") };
}
