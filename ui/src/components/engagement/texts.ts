import { defineTexts } from "../../lib/i18n";

export const useEngagementTexts = defineTexts({
  ko: {
    follow: "팔로우",
    followers: "팔로워",
    bookmark: "북마크",
    bookmarks: "북마크 수",
  },
  en: {
    follow: "Follow",
    followers: "followers",
    bookmark: "Bookmark",
    bookmarks: "bookmarks",
  },
});
