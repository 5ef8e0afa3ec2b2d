import { abbreviateCount } from "../../lib/core";
import { useFollow, type FollowAnswer, type FollowSource, type Tie } from "./toggles";
import "./engagement.css";
import { useEngagementTexts } from "./texts";

export interface FollowButtonProps {
  businessId: number;
  /** What the page knows: following (the reader's ties) and the follower count. */
  initial: Tie;
  source: FollowSource;
  screen?: string | null;
  onChanged?: (answer: FollowAnswer) => void;
  className?: string;
  /** A list card's small button: no count beside a follow, the bookmark's word unseen; the
   * `subject` (the business or the post) completes its name for screen readers. */
  compact?: boolean;
  subject?: string;
}

/** Follow / stop following a business: a toggle button with the follower count. */
export function FollowButton({ businessId, initial, source, screen = null, onChanged, className, compact = false, subject }: FollowButtonProps) {
  const tx = useEngagementTexts();
  const follow = useFollow(businessId, initial, { source, screen, onChanged });
  return (
    <button
      type="button"
      className={`tie-button follow-button${compact ? " tie-compact" : ""}${className ? ` ${className}` : ""}`}
      aria-pressed={follow.on ?? undefined}
      aria-disabled={!follow.ready || follow.pending ? true : undefined}
      aria-busy={follow.pending || follow.on === null || undefined}
      onClick={follow.toggle}
      data-business-id={businessId}
    >
      {/* Not known yet: "…" in the icon's place (its width), neither "+" nor "✓". */}
      <span className="tie-icon" aria-hidden="true">
        {follow.on === null ? "…" : follow.on ? "✓" : "+"}
      </span>
      <span className="tie-label">{tx.follow}</span>
      {subject ? (
        <>
          {" "}
          <span className="visually-hidden">{subject}</span>
        </>
      ) : null}
      {compact ? null : (
        <span className="tie-count">
          <span className="visually-hidden">{tx.followers} </span>
          {abbreviateCount(follow.count)}
        </span>
      )}
    </button>
  );
}
