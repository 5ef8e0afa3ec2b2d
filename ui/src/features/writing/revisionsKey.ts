/** The revisions' query key: every save adds one, so the writer reads them again. */
export const revisionsKey = (postId: number) => ["writing", "revisions", postId] as const;
