import type { HTMLAttributes } from "react";
import { STATE_IDS_MAX, useMyTies } from "../../lib/myState";
import type { Card } from "../../lib/posts";
import { PostCard } from "./PostCard";

interface CardsProps {
  screen: string | null;
  follow: boolean;
}

/** Cards in the site's grid, each with the signed-in reader's ties (one call per hundred
 * cards, the server's limit, so a list grown by infinite scroll asks only for its newest).
 * `follow` false leaves out the follow buttons (a business's own page, the followed
 * businesses' list); `eager` is how many first covers load at once; `row` makes a short grid
 * one sideways-scrolling row on phones. The grid counts its columns from its own width. */
export function CardGrid({
  cards,
  screen = null,
  eager = 0,
  follow = true,
  row = false,
  className,
  ...rest
}: { cards: readonly Card[]; screen?: string | null; eager?: number; follow?: boolean; row?: boolean } & HTMLAttributes<HTMLDivElement> & {
    "data-testid"?: string;
  }) {
  const classes = ["post-grid", cards.length % 3 === 0 && cards.length % 4 !== 0 ? "post-grid-3" : null, row ? "post-grid-scroll" : null, className];
  const hundreds: (readonly Card[])[] = [];
  for (let start = 0; start < cards.length; start += STATE_IDS_MAX) hundreds.push(cards.slice(start, start + STATE_IDS_MAX));
  return (
    <div className="post-grid-frame">
      <div className={classes.filter(Boolean).join(" ")} {...rest}>
        {hundreds.map((some, index) => (
          <TiedCards key={index} cards={some} eager={Math.max(0, eager - index * STATE_IDS_MAX)} screen={screen} follow={follow} />
        ))}
      </div>
    </div>
  );
}

/** Up to a hundred cards with the reader's ties to them, asked in one call. */
function TiedCards({ cards, eager, screen, follow }: CardsProps & { cards: readonly Card[]; eager: number }) {
  const mine = useMyTies(
    cards.map((card) => card.postSeq),
    cards.map((card) => card.business.id),
  );
  return cards.map((card, index) => (
    <PostCard
      key={card.postSeq}
      card={card}
      screen={screen}
      eager={index < eager}
      ties={{
        bookmarked: mine.bookmarked(card.postSeq, false),
        following: follow ? mine.following(card.business.id, false) : undefined,
      }}
    />
  ));
}
