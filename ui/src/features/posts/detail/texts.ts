import { defineTexts } from "../../../lib/i18n";
import texts from "./texts.json";

// The texts live in texts.json, which the server's prerendering reads too
// (server/src/prerender/texts.rs): a changed word changes both.
export const useDetailTexts = defineTexts(texts);

/** The preview link's note (only the app shows a preview: the server prerenders no draft). */
export const usePreviewTexts = defineTexts({
  ko: { note: "미리보기: 아직 공개되지 않은 글입니다. 링크를 받은 분만 볼 수 있습니다." },
  en: { note: "Preview: this post is not public yet. Only people with the link can see it." },
});
