// The roots of the query keys that more than one feature reads or refreshes. A feature's own
// keys are built in its api.ts, next to its calls; these live below the features because a
// write in one refreshes what another reads (a follow or a bookmark moves the counts of every
// list and of the detail pages).
export const sharedKeys = {
  /** Every list of post cards: the lists and their previews, a business's posts. */
  posts: ["posts"] as const,
  /** What only the signed-in reader sees: their ties, bookmarks and follows. */
  me: ["me"] as const,
  /** Post details by id, and what hangs off one (its related posts). */
  post: ["post"] as const,
  /** Business profiles by id. */
  business: ["business"] as const,
};
