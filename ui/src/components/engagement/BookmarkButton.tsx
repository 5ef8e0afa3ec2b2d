import { abbreviateCount } from "../../lib/core";
import { useBookmark, type BookmarkAnswer, type BookmarkSource, type Tie } from "./toggles";
import "./engagement.css";
import { useEngagementTexts } from "./texts";

export interface BookmarkButtonProps {
  postSeq: number;
  /** What the page knows: bookmarked (the reader's ties) and the bookmark count. */
  initial: Tie;
  source: BookmarkSource;
  screen?: string | null;
  onChanged?: (answer: BookmarkAnswer) => void;
  className?: string;
  /** A list card's small button: no count beside a follow, the bookmark's word unseen; the
   * `subject` (the business or the post) completes its name for screen readers. */
  compact?: boolean;
  subject?: string;
}

/** Bookmark / remove the bookmark of a post: a toggle button with the bookmark count. */
export function BookmarkButton({ postSeq, initial, source, screen = null, onChanged, className, compact = false, subject }: BookmarkButtonProps) {
  const tx = useEngagementTexts();
  const bookmark = useBookmark(postSeq, initial, { source, screen, onChanged });
  return (
    <button
      type="button"
      className={`tie-button bookmark-button${compact ? " tie-compact" : ""}${className ? ` ${className}` : ""}`}
      aria-pressed={bookmark.on ?? undefined}
      aria-disabled={!bookmark.ready || bookmark.pending ? true : undefined}
      aria-busy={bookmark.pending || bookmark.on === null || undefined}
      onClick={bookmark.toggle}
      data-post-seq={postSeq}
    >
      {bookmark.on === null ? (
        <span className="tie-icon" aria-hidden="true">
          …
        </span>
      ) : (
        <svg className="tie-icon" aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" focusable="false">
          <path d="M4 1.5h8a.5.5 0 0 1 .5.5v12.2L8 11.4l-4.5 2.8V2a.5.5 0 0 1 .5-.5Z" />
        </svg>
      )}
      <span className={compact ? "visually-hidden" : "tie-label"}>{tx.bookmark}</span>
      {subject ? (
        <>
          {" "}
          <span className="visually-hidden">{subject}</span>
        </>
      ) : null}
      <span className="tie-count">
        <span className="visually-hidden">{tx.bookmarks} </span>
        {abbreviateCount(bookmark.count)}
      </span>
    </button>
  );
}
