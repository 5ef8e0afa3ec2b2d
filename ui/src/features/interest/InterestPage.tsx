import { useInfiniteQuery } from "@tanstack/react-query";
import { CardList } from "../../components/cards/CardList";
import type { RouteMatch } from "../../lib/core";
import { useSession } from "../../lib/session";
import { Loading } from "../../lib/status";
import { myBookmarksQuery } from "./api";
import { EmptyHint } from "./components/EmptyHint";
import { FollowingList } from "./components/FollowingList";
import { InterestTabs, type InterestTab } from "./components/InterestTabs";
import { SignInPrompt } from "./components/SignInPrompt";
import { useTexts } from "./texts";
import "./interest.css";
import { usePageTitle } from "../../lib/pageTitle";

/** /interest, /interest/bookmark and /interest/following: the reader's bookmarks and
 * followed businesses as two tabs (/interest shows the bookmarks). Members only: a guest
 * gets the way to sign in instead of a call the API would refuse. */
export default function InterestPage({ route }: { route: RouteMatch }) {
  const tx = useTexts();
  const session = useSession();
  const tab: InterestTab = route.name === "interestFollowing" ? "following" : "bookmark";
  usePageTitle(tx.interestTitle);
  return (
    <div className="page interest-page">
      <h1>{tx.interestTitle}</h1>
      <p className="page-intro">{tx.interestIntro}</p>
      <InterestTabs current={tab} />
      <div className="interest-panel">
        <h2 className="sr-only">{tab === "bookmark" ? tx.bookmarkTab : tx.followingTab}</h2>
        {!session.ready ? (
          <Loading />
        ) : !session.signedIn ? (
          <SignInPrompt />
        ) : tab === "bookmark" ? (
          <Bookmarks />
        ) : (
          <FollowingList />
        )}
      </div>
    </div>
  );
}

function Bookmarks() {
  const tx = useTexts();
  const query = useInfiniteQuery(myBookmarksQuery());
  return (
    <CardList
      query={query}
      screen="BOOKMARK"
      empty={<EmptyHint title={tx.bookmarkEmpty} hint={tx.bookmarkHint} href="/post/popular/list?sort=POPULAR" action={tx.bookmarkHintLink} />}
    />
  );
}
